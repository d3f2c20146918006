import { CUSTOMER_PERMISSIONS, ZCurrentUser } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authed, createTestApp, expectErrorEnvelope, login, register, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const getInfo = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/auth/info', headers: token ? authed(token) : {} });

const sessionIdOf = async (userId: number) =>
  (
    await t.db.query<{ id: number }>('select id from sessions where user_id = $1 order by id desc limit 1', [
      userId,
    ])
  )[0]!.id;

describe('GET /auth/info', () => {
  test('returns every field of the current user (spec §3)', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const res = await getInfo(token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(Object.keys(ZCurrentUser.shape).sort());
    expect(data).toMatchObject({
      userId: user.userId,
      username: user.username,
      nickName: user.username,
      email: user.email,
      userType: 2,
      isAdmin: false,
      enabled: true,
      emailVerified: false,
      balance: '0.000000',
      points: 0,
      lastLoginIp: '127.0.0.1',
      icon: '',
      iconPath: '',
      roles: [{ name: 'CUSTOMER' }],
    });
    expect(data.apiKey).toMatch(/^[0-9a-f]{48}$/);
    expect(new Date(data.lastLoginTime).toISOString()).toBe(data.lastLoginTime);
    expect(new Date(data.createTime).toISOString()).toBe(data.createTime);
    expect([...data.permissions].sort()).toEqual([...CUSTOMER_PERMISSIONS].sort());
    expect(data).not.toHaveProperty('passwordHash');
    expect(res.body).not.toMatch(/scrypt/);
  });

  test.each([
    ['12.5', '12.500000'],
    ['0.000001', '0.000001'],
    ['123456789012.123456', '123456789012.123456'],
  ])('gives the balance %s as the exact 6-place decimal string %s', async (stored, shown) => {
    const user = await register(t);
    await t.db.query('update users set balance = $2 where id = $1', [user.userId, stored]);
    const token = await login(t, user.username, user.password);
    expect((await getInfo(token)).json().data.balance).toBe(shown);
  });

  test('needs a token: 401 with code 401', async () => {
    const body = expectErrorEnvelope(await getInfo(), 401);
    expect(body.message).toBe('请先登录');
  });

  test.each([
    ['an unknown token', 'Bearer not-a-real-token'],
    ['a token of the wrong scheme', 'Basic dXNlcjpwYXNz'],
    ['the literal "null" the browser sends before login', 'Bearer null'],
  ])('refuses %s', async (_, authorization) => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/info', headers: { authorization } });
    expect(res.statusCode).toBe(401);
  });

  test('an unknown token gives body code TOKEN_INVALID', async () => {
    const body = expectErrorEnvelope(await getInfo('not-a-real-token'), 401, 'TOKEN_INVALID');
    expect(body.message).toBe('登录状态已失效，请重新登录');
  });

  test('trims the token (spec §3) and reads the scheme in any case', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/info',
      headers: { authorization: `  bearer   ${token}  ` },
    });
    expect(res.statusCode).toBe(200);
  });

  test('an expired session gives 401 with body code TOKEN_EXPIRED', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    await t.db.query(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [
      await sessionIdOf(user.userId),
    ]);
    const body = expectErrorEnvelope(await getInfo(token), 401, 'TOKEN_EXPIRED');
    expect(body.message).toBe('登录状态已过期，请重新登录');
  });

  test('a disabled user is logged out at once', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    await t.db.query('update users set enabled = false where id = $1', [user.userId]);
    expectErrorEnvelope(await getInfo(token), 401, 'TOKEN_INVALID');
  });
});

describe('POST /api/authSms/logout', () => {
  test('revokes the session at once: the same token then gets TOKEN_INVALID', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const other = await login(t, user.username, user.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/authSms/logout', headers: authed(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: null });
    expectErrorEnvelope(await getInfo(token), 401, 'TOKEN_INVALID');
    expect((await getInfo(other)).statusCode).toBe(200);
  });

  test.each([
    ['no token', {}],
    ['an unknown token', authed('not-a-real-token')],
  ])('answers 200 with %s', async (_, headers) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/authSms/logout', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: null });
  });

  test('answers 200 for a token already logged out', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    await t.app.inject({ method: 'POST', url: '/api/authSms/logout', headers: authed(token) });
    const again = await t.app.inject({ method: 'POST', url: '/api/authSms/logout', headers: authed(token) });
    expect(again.statusCode).toBe(200);
  });

  test('accepts an empty JSON object as the body', async () => {
    const user = await register(t);
    const token = await login(t, user.username, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authSms/logout',
      headers: authed(token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
