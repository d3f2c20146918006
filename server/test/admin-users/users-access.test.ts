import { ADMIN_PERMISSIONS, CUSTOMER_PERMISSIONS, USER_TYPE } from '@jiema/shared';
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
  postLogin,
  type TestApp,
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
const info = async (token: string) => data(await call({ url: '/auth/info' }, token));
const currentRoles = async (token: string) =>
  data(await call({ url: '/api/system/user-roles/current' }, token));

describe('enable and disable', () => {
  test('disabling ends every session of the user at once: their tokens get 401 TOKEN_INVALID; login refused', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    const second = await login(t, user.username, user.password);
    expect((await info(user.token)).enabled).toBe(true);

    const result = data(
      await call({
        method: 'PUT',
        url: `/api/admin/users/${user.userId}/status`,
        payload: { enabled: false },
      }),
    );
    expect(result).toMatchObject({ revokedSessions: 2, user: { userId: user.userId, enabled: false } });
    for (const token of [user.token, second]) {
      expectErrorEnvelope(await call({ url: '/auth/info' }, token), 401, 'TOKEN_INVALID');
      expectErrorEnvelope(await call({ url: '/api/finance/records' }, token), 401, 'TOKEN_INVALID');
    }
    const refused = await postLogin(t, user.username, user.password);
    expect(refused.json().message).toBe('账号已被禁用，请联系客服');
    const [log] = await t.db.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_logs where entity = 'user' and entity_id = $1`,
      [String(user.userId)],
    );
    expect(log).toEqual({
      action: 'disable',
      before: { enabled: true },
      after: { enabled: false, revokedSessions: 2 },
    });

    data(
      await call({
        method: 'PUT',
        url: `/api/admin/users/${user.userId}/status`,
        payload: { enabled: true },
      }),
    );
    const token = await login(t, user.username, user.password);
    expect((await info(token)).enabled).toBe(true);
  });

  test('the built-in administrator cannot be disabled, by anyone; an administrator cannot disable themselves', async () => {
    const second = await loginAs(t, USER_TYPE.ADMIN);
    for (const token of [admin, second.token]) {
      const res = await call(
        { method: 'PUT', url: `/api/admin/users/${adminId}/status`, payload: { enabled: false } },
        token,
      );
      expect(expectErrorEnvelope(res, 400).message).toBe(
        '系统内置管理员账号不能由其他用户修改，只能由其本人在个人中心修改',
      );
    }
    const self = await call(
      { method: 'PUT', url: `/api/admin/users/${second.userId}/status`, payload: { enabled: false } },
      second.token,
    );
    expect(expectErrorEnvelope(self, 400).message).toBe('不能禁用、降级或删除自己的账号');
    expect((await info(admin)).enabled).toBe(true);
    expect((await info(second.token)).enabled).toBe(true);
  });

  test.each([[{}], [{ enabled: 'no' }], [{ enabled: 1 }]])(
    'a bad body %j: 400 naming enabled',
    async (payload) => {
      const u = await createUser(t.db);
      const res = await call({
        method: 'PUT',
        url: `/api/admin/users/${u.userId}/status`,
        payload,
        locale: 'en-US',
      });
      const body = expectErrorEnvelope(res, 400) as { errors: { path: string; message: string }[] };
      expect(body.errors).toContainEqual({ path: 'enabled', message: 'Please choose enabled or disabled' });
    },
  );
});

describe('user type', () => {
  test('a type change is reflected in /auth/info, the roles and the permissions at once', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    expect(await info(user.token)).toMatchObject({
      userType: 2,
      isAdmin: false,
      roles: [{ name: 'CUSTOMER' }],
    });

    data(
      await call({ method: 'PUT', url: `/api/admin/users/${user.userId}/type`, payload: { userType: 3 } }),
    );
    expect(await info(user.token)).toMatchObject({
      userType: 3,
      roles: [{ name: 'AGENT' }],
      permissions: [],
    });
    expectErrorEnvelope(await call({ url: '/api/finance/records' }, user.token), 403);

    data(
      await call({ method: 'PUT', url: `/api/admin/users/${user.userId}/type`, payload: { userType: 1 } }),
    );
    expect(await info(user.token)).toMatchObject({ userType: 1, isAdmin: true, roles: [{ name: 'ADMIN' }] });
    expect((await currentRoles(user.token)).permissions).toEqual(
      expect.arrayContaining([...ADMIN_PERMISSIONS]),
    );
    data(await call({ url: '/api/admin/users' }, user.token));

    const detail = data(
      await call({ method: 'PUT', url: `/api/admin/users/${user.userId}/type`, payload: { userType: 2 } }),
    );
    expect(detail).toMatchObject({ userType: 2, roles: [{ name: 'CUSTOMER' }] });
    expect(await t.db.query('select role from user_roles where user_id = $1', [user.userId])).toEqual([
      { role: 'CUSTOMER' },
    ]);
    expectErrorEnvelope(await call({ url: '/api/admin/users' }, user.token), 403);
    const logs = await t.db.query<{ after: { userType: number } }>(
      `select after from audit_logs where action = 'set-type' and entity_id = $1 order by id`,
      [String(user.userId)],
    );
    expect(logs.map((l) => l.after.userType)).toEqual([3, 1, 2]);
  });

  test('the built-in administrator can never be demoted; nor can an administrator demote themselves', async () => {
    const second = await loginAs(t, USER_TYPE.ADMIN);
    for (const userType of [2, 3]) {
      const res = await call(
        { method: 'PUT', url: `/api/admin/users/${adminId}/type`, payload: { userType } },
        second.token,
      );
      expect(expectErrorEnvelope(res, 400).message).toBe(
        '系统内置管理员账号不能由其他用户修改，只能由其本人在个人中心修改',
      );
      const self = await call(
        { method: 'PUT', url: `/api/admin/users/${second.userId}/type`, payload: { userType } },
        second.token,
      );
      expect(expectErrorEnvelope(self, 403).message).toBe('不能修改自己的用户类型、角色、权限或余额');
    }
    expect((await info(admin)).userType).toBe(1);
    expect(await t.db.query('select role from user_roles where user_id = $1', [adminId])).toEqual([
      { role: 'ADMIN' },
    ]);
  });

  test.each([[{ userType: 0 }], [{ userType: 'admin' }], [{}]])(
    'a bad type %j: 400 in both languages',
    async (payload) => {
      const u = await createUser(t.db);
      for (const [locale, message] of [
        ['zh-CN', '用户类型只能是 1（管理员）、2（客户）或 3（代理）'],
        ['en-US', 'The user type must be 1 (administrator), 2 (customer) or 3 (agent)'],
      ] as const) {
        const res = await call({ method: 'PUT', url: `/api/admin/users/${u.userId}/type`, payload, locale });
        expect((expectErrorEnvelope(res, 400) as { errors: unknown[] }).errors).toContainEqual({
          path: 'userType',
          message,
        });
      }
      expect(await t.db.query('select user_type from users where id = $1', [u.userId])).toEqual([
        { user_type: 2 },
      ]);
    },
  );
});

describe('individual permissions', () => {
  test('grant and revoke show in /api/system/user-roles/current and open or close routes', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    expect((await currentRoles(agent.token)).permissions).toEqual([]);
    expectErrorEnvelope(await call({ url: '/api/admin/users' }, agent.token), 403);
    expectErrorEnvelope(await call({ url: '/api/finance/records' }, agent.token), 403);

    const detail = data(
      await call({
        method: 'PUT',
        url: `/api/admin/users/${agent.userId}/permissions`,
        payload: { grants: ['finance:detail', 'admin:user:list', 'admin:user:list'], revokes: [] },
      }),
    );
    expect(detail).toMatchObject({ grants: ['admin:user:list', 'finance:detail'], revokes: [] });
    expect((await currentRoles(agent.token)).permissions.sort()).toEqual([
      'admin:user:list',
      'finance:detail',
    ]);
    data(await call({ url: '/api/admin/users' }, agent.token));
    data(await call({ url: '/api/finance/records' }, agent.token));
    expectErrorEnvelope(
      await call({ method: 'POST', url: '/api/admin/users', payload: {} }, agent.token),
      403,
    );

    const customer = await loginAs(t, USER_TYPE.CUSTOMER);
    data(await call({ url: '/api/finance/records' }, customer.token));
    const revoked = data(
      await call({
        method: 'PUT',
        url: `/api/admin/users/${customer.userId}/permissions`,
        payload: { grants: [], revokes: ['finance:detail'] },
      }),
    );
    expect(revoked.permissions).toEqual(CUSTOMER_PERMISSIONS.filter((p) => p !== 'finance:detail'));
    expect((await currentRoles(customer.token)).permissions).not.toContain('finance:detail');
    expectErrorEnvelope(await call({ url: '/api/finance/records' }, customer.token), 403);

    // Replacing with nothing restores the type defaults.
    data(
      await call({
        method: 'PUT',
        url: `/api/admin/users/${customer.userId}/permissions`,
        payload: { grants: [], revokes: [] },
      }),
    );
    data(await call({ url: '/api/finance/records' }, customer.token));
    const logs = await t.db.query(
      `select before, after from audit_logs where action = 'set-permissions' and entity_id = $1 order by id`,
      [String(customer.userId)],
    );
    expect(logs).toEqual([
      { before: { grants: [], revokes: [] }, after: { grants: [], revokes: ['finance:detail'] } },
      { before: { grants: [], revokes: ['finance:detail'] }, after: { grants: [], revokes: [] } },
    ]);
  });

  test.each([
    [{ grants: ['admin:everything'], revokes: [] }, 'grants.0', '未知的权限名称'],
    [{ grants: ['api:store'], revokes: ['api:store'] }, 'revokes', '同一权限不能同时授予和撤销'],
    [{ grants: 'api:store', revokes: [] }, 'grants', '权限必须是权限名称的列表'],
    [{ grants: [] }, 'revokes', '权限必须是权限名称的列表'],
  ])('refuses %j with 400 naming %s, nothing stored', async (payload, path, message) => {
    const u = await createUser(t.db);
    const res = await call({ method: 'PUT', url: `/api/admin/users/${u.userId}/permissions`, payload });
    expect((expectErrorEnvelope(res, 400) as { errors: unknown[] }).errors).toContainEqual({ path, message });
    expect(await t.db.query('select 1 from user_permissions where user_id = $1', [u.userId])).toHaveLength(0);
  });
});

describe('password reset', () => {
  test('a typed password: the old one stops working, every session ends, the new one logs in', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    const result = data(
      await call({
        method: 'POST',
        url: `/api/admin/users/${user.userId}/password`,
        payload: { mode: 'set', password: 'brandnew1' },
      }),
    );
    expect(result).toEqual({ password: null, revokedSessions: 1 });
    expectErrorEnvelope(await call({ url: '/auth/info' }, user.token), 401, 'TOKEN_INVALID');
    expect((await postLogin(t, user.username, user.password)).statusCode).toBe(400);
    await login(t, user.username, 'brandnew1');
    const [log] = await t.db.query<{ after: unknown }>(
      `select after from audit_logs where action = 'reset-password' and entity_id = $1`,
      [String(user.userId)],
    );
    expect(log?.after).toEqual({ mode: 'set', revokedSessions: 1 });
    expect(JSON.stringify(log)).not.toContain('brandnew1');
  });

  test('a generated password is returned once and works', async () => {
    const user = await loginAs(t, USER_TYPE.AGENT);
    const result = data(
      await call({
        method: 'POST',
        url: `/api/admin/users/${user.userId}/password`,
        payload: { mode: 'generate' },
      }),
    );
    expect(result.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(result.revokedSessions).toBe(1);
    await login(t, user.username, result.password);
    const stored = await t.db.query<{ after: unknown }>('select after from audit_logs where entity_id = $1', [
      String(user.userId),
    ]);
    expect(JSON.stringify(stored)).not.toContain(result.password);
  });

  test('an administrator resetting their own password keeps the current session', async () => {
    const self = await loginAs(t, USER_TYPE.ADMIN);
    const other = await login(t, self.username, self.password);
    const result = data(
      await call(
        {
          method: 'POST',
          url: `/api/admin/users/${self.userId}/password`,
          payload: { mode: 'set', password: 'mine1234' },
        },
        self.token,
      ),
    );
    expect(result.revokedSessions).toBe(1);
    await info(self.token);
    expectErrorEnvelope(await call({ url: '/auth/info' }, other), 401, 'TOKEN_INVALID');
  });

  test.each([
    [{ mode: 'set' }, 'password', '请输入密码'],
    [{ mode: 'set', password: '123' }, 'password', '密码至少 6 个字符'],
    [{ mode: 'email' }, 'mode', '请选择设置新密码或随机生成密码'],
    [{}, 'mode', '请选择设置新密码或随机生成密码'],
  ])('refuses %j with 400 naming %s, nothing changed', async (payload, path, message) => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    const res = await call({ method: 'POST', url: `/api/admin/users/${user.userId}/password`, payload });
    expect((expectErrorEnvelope(res, 400) as { errors: unknown[] }).errors).toContainEqual({ path, message });
    await info(user.token);
    await login(t, user.username, user.password);
  });

  test('an unknown user: 404', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/admin/users/999999/password',
      payload: { mode: 'generate' },
    });
    expect(expectErrorEnvelope(res, 404).message).toBe('用户不存在');
  });
});

describe('login records', () => {
  test("lists the user's successful and failed logins, newest first, only theirs", async () => {
    const user = await createUser(t.db);
    await postLogin(t, user.username, 'wrong-password');
    await login(t, user.username, user.password);
    const page = data(await call({ url: `/api/admin/users/${user.userId}/login-records` }));
    expect(page.total).toBe(2);
    expect(page.list.map((r: { reason: string }) => r.reason)).toEqual(['success', 'bad_password']);
    expect(page.list[0]).toMatchObject({ account: user.username, ip: '127.0.0.1', success: true });
    expectErrorEnvelope(await call({ url: '/api/admin/users/999999/login-records' }), 404);
  });
});

describe('permission matrix of the user administration', () => {
  const routes: [string, Call][] = [
    ['admin:user:list', { url: '/api/admin/users' }],
    ['admin:user:export', { url: '/api/admin/users/export' }],
    ['admin:user:list', { url: '/api/admin/users/1' }],
    ['admin:user:list', { url: '/api/admin/users/1/ledger' }],
    ['admin:user:list', { url: '/api/admin/users/1/login-records' }],
    ['admin:user:add', { method: 'POST', url: '/api/admin/users', payload: {} }],
    ['admin:user:edit', { method: 'PUT', url: '/api/admin/users/1', payload: {} }],
    ['admin:user:edit', { method: 'PUT', url: '/api/admin/users/1/status', payload: { enabled: false } }],
    ['admin:user:edit', { method: 'PUT', url: '/api/admin/users/1/type', payload: { userType: 2 } }],
    [
      'admin:user:edit',
      { method: 'POST', url: '/api/admin/users/1/password', payload: { mode: 'generate' } },
    ],
    [
      'admin:user:edit',
      { method: 'PUT', url: '/api/admin/users/1/permissions', payload: { grants: [], revokes: [] } },
    ],
    ['admin:user:del', { method: 'DELETE', url: '/api/admin/users/1' }],
    ['admin:user:recharge', { method: 'POST', url: '/api/admin/users/1/balance', payload: {} }],
    ['admin:logs:list', { url: '/api/admin/finance/records' }],
    ['admin:logs:export', { url: '/api/admin/finance/records/export' }],
    ['admin:tools:list', { url: '/api/admin/finance/reconciliation' }],
    ['admin:tools:list', { url: '/api/admin/audit-logs' }],
    ['admin:tools:list', { url: '/api/admin/audit-logs/facets' }],
  ];

  test.each(routes)('%s %j: customers and agents get 403 and change nothing', async (_, route) => {
    const before = await t.db.query('select id, enabled, user_type, password_hash from users order by id');
    for (const userType of [USER_TYPE.CUSTOMER, USER_TYPE.AGENT]) {
      const { token } = await loginAs(t, userType);
      const body = expectErrorEnvelope(await call(route, token), 403);
      expect(body.message).toBe('没有权限访问该资源');
    }
    const after = await t.db.query('select id, enabled, user_type, password_hash from users order by id');
    expect(after.slice(0, before.length)).toEqual(before);
  });

  test.each(routes)(
    '%s %j: a granted permission opens exactly that route to an agent',
    async (permission, route) => {
      const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
      await t.db.query(
        `insert into user_permissions (user_id, permission, effect) values ($1, $2, 'grant')`,
        [agent.userId, permission],
      );
      const token = await login(t, agent.username, agent.password);
      // Another agent: changing oneself or an administrator is refused by the privilege rules, tested apart.
      const other = await createUser(t.db, { userType: USER_TYPE.AGENT });
      const res = await call(
        { ...route, url: route.url.replace('/users/1', `/users/${other.userId}`) },
        token,
      );
      expect(res.statusCode).not.toBe(401);
      if (res.statusCode === 403) expect(res.json().error, res.body).not.toBe('FORBIDDEN');
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});
