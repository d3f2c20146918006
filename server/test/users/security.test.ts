import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authed,
  createTestApp,
  expectErrorEnvelope,
  login,
  postLogin,
  register,
  type TestApp,
} from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const changePassword = (
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/password',
    headers: { ...authed(token), ...headers },
    payload,
  });

const getInfo = (token: string) => t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) });

describe('PUT /api/user/password', () => {
  test('changes the password, keeps this session and ends every other one', async () => {
    const user = await register(t, { password: 'old-secret' });
    const current = await login(t, user.username, 'old-secret');
    const otherA = await login(t, user.username, 'old-secret');
    const otherB = await login(t, user.email, 'old-secret');

    const res = await changePassword(current, {
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The two other logins and the session registering opened (it signs the user in).
    expect(res.json().data).toEqual({ revokedSessions: 3 });

    expect((await getInfo(current)).statusCode).toBe(200);
    expectErrorEnvelope(await getInfo(otherA), 401, 'TOKEN_INVALID');
    expectErrorEnvelope(await getInfo(otherB), 401, 'TOKEN_INVALID');
    expect((await postLogin(t, user.username, 'old-secret')).statusCode).toBe(400);
    expect((await postLogin(t, user.username, 'new-secret')).statusCode).toBe(200);
  });

  test('checks the old password', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const res = await changePassword(token, {
      oldPassword: 'not-it',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(expectErrorEnvelope(res, 400).message).toBe('原密码错误');
    expect((await postLogin(t, user.username, user.password)).statusCode).toBe(200);
  });

  test.each([
    ['old password missing', { oldPassword: undefined }, '请输入原密码', 'Please enter your old password'],
    ['new password missing', { newPassword: undefined }, '请输入新密码', 'Please enter a new password'],
    [
      'new password of 5 characters',
      { newPassword: '12345', confirmPassword: '12345' },
      '密码至少 6 个字符',
      'at least 6',
    ],
    [
      'confirmation missing',
      { confirmPassword: undefined },
      '请再次输入新密码',
      'Please confirm the new password',
    ],
    [
      'confirmation different',
      { confirmPassword: 'other-secret' },
      '两次输入的密码不一致',
      'The two passwords do not match',
    ],
  ])('refuses %s with its message', async (_, change, zh, en) => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const payload = {
      oldPassword: user.password,
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
      ...change,
    };
    expect(expectErrorEnvelope(await changePassword(token, payload), 400).message).toContain(zh);
    const english = await changePassword(token, payload, { 'x-locale': 'en-US' });
    expect(expectErrorEnvelope(english, 400).message).toContain(en);
    expect((await postLogin(t, user.username, user.password)).statusCode).toBe(200);
  });

  test('accepts a new password of exactly 6 characters', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const res = await changePassword(token, {
      oldPassword: user.password,
      newPassword: 'abc123',
      confirmPassword: 'abc123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await postLogin(t, user.username, 'abc123')).statusCode).toBe(200);
  });
});

describe('POST /api/user/api-key', () => {
  test('replaces the API key with a new random one', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const before = (await getInfo(token)).json().data.apiKey;
    const first = await t.app.inject({ method: 'POST', url: '/api/user/api-key', headers: authed(token) });
    expect(first.statusCode, first.body).toBe(200);
    const { apiKey } = first.json().data;
    expect(apiKey).toMatch(/^[0-9a-f]{48}$/);
    expect(apiKey).not.toBe(before);
    expect((await getInfo(token)).json().data.apiKey).toBe(apiKey);
    const second = await t.app.inject({ method: 'POST', url: '/api/user/api-key', headers: authed(token) });
    expect(second.json().data.apiKey).not.toBe(apiKey);
  });
});
