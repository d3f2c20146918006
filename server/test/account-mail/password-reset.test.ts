import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  postLogin,
  register,
  solveCaptcha,
  type TestApp,
} from '../helpers';
import { linkToken, startSmtpInbox } from '../support/smtp-inbox';

/** Issue 14: a forgotten password comes back through a link mailed by a real SMTP exchange. */
let t: TestApp;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
const MAIL_LIMIT = 3;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    SMTP_FROM: 'Jiema <no-reply@jiema.test>',
    PUBLIC_URL: 'https://jiema.example.com/',
    MAIL_LIMIT_PER_HOUR: String(MAIL_LIMIT),
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

let nextIp = 1;
/** Each request from an address of its own unless one is given: the per-IP allowance has a test of its own. */
const requestReset = async (
  email: string,
  headers: Record<string, string> = {},
  remoteAddress = `10.1.${nextIp >> 8}.${nextIp++ & 255}`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers,
    remoteAddress,
    payload: { email, ...(await solveCaptcha(t, { remoteAddress })) },
  });

/** The link is refused, saying so in the default language (zh-CN). */
const expectLinkInvalid = (res: Parameters<typeof expectErrorEnvelope>[0]) =>
  expect(expectErrorEnvelope(res, 400).message).toBe('链接无效、已使用或已过期，请重新申请');

const confirm = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', headers, payload });

test('the login page learns that mail is on', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/mail' });
  expect(res.json()).toMatchObject({ code: 200, data: { enabled: true, resetLinkMinutes: 30 } });
});

test('a reset link arrives by SMTP, sets the new password once, and ends every session', async () => {
  const user = await register(t);
  const oldSession = await login(t, user.username, user.password);

  const res = await requestReset(user.email.toUpperCase(), { 'x-locale': 'en-US' });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await inbox.nextMailTo(user.email);
  expect(mail.subject).toBe('Jiema: reset your password');
  expect(mail.from).toBe('no-reply@jiema.test');
  expect(mail.text).toContain(user.username);
  // The link points at PUBLIC_URL, whatever Host the request came with.
  expect(mail.text).toMatch(/https:\/\/jiema\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  expect(mail.html).toContain('https://jiema.example.com/reset-password?token=');
  const token = linkToken(mail);

  const done = await confirm({ token, newPassword: 'brandNew#9', confirmPassword: 'brandNew#9' });
  expect(done.statusCode, done.body).toBe(200);
  // The session registering opened (it signs the user in) and the login's.
  expect(done.json().data.revokedSessions).toBe(2);

  // The old session is over, the old password no longer works, the new one does.
  const info = await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(oldSession) });
  expect(info.statusCode).toBe(401);
  expect((await postLogin(t, user.username, user.password)).statusCode).toBe(400);
  const token2 = await login(t, user.username, 'brandNew#9');
  const me = await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token2) });
  // Opening the mailed link proved the address.
  expect(me.json().data.emailVerified).toBe(true);

  // The link works once.
  const again = await confirm({ token, newPassword: 'other#Pass1', confirmPassword: 'other#Pass1' });
  expectLinkInvalid(again);
  await login(t, user.username, 'brandNew#9');
});

test('the mail is in the language the reset was asked in', async () => {
  const user = await register(t);
  await requestReset(user.email, { 'x-locale': 'zh-CN' });
  const mail = await inbox.nextMailTo(user.email);
  expect(mail.subject).toBe('Jiema 接码：重置密码');
  expect(mail.text).toContain('重置密码');
});

test('an unknown or disabled address gets the same answer and no mail', async () => {
  const disabled = await createUser(t.db, { enabled: false });
  const before = inbox.mails.length;
  const unknown = await requestReset('nobody-here@example.com');
  const off = await requestReset(disabled.email);
  expect(unknown.statusCode).toBe(200);
  expect(off.statusCode).toBe(200);
  expect(unknown.json().data).toEqual({ sentTo: 'nobody-here@example.com' });
  expect(off.json().data).toEqual({ sentTo: disabled.email });
  await new Promise((r) => setTimeout(r, 300));
  expect(inbox.mails.length).toBe(before);
});

test('only the newest links work after one is used: every pending reset link dies with it', async () => {
  const user = await register(t);
  await requestReset(user.email);
  const first = linkToken(await inbox.nextMailTo(user.email));
  await requestReset(user.email);
  const second = linkToken(await inbox.nextMailTo(user.email));
  expect(first).not.toBe(second);
  expect(
    (await confirm({ token: second, newPassword: 'second#1', confirmPassword: 'second#1' })).statusCode,
  ).toBe(200);
  expectLinkInvalid(await confirm({ token: first, newPassword: 'first#111', confirmPassword: 'first#111' }));
});

test('two requests with one link at once: exactly one sets the password', async () => {
  const user = await register(t);
  await requestReset(user.email);
  const token = linkToken(await inbox.nextMailTo(user.email));
  const answers = await Promise.all(
    ['raceOne#1', 'raceTwo#2', 'raceThree#3'].map((p) =>
      confirm({ token, newPassword: p, confirmPassword: p }),
    ),
  );
  const winners = answers.filter((a) => a.statusCode === 200);
  expect(winners).toHaveLength(1);
  expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(2);
  const winner = ['raceOne#1', 'raceTwo#2', 'raceThree#3'][answers.indexOf(winners[0]!)]!;
  await login(t, user.username, winner);
});

test('a link for an address the account no longer has is dead', async () => {
  const user = await register(t);
  await requestReset(user.email);
  const token = linkToken(await inbox.nextMailTo(user.email));
  const session = await login(t, user.username, user.password);
  const changed = await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: authed(session),
    payload: { email: `moved-${user.email}` },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expectLinkInvalid(await confirm({ token, newPassword: 'moved#123', confirmPassword: 'moved#123' }));
});

test('an expired link is refused', async () => {
  const user = await register(t);
  await requestReset(user.email);
  const token = linkToken(await inbox.nextMailTo(user.email));
  await t.db.query(`update email_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
    user.userId,
  ]);
  const late = await confirm(
    { token, newPassword: 'late#1234', confirmPassword: 'late#1234' },
    { 'x-locale': 'en-US' },
  );
  expect(expectErrorEnvelope(late, 400).message).toBe(
    'This link is invalid, already used or expired; please request a new one',
  );
});

describe('bad input changes nothing and says what is wrong', () => {
  test.each([
    [
      { token: 'short', newPassword: 'secret12', confirmPassword: 'secret12' },
      'The link is incomplete; open the whole link from the mail',
    ],
    [{ token: 'a'.repeat(43), newPassword: '12', confirmPassword: '12' }, 'at least 6'],
    [{ token: 'a'.repeat(43), newPassword: 'secret12', confirmPassword: 'secret13' }, 'do not match'],
    [
      { token: 'a'.repeat(5000), newPassword: 'secret12', confirmPassword: 'secret12' },
      'The link is incomplete',
    ],
  ])('confirm refused: %#', async (payload, message) => {
    const res = await confirm(payload, { 'x-locale': 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  test('a reset request needs a solved captcha and a real address', async () => {
    const noCaptcha = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'someone@example.com' },
    });
    expect(noCaptcha.statusCode).toBe(400);
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { 'x-locale': 'en-US' },
      payload: { email: 'not-an-email', ...(await solveCaptcha(t)) },
    });
    expect(badEmail.statusCode).toBe(400);
  });
});

test('an account gets at most MAIL_LIMIT_PER_HOUR reset mails an hour, and the answer does not tell', async () => {
  const user = await register(t);
  const answers = [];
  for (let i = 0; i < MAIL_LIMIT + 2; i++) answers.push(await requestReset(user.email));
  expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  for (let i = 0; i < MAIL_LIMIT; i++) await inbox.nextMailTo(user.email);
  await expect(inbox.nextMailTo(user.email, 500)).rejects.toThrow(/no mail/);
  const rows = await t.db.query<{ n: number }>(
    `select count(*)::int as n from email_tokens where user_id = $1`,
    [user.userId],
  );
  expect(rows[0]!.n).toBe(MAIL_LIMIT);
});

test('one IP may ask for 4 × MAIL_LIMIT_PER_HOUR resets an hour; then 429 in its language', async () => {
  const ip = '10.77.0.1';
  for (let i = 0; i < MAIL_LIMIT * 4; i++)
    expect((await requestReset(`stranger${i}@example.com`, {}, ip)).statusCode).toBe(200);
  const refused = await requestReset('stranger-last@example.com', { 'x-locale': 'en-US' }, ip);
  expect(expectErrorEnvelope(refused, 429).message).toMatch(
    /^Too many attempts, please try again in \d+ seconds$/,
  );
});
