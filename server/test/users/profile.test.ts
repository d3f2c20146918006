import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authed, createTestApp, expectErrorEnvelope, login, register, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function newUser() {
  const user = await register(t);
  return { ...user, token: await login(t, user.username, user.password) };
}

const putProfile = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: { ...authed(token), ...headers },
    payload: payload as object,
  });

const info = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) })).json().data;

describe('PUT /api/user/profile', () => {
  test('changes the nickname and answers with the user as saved', async () => {
    const user = await newUser();
    const res = await putProfile(user.token, { nickName: '  小明  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ nickName: '小明', username: user.username, email: user.email });
    expect((await info(user.token)).nickName).toBe('小明');
  });

  test('changes only the fields sent', async () => {
    const user = await newUser();
    await putProfile(user.token, { nickName: 'first', iconPath: 'https://cdn.example.com/a.png' });
    const res = await putProfile(user.token, { email: `${user.username}.new@example.com` });
    expect(res.json().data).toMatchObject({
      nickName: 'first',
      iconPath: 'https://cdn.example.com/a.png',
      email: `${user.username}.new@example.com`,
    });
  });

  test('refuses a nickname over 32 characters', async () => {
    const user = await newUser();
    const body = expectErrorEnvelope(await putProfile(user.token, { nickName: 'x'.repeat(33) }), 400);
    expect(body.message).toContain('昵称最多 32 个字符');
  });

  test('refuses an email another user has, in any letter case, with 409', async () => {
    const user = await newUser();
    const other = await register(t);
    const body = expectErrorEnvelope(await putProfile(user.token, { email: other.email.toUpperCase() }), 409);
    expect(body.message).toBe('邮箱已被使用');
    expect((await info(user.token)).email).toBe(user.email);
  });

  test('refuses the administrator email', async () => {
    const user = await newUser();
    expectErrorEnvelope(await putProfile(user.token, { email: t.config.adminEmail }), 409);
  });

  test('accepts the own email in another letter case', async () => {
    const user = await newUser();
    const res = await putProfile(user.token, { email: user.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('refuses a malformed email', async () => {
    const user = await newUser();
    const body = expectErrorEnvelope(await putProfile(user.token, { email: 'nope' }), 400);
    expect(body.message).toContain('邮箱格式不正确');
  });

  test.each([
    ['an http address, used as is', 'http://example.com/a.png', 'http://example.com/a.png'],
    ['an https address, used as is', 'https://example.com/a.png', 'https://example.com/a.png'],
    ['a data: URL, used as is', 'data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['a path from the root, given the (empty) base', '/api/files/abcdefgh', '/api/files/abcdefgh'],
    ['an empty value, which clears the avatar', '', ''],
  ])('accepts as iconPath %s', async (_, iconPath, icon) => {
    const user = await newUser();
    const res = await putProfile(user.token, { iconPath });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ iconPath, icon });
  });

  test.each([
    ['a relative path', 'images/a.png'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an address over 2048 characters', `https://example.com/${'a'.repeat(2048)}`],
  ])('refuses as iconPath %s', async (_, iconPath) => {
    const user = await newUser();
    const body = expectErrorEnvelope(await putProfile(user.token, { iconPath }), 400);
    expect(body.message).toContain('头像地址必须以 http、data: 或 / 开头');
    const english = await putProfile(user.token, { iconPath }, { 'x-locale': 'en-US' });
    expect(expectErrorEnvelope(english, 400).message).toContain(
      'Avatar address must start with http, data: or /',
    );
  });

  test('cannot change the username, type, balance or anything else not offered', async () => {
    const user = await newUser();
    const res = await putProfile(user.token, {
      nickName: 'ok',
      username: 'hacker',
      userType: 1,
      balance: '1000000',
      enabled: true,
      roles: [{ name: 'ADMIN' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ username: user.username, userType: 2, balance: '0.000000' });
  });

  test('refuses a body that is not an object', async () => {
    const user = await newUser();
    for (const payload of [[], [{ nickName: 'x' }]])
      expectErrorEnvelope(await putProfile(user.token, payload), 400);
  });
});
