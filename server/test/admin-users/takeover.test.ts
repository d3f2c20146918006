import { randomUUID } from 'node:crypto';
import { CUSTOMER_PERMISSIONS, USER_TYPE } from '@jiema/shared';
import { afterAll, describe, expect, test } from 'vitest';
import {
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  postLogin,
  setUserPermission,
} from '../helpers';

/**
 * `admin:user:edit` must not reach an account holding a permission the actor lacks: the probe reset
 * another agent's password, logged in as it and used its permissions. Every route that acts on one
 * user is tried (the user administration's changes and the mass SMS plan).
 */
const t = await createTestApp();
afterAll(() => t.close());

type Call = { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };
const call = ({ method, url, payload }: Call, token: string, locale = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...authed(token), 'x-locale': locale } });

const actsOn = (id: number): [string, Call][] => [
  ['edit', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { nickName: 'owned' } }],
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
  ['type', { method: 'PUT', url: `/api/admin/users/${id}/type`, payload: { userType: 3 } }],
  [
    'permissions',
    { method: 'PUT', url: `/api/admin/users/${id}/permissions`, payload: { grants: [], revokes: [] } },
  ],
  [
    'disable (ends its sessions)',
    { method: 'PUT', url: `/api/admin/users/${id}/status`, payload: { enabled: false } },
  ],
  ['enable', { method: 'PUT', url: `/api/admin/users/${id}/status`, payload: { enabled: true } }],
  ['delete', { method: 'DELETE', url: `/api/admin/users/${id}` }],
  [
    'balance',
    {
      method: 'POST',
      url: `/api/admin/users/${id}/balance`,
      payload: { type: 'reward', amount: '1000', note: 'mine', requestId: randomUUID() },
    },
  ],
  [
    'mass SMS plan',
    {
      method: 'PUT',
      url: `/api/admin/mass-sms/users/${id}/plan`,
      payload: { plan: 'enterprise', dailyLimit: null, monthlyLimit: null },
    },
  ],
];

async function snapshot(userId: number) {
  const [user] = await t.db.query(
    `select nick_name, user_type, enabled, password_hash, balance::text, api_key from users where id = $1`,
    [userId],
  );
  const permissions = await t.db.query(
    'select permission, effect from user_permissions where user_id = $1 order by permission',
    [userId],
  );
  const sessions = await t.db.query<{ n: number }>(
    'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null',
    [userId],
  );
  const plan = await t.db.query('select plan from sms_accounts where user_id = $1', [userId]);
  return { user, permissions, sessions: sessions[0]!.n, plan };
}

async function agentWith(...permissions: string[]) {
  const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
  for (const p of permissions) await setUserPermission(t.db, agent.userId, p, 'grant');
  return agent;
}

const USER_ADMIN = ['admin:user:list', 'admin:user:edit', 'admin:user:del', 'admin:user:recharge'];

describe('acting on an account that holds more', () => {
  test.each(actsOn(0).map(([name]) => name))(
    '%s: refused, in both languages, nothing changes',
    async (name) => {
      const attacker = await agentWith(...USER_ADMIN);
      const token = await login(t, attacker.username, attacker.password);
      // The victim holds what the attacker has, and one permission more.
      const victim = await agentWith(...USER_ADMIN, 'admin:phone:del');
      await login(t, victim.username, victim.password);
      const change = actsOn(victim.userId).find(([n]) => n === name)![1];
      const before = await snapshot(victim.userId);
      const zh = expectErrorEnvelope(await call(change, token), 403);
      expect(zh.error).toBe('TARGET_MORE_PRIVILEGED');
      expect(zh.message).toBe(
        '该账号拥有你没有的权限（admin:phone:del），你不能修改它、重置它的密码或替它操作',
      );
      const en = expectErrorEnvelope(await call(change, token, 'en-US'), 403);
      expect(en.message).toMatch(/^This account holds permissions you do not hold \(admin:phone:del\)/);
      expect(await snapshot(victim.userId)).toEqual(before);
    },
  );

  test('the probe’s takeover: no password reset, so no login as the stronger agent and no credit through it', async () => {
    const attacker = await agentWith(...USER_ADMIN);
    const token = await login(t, attacker.username, attacker.password);
    const victim = await agentWith('admin:user:edit', 'admin:user:recharge', 'admin:tron:edit');
    const reset = await call(
      {
        method: 'POST',
        url: `/api/admin/users/${victim.userId}/password`,
        payload: { mode: 'set', password: 'Taken#over1' },
      },
      token,
    );
    expect(expectErrorEnvelope(reset, 403).error).toBe('TARGET_MORE_PRIVILEGED');
    expect((await postLogin(t, victim.username, 'Taken#over1')).statusCode).not.toBe(200);
    // The victim's own password still works.
    expect(await login(t, victim.username, victim.password)).toBeTruthy();
  });

  test('an agent without the customer permissions cannot reset a customer’s password (a customer holds api:store…)', async () => {
    const attacker = await agentWith(...USER_ADMIN);
    const token = await login(t, attacker.username, attacker.password);
    const customer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    const before = await snapshot(customer.userId);
    const reset = await call(
      { method: 'POST', url: `/api/admin/users/${customer.userId}/password`, payload: { mode: 'generate' } },
      token,
    );
    expect(expectErrorEnvelope(reset, 403).error).toBe('TARGET_MORE_PRIVILEGED');
    expect(await snapshot(customer.userId)).toEqual(before);
  });

  test('holding everything the target holds, every change goes through', async () => {
    const actor = await agentWith(...USER_ADMIN, ...CUSTOMER_PERMISSIONS);
    const token = await login(t, actor.username, actor.password);
    const customer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    for (const [name, change] of actsOn(customer.userId).filter(([n]) => !['type', 'delete'].includes(n))) {
      const res = await call(change, token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
    const weaker = await agentWith('admin:user:list');
    const typed = await call(
      { method: 'PUT', url: `/api/admin/users/${weaker.userId}/type`, payload: { userType: 3 } },
      token,
    );
    expect(typed.statusCode, typed.body).toBe(200);
    const removed = await call({ method: 'DELETE', url: `/api/admin/users/${weaker.userId}` }, token);
    expect(removed.statusCode, removed.body).toBe(200);
  });

  test('nobody sets their own mass SMS plan', async () => {
    const actor = await agentWith(...USER_ADMIN);
    const token = await login(t, actor.username, actor.password);
    const res = await call(actsOn(actor.userId).find(([n]) => n === 'mass SMS plan')![1], token);
    expect(expectErrorEnvelope(res, 403).error).toBe('SELF_PRIVILEGE_CHANGE');
  });
});
