import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  postLogin,
  register,
  type TestApp,
} from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /auth/login', () => {
  test('returns a bearer token that opens /auth/info', async () => {
    const res = await postLogin(t, ADMIN.username, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, message: '操作成功' });
    expect(body.data.token).toEqual(expect.any(String));
    expect(new Date(body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const info = await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(body.data.token) });
    expect(info.json().data.username).toBe(ADMIN.username);
  });

  test.each([
    ['the username', (u: { username: string }) => u.username],
    ['the username in another case', (u: { username: string }) => u.username.toUpperCase()],
    ['the email', (u: { email: string }) => u.email],
    ['the email in another case', (u: { email: string }) => u.email.toUpperCase()],
    ['the username with spaces around', (u: { username: string }) => `  ${u.username} `],
  ])('accepts %s', async (_, account) => {
    const user = await register(t);
    const res = await postLogin(t, account(user), user.password);
    expect(res.statusCode, res.body).toBe(200);
  });

  test('refuses a wrong password with the same message as an unknown account', async () => {
    const user = await register(t);
    const wrong = expectErrorEnvelope(await postLogin(t, user.username, 'not-the-password'), 400);
    const unknown = expectErrorEnvelope(await postLogin(t, 'nobody_here', 'whatever1'), 400);
    expect(wrong.message).toBe('用户名或密码错误');
    expect(unknown.message).toBe(wrong.message);
  });

  test('refuses the right password in another case', async () => {
    const user = await register(t, { password: 'CaseSensitive1' });
    expectErrorEnvelope(await postLogin(t, user.username, 'casesensitive1'), 400);
  });

  test('refuses a disabled account, even with the right password', async () => {
    const user = await createUser(t.db, { enabled: false });
    const body = expectErrorEnvelope(await postLogin(t, user.username, user.password), 403);
    expect(body.message).toBe('账号已被禁用，请联系客服');
  });

  test('answers in English when asked', async () => {
    const res = await postLogin(t, 'nobody_here', 'whatever1', {
      request: { headers: { 'x-locale': 'en-US' } },
    });
    expect(expectErrorEnvelope(res, 400).message).toBe('Wrong username or password');
  });

  test('records the last login time and IP on the user', async () => {
    const user = await register(t);
    const res = await postLogin(t, user.username, user.password, {
      request: { remoteAddress: '203.0.113.7' },
    });
    const info = await t.app.inject({
      method: 'GET',
      url: '/auth/info',
      headers: authed(res.json().data.token),
    });
    expect(info.json().data).toMatchObject({ lastLoginIp: '203.0.113.7', lastLoginTime: expect.any(String) });
    expect(Date.now() - new Date(info.json().data.lastLoginTime).getTime()).toBeLessThan(60_000);
  });
});
