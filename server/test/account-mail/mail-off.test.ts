import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/config';
import {
  authed,
  createTestApp,
  expectErrorEnvelope,
  login,
  register,
  solveCaptcha,
  type TestApp,
} from '../helpers';

/** Without SMTP_URL (the default) nothing is mailed, and every mail route says to ask an administrator. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

test('the login page learns that mail is off', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/mail' });
  expect(res.json().data).toEqual({ enabled: false, resetLinkMinutes: 30 });
});

test('a reset request is refused in the user language, and nothing is stored', async () => {
  const user = await register(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers: { 'x-locale': 'en-US' },
    payload: { email: user.email, ...(await solveCaptcha(t)) },
  });
  expect(expectErrorEnvelope(res, 409).message).toBe(
    'This site does not send mail; please ask an administrator to reset your password or verify your email',
  );
  const rows = await t.db.query('select 1 from email_tokens where user_id = $1', [user.userId]);
  expect(rows).toHaveLength(0);
});

test('a verification request is refused too', async () => {
  const user = await register(t);
  const session = await login(t, user.username, user.password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/email-verification',
    headers: authed(session),
  });
  expect(expectErrorEnvelope(res, 409).message).toBe('本站未配置邮件发送，请联系管理员重置密码或验证邮箱');
});

test('SMTP_URL without PUBLIC_URL stops the start with a message naming the variable', () => {
  expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/PUBLIC_URL: required/);
  expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
  const ok = loadConfig({
    SMTP_URL: 'smtps://u:p@mail.example.com:465',
    PUBLIC_URL: 'https://x.example.com/',
  });
  expect(ok.mail).toMatchObject({
    publicUrl: 'https://x.example.com',
    from: 'Jiema <no-reply@x.example.com>',
  });
});
