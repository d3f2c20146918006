import { USER_TYPE, ZAdminUser, ZAdminUserDetail } from '@jiema/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  type TestApp,
  uniqueName,
} from '../helpers';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN.username, ADMIN.password);
  adminId = (await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(admin) })).json().data
    .userId;
});
afterAll(() => t?.close());

type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; locale?: string };
const call = ({ method = 'GET', url, payload, locale }: Call, token = admin) =>
  t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...authed(token), ...(locale ? { 'x-locale': locale } : {}) },
  });
const data = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A snapshot of everything an administrator's user change could touch. */
const snapshot = () =>
  t.db.query(`select (select count(*)::int from users) as users,
                     (select count(*)::int from user_roles) as roles,
                     (select count(*)::int from user_permissions) as grants,
                     (select count(*)::int from audit_logs) as audits,
                     (select string_agg(id || username || email || nick_name || user_type || enabled, ',' order by id) from users) as rows`);

const newUser = (over: Record<string, unknown> = {}) => {
  const username = uniqueName('n');
  return { username, email: `${username}@example.com`, password: 'secret123', userType: 2, ...over };
};

describe('create', () => {
  test.each([
    [USER_TYPE.ADMIN, 'ADMIN'],
    [USER_TYPE.CUSTOMER, 'CUSTOMER'],
    [USER_TYPE.AGENT, 'AGENT'],
  ])('creates a user of type %i with the role %s, audited, who can log in', async (userType, role) => {
    const input = newUser({ userType, nickName: 'Nick' });
    const created = data(await call({ method: 'POST', url: '/api/admin/users', payload: input }));
    expect(ZAdminUserDetail.parse(created)).toMatchObject({
      username: input.username,
      email: input.email,
      nickName: 'Nick',
      userType,
      enabled: true,
      balance: '0.000000',
      roles: [{ name: role }],
      grants: [],
      revokes: [],
      builtIn: false,
    });
    expect(created).not.toHaveProperty('passwordHash');
    const token = await login(t, input.username, input.password);
    const info = data(await call({ url: '/auth/info' }, token));
    expect(info).toMatchObject({ userType, roles: [{ name: role }] });
    const [log] = await t.db.query<{ actor_id: number; after: { username: string } }>(
      `select actor_id, after from audit_logs where entity = 'user' and action = 'create' and entity_id = $1`,
      [String(created.userId)],
    );
    expect(log).toMatchObject({ actor_id: adminId, after: { username: input.username } });
    expect(JSON.stringify(log)).not.toContain(input.password);
  });

  test('the nickname defaults to the username', async () => {
    const input = newUser();
    expect(data(await call({ method: 'POST', url: '/api/admin/users', payload: input })).nickName).toBe(
      input.username,
    );
  });

  test.each([
    [
      'a taken username (any case)',
      (u: { username: string }) => ({ username: u.username.toUpperCase() }),
      409,
      '用户名已被使用',
    ],
    ['the administrator name', () => ({ username: ADMIN.username.toUpperCase() }), 409, '用户名已被使用'],
    [
      'a taken email (any case)',
      (u: { email: string }) => ({ email: u.email.toUpperCase() }),
      409,
      '邮箱已被使用',
    ],
  ])('refuses %s, nothing changed', async (_, change, status, message) => {
    const existing = await createUser(t.db);
    const before = await snapshot();
    const res = await call({ method: 'POST', url: '/api/admin/users', payload: newUser(change(existing)) });
    expect(expectErrorEnvelope(res, status).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  const BAD_FIELDS: [string, Record<string, unknown>, string, string, string][] = [
    [
      'username',
      { username: 'ab' },
      'username',
      '用户名为 3 到 32 位字母、数字或下划线，且以字母开头',
      'Username: 3 to 32 letters, digits or underscores, starting with a letter',
    ],
    [
      'username',
      { username: '1abc' },
      'username',
      '用户名为 3 到 32 位字母、数字或下划线，且以字母开头',
      'Username: 3 to 32 letters, digits or underscores, starting with a letter',
    ],
    [
      'username',
      { username: undefined },
      'username',
      '用户名为 3 到 32 位字母、数字或下划线，且以字母开头',
      'Username: 3 to 32 letters, digits or underscores, starting with a letter',
    ],
    ['email', { email: 'not-an-email' }, 'email', '邮箱格式不正确', 'Invalid email address'],
    ['email', { email: 42 }, 'email', '请输入邮箱', 'Please enter your email address'],
    [
      'password',
      { password: '12345' },
      'password',
      '密码至少 6 个字符',
      'Password must be at least 6 characters',
    ],
    ['password', { password: '' }, 'password', '请输入密码', 'Please enter your password'],
    [
      'password',
      { password: 'x'.repeat(65) },
      'password',
      '密码最多 64 个字符',
      'Password must be at most 64 characters',
    ],
    [
      'userType',
      { userType: 4 },
      'userType',
      '用户类型只能是 1（管理员）、2（客户）或 3（代理）',
      'The user type must be 1 (administrator), 2 (customer) or 3 (agent)',
    ],
    [
      'userType',
      { userType: '2' },
      'userType',
      '用户类型只能是 1（管理员）、2（客户）或 3（代理）',
      'The user type must be 1 (administrator), 2 (customer) or 3 (agent)',
    ],
    [
      'nickName',
      { nickName: 'x'.repeat(33) },
      'nickName',
      '昵称最多 32 个字符',
      'Nickname must be at most 32 characters',
    ],
  ];
  test.each(BAD_FIELDS)(
    'bad %s (%j): 400 naming the field, in zh-CN and en-US, nothing changed',
    async (_, change, path, zh, en) => {
      const before = await snapshot();
      for (const [locale, text] of [
        ['zh-CN', zh],
        ['en-US', en],
      ] as const) {
        const res = await call({ method: 'POST', url: '/api/admin/users', payload: newUser(change), locale });
        const body = expectErrorEnvelope(res, 400) as {
          message: string;
          errors?: { path: string; message: string }[];
        };
        expect(body.errors).toContainEqual({ path, message: text });
        expect(body.message).toContain(text);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  test('a body that is not JSON at all: 400, nothing changed', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { ...authed(admin), 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expectErrorEnvelope(res, 400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('list', () => {
  const tag = uniqueName('ls');
  const made: number[] = [];
  beforeAll(async () => {
    for (const [i, userType] of (
      [USER_TYPE.CUSTOMER, USER_TYPE.AGENT, USER_TYPE.CUSTOMER, USER_TYPE.ADMIN] as const
    ).entries()) {
      const u = await createUser(t.db, { userType, username: `${tag}_${i}` });
      made.push(u.userId);
    }
    await t.db.query('update users set enabled = false where id = $1', [made[2]]);
    await t.db.query(`update users set created_at = '2020-01-15T12:00:00Z' where id = $1`, [made[0]]);
    await t.db.query(`update users set balance = 5 where id = $1`, [made[1]]);
  });
  const list = async (query: string) => data(await call({ url: `/api/admin/users?${query}` }));

  test('pages, each row complete and without secrets', async () => {
    const page = await list(`keyword=${tag}&pageSize=3`);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page.list).toHaveLength(3);
    for (const row of page.list) ZAdminUser.strict().parse(row);
    const second = await list(`keyword=${tag}&pageSize=3&page=2`);
    expect(second.list).toHaveLength(1);
    const ids = [...page.list, ...second.list].map((r: { userId: number }) => r.userId);
    expect(new Set(ids).size).toBe(4);
  });

  test('searches by username, email and id', async () => {
    expect((await list(`keyword=${tag}_1`)).list.map((r: { userId: number }) => r.userId)).toEqual([made[1]]);
    expect((await list(`keyword=${tag}_3@EXAMPLE`)).list.map((r: { userId: number }) => r.userId)).toEqual([
      made[3],
    ]);
    expect((await list(`keyword=${made[2]}`)).list.map((r: { userId: number }) => r.userId)).toContain(
      made[2],
    );
    expect(
      (await list('keyword=%25_%25')).list.every((r: { username: string }) => r.username.includes('%')),
    ).toBe(true);
  });

  test('filters by type, status and registration dates', async () => {
    const ids = async (q: string) =>
      (await list(`keyword=${tag}&${q}`)).list.map((r: { userId: number }) => r.userId).sort();
    expect(await ids('userType=2')).toEqual([made[0], made[2]].sort());
    expect(await ids('userType=3')).toEqual([made[1]]);
    expect(await ids('userType=1')).toEqual([made[3]]);
    expect(await ids('enabled=false')).toEqual([made[2]]);
    expect(await ids('enabled=true')).toHaveLength(3);
    expect(await ids('from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z')).toEqual([made[0]]);
    expect(await ids(`from=${encodeURIComponent('2020-02-01T00:00:00+08:00')}`)).toHaveLength(3);
  });

  test('sorts over whitelisted fields only', async () => {
    const asc = await list(`keyword=${tag}&sortField=balance&sortOrder=descend`);
    expect(asc.list[0].userId).toBe(made[1]);
    const byName = await list(`keyword=${tag}&sortField=username&sortOrder=ascend`);
    expect(byName.list.map((r: { username: string }) => r.username)).toEqual(
      [0, 1, 2, 3].map((i) => `${tag}_${i}`),
    );
    const injected = await call({
      url: `/api/admin/users?keyword=${tag}&sortField=${encodeURIComponent('id; drop table users')}`,
    });
    expect(expectErrorEnvelope(injected, 400).error).toBe('SORT_FIELD_UNKNOWN');
  });

  test.each([
    ['userType=9', 'userType', '用户类型只能是 1（管理员）、2（客户）或 3（代理）'],
    ['enabled=maybe', 'enabled', '请选择启用或禁用'],
    ['from=yesterday', 'from', '日期格式不正确（需要带时区的 ISO 8601 时间）'],
    [`keyword=${'k'.repeat(65)}`, 'keyword', '搜索内容最多 64 个字符'],
  ])('a bad filter %s: 400 naming %s', async (query, path, message) => {
    const body = expectErrorEnvelope(await call({ url: `/api/admin/users?${query}` }), 400) as {
      errors: { path: string; message: string }[];
    };
    expect(body.errors).toContainEqual({ path, message });
  });

  test('CSV export with the same filters, formula-like cells neutralised', async () => {
    await t.db.query(`update users set nick_name = '=HYPERLINK("x")' where id = $1`, [made[0]]);
    const res = await call({ url: `/api/admin/users/export?keyword=${tag}&userType=2` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('users.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,username,email,nickname,user_type,enabled,balance,points,roles,created_at,last_login_at,last_login_ip,register_ip',
    );
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(
      `${made[0]},${tag}_0,${tag}_0@example.com,"'=HYPERLINK(""x"")",2,true,0.000000`,
    );
  });
});

describe('detail, edit, delete', () => {
  test('detail: 200 with permissions; unknown id 404; bad id 400', async () => {
    const u = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const detail = data(await call({ url: `/api/admin/users/${u.userId}` }));
    expect(detail).toMatchObject({ userId: u.userId, userType: 3, permissions: [], grants: [], revokes: [] });
    expect(expectErrorEnvelope(await call({ url: '/api/admin/users/999999' }), 404).message).toBe(
      '用户不存在',
    );
    expectErrorEnvelope(await call({ url: '/api/admin/users/abc' }), 400);
    expectErrorEnvelope(await call({ url: '/api/admin/users/0' }), 400);
  });

  test('edit email and nickname, audited with before and after; a taken email refused', async () => {
    const u = await createUser(t.db);
    const other = await createUser(t.db);
    const email = `${uniqueName('e')}@example.org`;
    const after = data(
      await call({
        method: 'PUT',
        url: `/api/admin/users/${u.userId}`,
        payload: { email, nickName: ' Renamed ' },
      }),
    );
    expect(after).toMatchObject({ email, nickName: 'Renamed', username: u.username });
    const [log] = await t.db.query<{ before: { email: string }; after: { email: string } }>(
      `select before, after from audit_logs where entity = 'user' and action = 'update' and entity_id = $1`,
      [String(u.userId)],
    );
    expect(log).toMatchObject({ before: { email: u.email }, after: { email } });
    const before = await snapshot();
    const res = await call({
      method: 'PUT',
      url: `/api/admin/users/${u.userId}`,
      payload: { email: other.email },
    });
    expect(expectErrorEnvelope(res, 409).message).toBe('邮箱已被使用');
    const bad = await call({
      method: 'PUT',
      url: `/api/admin/users/${u.userId}`,
      payload: { email: 'nope' },
      locale: 'en-US',
    });
    expect(expectErrorEnvelope(bad, 400).message).toContain('Invalid email address');
    expect(await snapshot()).toEqual(before);
  });

  test('delete: a fresh account goes (sessions with it); one with ledger entries is kept with a clear message', async () => {
    const fresh = await loginAs(t, USER_TYPE.CUSTOMER);
    expect(data(await call({ method: 'DELETE', url: `/api/admin/users/${fresh.userId}` }))).toBeNull();
    expect(await t.db.query('select 1 from users where id = $1', [fresh.userId])).toHaveLength(0);
    expectErrorEnvelope(await call({ url: '/auth/info' }, fresh.token), 401, 'TOKEN_INVALID');
    expect(
      await t.db.query(
        `select 1 from audit_logs where action = 'delete' and entity = 'user' and entity_id = $1`,
        [String(fresh.userId)],
      ),
    ).toHaveLength(1);

    const used = await createUser(t.db);
    data(
      await call({
        method: 'POST',
        url: `/api/admin/users/${used.userId}/balance`,
        payload: { type: 'reward', amount: '1', note: 'x', requestId: crypto.randomUUID() },
      }),
    );
    const before = await snapshot();
    const res = await call({ method: 'DELETE', url: `/api/admin/users/${used.userId}` });
    expect(expectErrorEnvelope(res, 409).message).toBe('该用户已有资金流水或业务记录，不能删除，请改为禁用');
    expect(await snapshot()).toEqual(before);
    expectErrorEnvelope(await call({ method: 'DELETE', url: '/api/admin/users/999999' }), 404);
  });

  test('the built-in administrator and oneself cannot be deleted', async () => {
    const second = await loginAs(t, USER_TYPE.ADMIN);
    const res = await call({ method: 'DELETE', url: `/api/admin/users/${adminId}` }, second.token);
    expect(expectErrorEnvelope(res, 400).message).toBe(
      '系统内置管理员账号不能由其他用户修改，只能由其本人在个人中心修改',
    );
    const self = await call(
      { method: 'DELETE', url: `/api/admin/users/${second.userId}`, locale: 'en-US' },
      second.token,
    );
    expect(expectErrorEnvelope(self, 400).message).toBe(
      'You cannot disable, demote or delete your own account',
    );
  });
});
