import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, createTestApp, postLogin, register, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA: 'off' });
});
afterAll(() => t?.close());

test('GET /auth/code tells the form the captcha is off', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/auth/code' });
  expect(res.json().data.enabled).toBe(false);
});

test.each([
  ['no captcha at all', {}],
  ['an unknown key and any code', { captchaKey: 'whatever', captchaCode: 'zzzz' }],
  ['a code without a key', { captchaCode: '1234' }],
])('login with CAPTCHA=off accepts %s', async (_, captcha) => {
  const res = await postLogin(t, ADMIN.username, ADMIN.password, { captcha });
  expect(res.statusCode, res.body).toBe(200);
});

test('registration with CAPTCHA=off needs no captcha', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authSms/register',
    payload: { username: 'nocaptcha', email: 'nocaptcha@example.com', password: 'secret123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  // The helper's solved captcha is ignored too.
  await register(t);
});

test('a wrong password is still refused with CAPTCHA=off', async () => {
  expect((await postLogin(t, ADMIN.username, 'wrong-password', { captcha: {} })).statusCode).toBe(400);
});
