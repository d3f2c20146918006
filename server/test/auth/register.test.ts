import { CUSTOMER_PERMISSIONS, USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  authed,
  createTestApp,
  expectErrorEnvelope,
  login,
  register,
  solveCaptcha,
  type TestApp,
  uniqueName,
} from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function postRegister(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/authSms/register',
    headers,
    payload: { ...(await solveCaptcha(t)), ...body },
  });
}

const countUsers = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;

describe('POST /api/authSms/register', () => {
  test('signs the new customer in: the answer holds a working session token', async () => {
    const username = uniqueName('Auto');
    const res = await postRegister({ username, email: `${username}@example.com`, password: 'secret123' });
    expect(res.statusCode, res.body).toBe(200);
    const { token, expiresAt } = res.json().data;
    expect(token).toEqual(expect.any(String));
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const info = await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) });
    expect(info.json().data).toMatchObject({ username, userType: USER_TYPE.CUSTOMER });
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = $1',
      [username],
    );
    expect(row!.n).toBe(1);
  });

  test('creates a customer (type 2, role CUSTOMER) who can log in', async () => {
    const username = uniqueName('New');
    const res = await postRegister({
      username,
      email: `${username}@Example.com`,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { userId: expect.any(Number), username } });

    const [row] = await t.db.query<{ user_type: number; roles: string[]; register_ip: string }>(
      `select user_type, register_ip, array(select role from user_roles r where r.user_id = u.id) as roles
       from users u where id = $1`,
      [res.json().data.userId],
    );
    expect(row).toEqual({ user_type: USER_TYPE.CUSTOMER, roles: ['CUSTOMER'], register_ip: '127.0.0.1' });

    const token = await login(t, username, 'secret123');
    const info = (await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) })).json()
      .data;
    expect(info).toMatchObject({ userType: 2, isAdmin: false, roles: [{ name: 'CUSTOMER' }] });
    expect([...info.permissions].sort()).toEqual([...CUSTOMER_PERMISSIONS].sort());
  });

  test('stores no plain password', async () => {
    const user = await register(t, { password: 'plain-text-1' });
    const [row] = await t.db.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [user.userId],
    );
    expect(row!.password_hash).not.toContain('plain-text-1');
    expect(row!.password_hash).toMatch(/^scrypt\$/);
  });

  test.each([
    [
      'the same username',
      (u: string) => ({ username: u, email: `${uniqueName()}@example.com` }),
      '用户名已被使用',
    ],
    [
      'the username in another case',
      (u: string) => ({ username: u.toUpperCase(), email: `${uniqueName()}@example.com` }),
      '用户名已被使用',
    ],
    [
      'the same email',
      (u: string) => ({ username: uniqueName(), email: `${u}@example.com` }),
      '邮箱已被使用',
    ],
    [
      'the email in another case',
      (u: string) => ({ username: uniqueName(), email: `${u.toUpperCase()}@EXAMPLE.COM` }),
      '邮箱已被使用',
    ],
  ])('refuses %s with 409', async (_, taken, message) => {
    const existing = await register(t);
    const before = await countUsers();
    const res = await postRegister({ ...taken(existing.username), password: 'secret123' });
    expect(expectErrorEnvelope(res, 409).message).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  test.each([ADMIN.username, ADMIN.username.toUpperCase()])(
    'refuses the admin username %s with 409',
    async (name) => {
      const res = await postRegister({
        username: name,
        email: `${uniqueName()}@example.com`,
        password: 'secret123',
      });
      expectErrorEnvelope(res, 409);
    },
  );

  test('refuses the admin username even when the admin account has another name in the database', async () => {
    await t.db.query(`update users set username = 'renamed_admin' where lower(username) = 'admin'`);
    try {
      const res = await postRegister({
        username: 'Admin',
        email: `${uniqueName()}@example.com`,
        password: 'secret123',
      });
      expectErrorEnvelope(res, 409);
    } finally {
      await t.db.query(`update users set username = 'admin' where username = 'renamed_admin'`);
    }
  });

  test('needs a solved captcha', async () => {
    const username = uniqueName();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authSms/register',
      payload: { username, email: `${username}@example.com`, password: 'secret123' },
    });
    expectErrorEnvelope(res, 400);
  });
});

describe('POST /api/authSms/register with bad input', () => {
  const valid = () => {
    const username = uniqueName();
    return {
      username,
      email: `${username}@example.com`,
      password: 'secret123',
      confirmPassword: 'secret123',
    };
  };

  /** Each case: the field changed, and the message expected in zh-CN and in en-US. */
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['username missing', { username: undefined }, '请输入用户名', 'Please enter a username'],
    ['username empty', { username: '  ' }, '请输入用户名', 'Please enter a username'],
    ['username too short', { username: 'ab' }, '用户名为 3 到 32 位字母', 'Username: 3 to 32 letters'],
    ['username too long', { username: `a${'b'.repeat(32)}` }, '用户名为 3 到 32 位字母', 'Username: 3 to 32'],
    [
      'username starting with a digit',
      { username: '1abc' },
      '用户名为 3 到 32 位字母',
      'starting with a letter',
    ],
    ['username with a space', { username: 'ab cd' }, '用户名为 3 到 32 位字母', 'Username: 3 to 32 letters'],
    ['username in Chinese', { username: '用户名字' }, '用户名为 3 到 32 位字母', 'Username: 3 to 32 letters'],
    ['username as a number', { username: 12345 }, '请输入用户名', 'Please enter a username'],
    ['email missing', { email: undefined }, '请输入邮箱', 'Please enter your email address'],
    ['email empty', { email: '' }, '请输入邮箱', 'Please enter your email address'],
    ['email without @', { email: 'not-an-email' }, '邮箱格式不正确', 'Invalid email address'],
    [
      'email too long',
      { email: `${'a'.repeat(130)}@example.com` },
      '邮箱格式不正确',
      'Invalid email address',
    ],
    ['email as an array', { email: ['a@example.com'] }, '请输入邮箱', 'Please enter your email address'],
    // The sign-up form says "password", not the change-password form's "new password".
    [
      'password missing',
      { password: undefined, confirmPassword: undefined },
      '请输入密码',
      'Please enter your password',
    ],
    ['password empty', { password: '', confirmPassword: '' }, '请输入密码', 'Please enter your password'],
    [
      'password of 5',
      { password: '12345', confirmPassword: '12345' },
      '密码至少 6 个字符',
      'at least 6 characters',
    ],
    [
      'password of 65',
      { password: 'p'.repeat(65), confirmPassword: 'p'.repeat(65) },
      '密码最多 64',
      'at most 64',
    ],
    [
      'password confirmation different',
      { confirmPassword: 'other123' },
      '两次输入的密码不一致',
      'do not match',
    ],
    ['captcha code too long', { captchaCode: 'x'.repeat(17) }, 'captchaCode', 'captchaCode'],
  ];

  test.each(cases)('%s: 400, a clear zh-CN message, nothing written', async (_, change, zh) => {
    const before = await countUsers();
    const res = await postRegister({ ...valid(), ...change });
    const body = expectErrorEnvelope(res, 400);
    expect(body.message).toContain(zh);
    expect(body.message).toMatch(/^请求参数错误：/);
    expect(await countUsers()).toBe(before);
  });

  test.each(cases)('%s: the message in English with x-locale: en-US', async (_, change, __, en) => {
    const res = await postRegister({ ...valid(), ...change }, { 'x-locale': 'en-US' });
    expect(expectErrorEnvelope(res, 400).message).toContain(en);
  });

  test('Accept-Language: en gives English too, and x-locale wins over it', async () => {
    const english = await postRegister({ ...valid(), email: 'bad' }, { 'accept-language': 'en;q=0.9' });
    expect(expectErrorEnvelope(english, 400).message).toBe('Invalid request: email: Invalid email address');
    const chinese = await postRegister(
      { ...valid(), email: 'bad' },
      { 'accept-language': 'en', 'x-locale': 'zh-CN' },
    );
    expect(expectErrorEnvelope(chinese, 400).message).toBe('请求参数错误：email: 邮箱格式不正确');
  });

  test('lists every bad field, each with its path', async () => {
    const res = await postRegister({ username: '1', email: 'x', password: '1' });
    const body = expectErrorEnvelope(res, 400);
    expect(body.errors?.map((e) => e.path).sort()).toEqual(['email', 'password', 'username']);
  });

  test('a body that is not an object is refused without writing anything', async () => {
    const before = await countUsers();
    for (const payload of [[], 'text', 42, null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authSms/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expectErrorEnvelope(res, 400);
    }
    expect(await countUsers()).toBe(before);
  });
});
