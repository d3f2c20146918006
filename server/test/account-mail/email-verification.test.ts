import { afterAll, beforeAll, expect, test } from 'vitest';
import { authed, createTestApp, expectErrorEnvelope, login, register, type TestApp } from '../helpers';
import { linkToken, startSmtpInbox } from '../support/smtp-inbox';

/** Issue 14: "email unverified" now has a way to verify, by a link mailed through a real SMTP exchange. */
let t: TestApp;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'https://jiema.example.com',
    MAIL_LIMIT_PER_HOUR: '2',
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) })).json().data;
const askVerification = (token: string, locale = 'zh-CN') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/email-verification',
    headers: { ...authed(token), 'x-locale': locale },
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-verification/confirm', payload: { token } });

test('the mailed link verifies the email, once', async () => {
  const user = await register(t);
  const session = await login(t, user.username, user.password);
  expect((await me(session)).emailVerified).toBe(false);

  const res = await askVerification(session, 'en-US');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ sentTo: user.email });
  const mail = await inbox.nextMailTo(user.email);
  expect(mail.subject).toBe('Jiema: verify your email');
  expect(mail.text).toContain('https://jiema.example.com/verify-email?token=');

  expect((await confirm(linkToken(mail))).statusCode).toBe(200);
  expect((await me(session)).emailVerified).toBe(true);
  expectErrorEnvelope(await confirm(linkToken(mail)), 400);
  // Nothing more to verify.
  const again = await askVerification(session, 'en-US');
  expect(expectErrorEnvelope(again, 409).message).toBe('Your email is already verified');
});

test('changing the email makes it unverified and kills the link sent to the old one', async () => {
  const user = await register(t);
  const session = await login(t, user.username, user.password);
  await askVerification(session);
  const oldLink = linkToken(await inbox.nextMailTo(user.email));
  const newEmail = `new-${user.email}`;
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: authed(session),
    payload: { email: newEmail },
  });
  expect(put.statusCode, put.body).toBe(200);
  expectErrorEnvelope(await confirm(oldLink), 400);
  expect((await me(session)).emailVerified).toBe(false);

  await askVerification(session);
  const mail = await inbox.nextMailTo(newEmail);
  expect(mail.subject).toBe('Jiema 接码：验证邮箱');
  expect((await confirm(linkToken(mail))).statusCode).toBe(200);
  expect((await me(session)).emailVerified).toBe(true);

  // Saving the same address again (any case) keeps it verified.
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: authed(session),
    payload: { email: newEmail.toUpperCase() },
  });
  expect((await me(session)).emailVerified).toBe(true);
});

test('a user gets at most MAIL_LIMIT_PER_HOUR verification mails an hour', async () => {
  const user = await register(t);
  const session = await login(t, user.username, user.password);
  expect((await askVerification(session)).statusCode).toBe(200);
  expect((await askVerification(session)).statusCode).toBe(200);
  const third = await askVerification(session, 'en-US');
  expect(expectErrorEnvelope(third, 429).message).toMatch(/^Too many attempts/);
});

test('asking needs a session', async () => {
  expectErrorEnvelope(await t.app.inject({ method: 'POST', url: '/api/user/email-verification' }), 401);
});

test('an SMTP server refusing the mail is reported, not hidden', async () => {
  const other = await startSmtpInbox({ user: 'someone-else' });
  const broken = await createTestApp({
    // The right server, the wrong password: the SMTP login fails.
    SMTP_URL: other.url.replace('someone-else:smtp-secret', 'someone-else:wrong'),
    PUBLIC_URL: 'https://jiema.example.com',
  });
  try {
    const user = await register(broken);
    const session = await login(broken, user.username, user.password);
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/user/email-verification',
      headers: { ...authed(session), 'x-locale': 'en-US' },
    });
    expect(expectErrorEnvelope(res, 502).message).toBe(
      'The mail could not be sent; please try again later or ask an administrator',
    );
  } finally {
    await broken.close();
    await other.close();
  }
});
