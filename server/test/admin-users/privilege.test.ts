import { randomUUID } from 'node:crypto';
import { CUSTOMER_PERMISSIONS, USER_TYPE } from '@jiema/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
} from '../helpers';

const t = await createTestApp();
afterAll(() => t.close());

type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
const call = ({ method = 'GET', url, payload }: Call, token: string, locale = 'zh-CN') =>
  t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...authed(token), 'x-locale': locale },
  });
const data = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const [builtIn] = await t.db.query<{ id: number }>('select id from users where username = $1', [
  ADMIN.username,
]);
const builtInId = builtIn!.id;

/** Everything about a user that a change through the user administration could touch. */
async function snapshot(userId: number) {
  const [user] = await t.db.query(
    `select username, email, nick_name, user_type, enabled, password_hash, balance::text, api_key
     from users where id = $1`,
    [userId],
  );
  const roles = await t.db.query('select role from user_roles where user_id = $1 order by role', [userId]);
  const permissions = await t.db.query(
    'select permission, effect from user_permissions where user_id = $1 order by permission',
    [userId],
  );
  const [ledger] = await t.db.query<{ n: number }>(
    'select count(*)::int as n from ledger_entries where user_id = $1',
    [userId],
  );
  return { user, roles, permissions, ledger: ledger!.n };
}

/** Every change the user administration can make to one user. */
const changesOf = (id: number): [string, Call][] => [
  [
    'email',
    {
      method: 'PUT',
      url: `/api/admin/users/${id}`,
      payload: { email: `x${randomUUID().slice(0, 8)}@evil.test` },
    },
  ],
  ['nickname', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { nickName: 'owned' } }],
  [
    'password typed',
    {
      method: 'POST',
      url: `/api/admin/users/${id}/password`,
      payload: { mode: 'set', password: 'Taken#over1' },
    },
  ],
  [
    'password generated',
    { method: 'POST', url: `/api/admin/users/${id}/password`, payload: { mode: 'generate' } },
  ],
  ['type', { method: 'PUT', url: `/api/admin/users/${id}/type`, payload: { userType: 2 } }],
  [
    'permissions',
    {
      method: 'PUT',
      url: `/api/admin/users/${id}/permissions`,
      payload: { grants: [], revokes: ['api:store'] },
    },
  ],
  ['disable', { method: 'PUT', url: `/api/admin/users/${id}/status`, payload: { enabled: false } }],
  ['enable', { method: 'PUT', url: `/api/admin/users/${id}/status`, payload: { enabled: true } }],
  ['delete', { method: 'DELETE', url: `/api/admin/users/${id}` }],
  [
    'balance',
    {
      method: 'POST',
      url: `/api/admin/users/${id}/balance`,
      payload: { type: 'reward', amount: '1000', note: 'mine now', requestId: randomUUID() },
    },
  ],
];

describe('the built-in administrator (item 6)', () => {
  test.each(changesOf(builtInId))(
    '%s: refused to another administrator, in both languages; nothing changes',
    async (_, change) => {
      const other = await loginAs(t, USER_TYPE.ADMIN);
      const before = await snapshot(builtInId);
      const zh = expectErrorEnvelope(await call(change, other.token), 400);
      expect(zh.error).toBe('ADMIN_ACCOUNT_PROTECTED');
      expect(zh.message).toBe('系统内置管理员账号不能由其他用户修改，只能由其本人在个人中心修改');
      const en = expectErrorEnvelope(await call(change, other.token, 'en-US'), 400);
      expect(en.message).toMatch(/^The built-in administrator account cannot be changed by anyone else/);
      expect(await snapshot(builtInId)).toEqual(before);
    },
  );

  test.each(changesOf(builtInId))(
    '%s: refused to an agent holding every user permission',
    async (_, change) => {
      const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
      for (const p of ['admin:user:edit', 'admin:user:del', 'admin:user:recharge'])
        await setUserPermission(t.db, agent.userId, p, 'grant');
      const token = await login(t, agent.username, agent.password);
      const before = await snapshot(builtInId);
      expect(expectErrorEnvelope(await call(change, token), 400).error).toBe('ADMIN_ACCOUNT_PROTECTED');
      expect(await snapshot(builtInId)).toEqual(before);
    },
  );

  test('changes itself through its own profile and password pages only', async () => {
    const token = await login(t, ADMIN.username, ADMIN.password);
    const viaAdmin = await call(
      { method: 'PUT', url: `/api/admin/users/${builtInId}`, payload: { nickName: 'Boss' } },
      token,
    );
    expect(expectErrorEnvelope(viaAdmin, 400).error).toBe('ADMIN_ACCOUNT_PROTECTED');
    data(await call({ method: 'PUT', url: '/api/user/profile', payload: { nickName: 'Boss' } }, token));
    const [row] = await t.db.query<{ nick_name: string }>('select nick_name from users where id = $1', [
      builtInId,
    ]);
    expect(row!.nick_name).toBe('Boss');
    const next = 'Admin#Pass2';
    const change = { oldPassword: ADMIN.password, newPassword: next, confirmPassword: next };
    data(await call({ method: 'PUT', url: '/api/user/password', payload: change }, token));
    const back = { oldPassword: next, newPassword: ADMIN.password, confirmPassword: ADMIN.password };
    data(
      await call(
        { method: 'PUT', url: '/api/user/password', payload: back },
        await login(t, ADMIN.username, next),
      ),
    );
  });
});

/** An agent logged in with the given individual grants. */
async function agentWith(...permissions: string[]) {
  const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
  for (const p of permissions) await setUserPermission(t.db, agent.userId, p, 'grant');
  return { ...agent, token: await login(t, agent.username, agent.password) };
}

describe('nobody changes their own type, roles, permissions or balance (item 7)', () => {
  test('an agent holding admin:user:edit cannot make itself an administrator', async () => {
    const agent = await agentWith('admin:user:edit');
    const before = await snapshot(agent.userId);
    const res = await call(
      { method: 'PUT', url: `/api/admin/users/${agent.userId}/type`, payload: { userType: 1 } },
      agent.token,
    );
    const body = expectErrorEnvelope(res, 403);
    expect(body.error).toBe('SELF_PRIVILEGE_CHANGE');
    expect(body.message).toBe('不能修改自己的用户类型、角色、权限或余额');
    expect(await snapshot(agent.userId)).toEqual(before);
    expect(data(await call({ url: '/auth/info' }, agent.token)).userType).toBe(3);
  });

  test('nor grant itself anything, nor lift its own revocations', async () => {
    const agent = await agentWith('admin:user:edit');
    const before = await snapshot(agent.userId);
    for (const payload of [
      { grants: ['admin:user:edit', 'admin:user:recharge'], revokes: [] },
      { grants: ['admin:user:edit'], revokes: [] },
    ]) {
      const res = await call(
        { method: 'PUT', url: `/api/admin/users/${agent.userId}/permissions`, payload },
        agent.token,
      );
      expect(expectErrorEnvelope(res, 403).error).toBe('SELF_PRIVILEGE_CHANGE');
    }
    expect(await snapshot(agent.userId)).toEqual(before);
  });

  test('a customer holding admin:user:recharge cannot credit itself 1,000 USDT', async () => {
    const customer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    await setUserPermission(t.db, customer.userId, 'admin:user:recharge', 'grant');
    const token = await login(t, customer.username, customer.password);
    const before = await snapshot(customer.userId);
    const payload = { type: 'reward', amount: '1000', note: 'free money', requestId: randomUUID() };
    const res = await call(
      { method: 'POST', url: `/api/admin/users/${customer.userId}/balance`, payload },
      token,
      'en-US',
    );
    const body = expectErrorEnvelope(res, 403);
    expect(body.error).toBe('SELF_PRIVILEGE_CHANGE');
    expect(body.message).toBe('You cannot change your own user type, roles, permissions or balance');
    expect(await snapshot(customer.userId)).toEqual(before);
  });

  test('not even a full administrator credits or re-types itself', async () => {
    const other = await loginAs(t, USER_TYPE.ADMIN);
    const before = await snapshot(other.userId);
    for (const change of changesOf(other.userId).filter(([name]) =>
      ['type', 'permissions', 'balance'].includes(name),
    )) {
      expect(expectErrorEnvelope(await call(change[1], other.token), 403).error).toBe(
        'SELF_PRIVILEGE_CHANGE',
      );
    }
    expect(await snapshot(other.userId)).toEqual(before);
  });
});

describe('nobody grants more than they hold (item 7)', () => {
  test('an agent with admin:user:edit grants what it holds, and nothing else', async () => {
    const agent = await agentWith('admin:user:edit', 'admin:user:list');
    const target = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const url = `/api/admin/users/${target.userId}/permissions`;
    const refused = await call(
      {
        method: 'PUT',
        url,
        payload: { grants: ['admin:user:list', 'admin:user:recharge', 'admin:phone:del'], revokes: [] },
      },
      agent.token,
    );
    const body = expectErrorEnvelope(refused, 403);
    expect(body.error).toBe('PERMISSION_NOT_HELD');
    expect(body.message).toBe('不能授予自己没有的权限：admin:user:recharge, admin:phone:del');
    expect((await snapshot(target.userId)).permissions).toEqual([]);
    const granted = data(
      await call({ method: 'PUT', url, payload: { grants: ['admin:user:list'], revokes: [] } }, agent.token),
    );
    expect(granted.permissions).toEqual(['admin:user:list']);
    // Taking away is not granting: the agent may revoke what it gave.
    data(await call({ method: 'PUT', url, payload: { grants: [], revokes: [] } }, agent.token));
  });

  test('lifting a revocation gives the permission back, so it needs holding it too', async () => {
    // It holds all the customer holds (else it may not act on the customer at all), but api:store.
    const agent = await agentWith(
      'admin:user:edit',
      ...CUSTOMER_PERMISSIONS.filter((p) => p !== 'api:store'),
    );
    const customer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    await setUserPermission(t.db, customer.userId, 'api:store', 'revoke');
    const res = await call(
      {
        method: 'PUT',
        url: `/api/admin/users/${customer.userId}/permissions`,
        payload: { grants: [], revokes: [] },
      },
      agent.token,
    );
    expect(expectErrorEnvelope(res, 403).error).toBe('PERMISSION_NOT_HELD');
    expect((await snapshot(customer.userId)).permissions).toEqual([
      { permission: 'api:store', effect: 'revoke' },
    ]);
  });

  test('raising a user to administrator needs an administrator', async () => {
    const agent = await agentWith('admin:user:edit', 'admin:user:add');
    const target = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const before = await snapshot(target.userId);
    const res = await call(
      { method: 'PUT', url: `/api/admin/users/${target.userId}/type`, payload: { userType: 1 } },
      agent.token,
    );
    const body = expectErrorEnvelope(res, 403);
    expect(body.error).toBe('ADMIN_ONLY_CHANGE');
    expect(body.message).toBe('只有管理员才能设置或修改管理员账号');
    // Type 2 brings the customer permissions, which this agent does not hold.
    const toCustomer = await call(
      { method: 'PUT', url: `/api/admin/users/${target.userId}/type`, payload: { userType: 2 } },
      agent.token,
    );
    expect(expectErrorEnvelope(toCustomer, 403).error).toBe('PERMISSION_NOT_HELD');
    expect(await snapshot(target.userId)).toEqual(before);
    // Nor may it create an administrator.
    const name = `adm${randomUUID().slice(0, 8)}`;
    const created = await call(
      {
        method: 'POST',
        url: '/api/admin/users',
        payload: { username: name, email: `${name}@x.test`, password: 'Secret#123', userType: 1 },
      },
      agent.token,
    );
    expect(expectErrorEnvelope(created, 403).error).toBe('ADMIN_ONLY_CHANGE');
    expect(await t.db.query('select id from users where username = $1', [name])).toEqual([]);
    // An agent it may create: that gives nothing.
    const agentName = `agt${randomUUID().slice(0, 8)}`;
    const payload = {
      username: agentName,
      email: `${agentName}@x.test`,
      password: 'Secret#123',
      userType: 3,
    };
    expect(data(await call({ method: 'POST', url: '/api/admin/users', payload }, agent.token)).userType).toBe(
      3,
    );
  });

  test('an administrator account is changed only by an administrator', async () => {
    const agent = await agentWith('admin:user:edit', 'admin:user:del', 'admin:user:recharge');
    const victim = await createUser(t.db, { userType: USER_TYPE.ADMIN });
    const before = await snapshot(victim.userId);
    for (const [name, change] of changesOf(victim.userId)) {
      const res = await call(change, agent.token);
      expect(expectErrorEnvelope(res, 403).error, name).toBe('ADMIN_ONLY_CHANGE');
    }
    expect(await snapshot(victim.userId)).toEqual(before);
  });

  test('the full administrator promotes, grants anything and credits others', async () => {
    const token = await login(t, ADMIN.username, ADMIN.password);
    const target = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    const promoted = data(
      await call(
        { method: 'PUT', url: `/api/admin/users/${target.userId}/type`, payload: { userType: 1 } },
        token,
      ),
    );
    expect(promoted.userType).toBe(1);
    const other = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const granted = data(
      await call(
        {
          method: 'PUT',
          url: `/api/admin/users/${other.userId}/permissions`,
          payload: { grants: ['admin:user:recharge'], revokes: [] },
        },
        token,
      ),
    );
    expect(granted.grants).toEqual(['admin:user:recharge']);
    const payload = { type: 'reward', amount: '5', note: 'welcome', requestId: randomUUID() };
    expect(
      data(await call({ method: 'POST', url: `/api/admin/users/${other.userId}/balance`, payload }, token))
        .balanceAfter,
    ).toBe('5.000000');
  });
});

describe('admin:logs:edit (item 8)', () => {
  test('a full administrator grants it, and the grantee may then complete and cancel orders', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const agentToken = await login(t, agent.username, agent.password);
    const complete = { method: 'POST' as const, url: '/api/admin/orders/999999/complete' };
    expect(expectErrorEnvelope(await call(complete, agentToken), 403).error).toBe('FORBIDDEN');

    const token = await login(t, ADMIN.username, ADMIN.password);
    const granted = data(
      await call(
        {
          method: 'PUT',
          url: `/api/admin/users/${agent.userId}/permissions`,
          payload: { grants: ['admin:logs:edit'], revokes: [] },
        },
        token,
      ),
    );
    expect(granted.permissions).toContain('admin:logs:edit');
    // Past the permission check: the order does not exist.
    expect(expectErrorEnvelope(await call(complete, agentToken), 404).error).not.toBe('FORBIDDEN');
    const cancel = { method: 'POST' as const, url: '/api/admin/orders/999999/cancel' };
    expect(expectErrorEnvelope(await call(cancel, agentToken), 404).error).not.toBe('FORBIDDEN');
  });
});
