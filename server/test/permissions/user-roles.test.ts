import { ALL_PERMISSIONS, CUSTOMER_PERMISSIONS, ROLE, USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const currentRoles = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/system/user-roles/current${query}`, headers: authed(token) });

/** A route guarded by `user:profile` and one by `user:security`: what a grant or revocation changes. */
const editProfile = (token: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: authed(token),
    payload: { nickName: 'n' },
  });
const newApiKey = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/api-key', headers: authed(token) });

const sorted = (list: readonly string[]) => [...list].sort();

describe('GET /api/system/user-roles/current', () => {
  test('type 1 (the seeded admin): every permission', async () => {
    const token = await login(t, ADMIN.username, ADMIN.password);
    const res = await currentRoles(token, '?debug=1');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual([
      'email',
      'permissions',
      'roles',
      'userId',
      'userType',
      'username',
    ]);
    expect(data).toMatchObject({
      username: ADMIN.username,
      email: ADMIN.email,
      userType: 1,
      roles: [{ name: 'ADMIN' }],
    });
    expect(sorted(data.permissions)).toEqual(sorted(ALL_PERMISSIONS));
  });

  test('type 2: the customer defaults of spec §6', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    const { data } = (await currentRoles(user.token)).json();
    expect(data).toMatchObject({
      userId: user.userId,
      username: user.username,
      userType: 2,
      roles: [{ name: 'CUSTOMER' }],
    });
    expect(sorted(data.permissions)).toEqual(sorted(CUSTOMER_PERMISSIONS));
  });

  test('type 3: no permissions at all', async () => {
    const user = await loginAs(t, USER_TYPE.AGENT);
    const { data } = (await currentRoles(user.token)).json();
    expect(data).toMatchObject({ userType: 3, roles: [{ name: 'AGENT' }], permissions: [] });
  });

  test('refuses a debug value that is not a short string', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    expectErrorEnvelope(await currentRoles(user.token, `?debug=${'x'.repeat(100)}`), 400);
  });
});

describe('the administrator rule of spec §6', () => {
  test('a user holding the ADMIN role is type 1, whatever type is stored', async () => {
    const user = await createUser(t.db, { userType: USER_TYPE.CUSTOMER, roles: [ROLE.CUSTOMER, ROLE.ADMIN] });
    const token = await login(t, user.username, user.password);
    const roles = (await currentRoles(token)).json().data;
    expect(roles.userType).toBe(1);
    expect(sorted(roles.permissions)).toEqual(sorted(ALL_PERMISSIONS));
    const info = (await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) })).json()
      .data;
    expect(info).toMatchObject({ userType: 1, isAdmin: true });
  });

  test('an agent given the ADMIN role passes checks its type would fail', async () => {
    const user = await createUser(t.db, { userType: USER_TYPE.AGENT, roles: [ROLE.ADMIN] });
    const token = await login(t, user.username, user.password);
    expect((await editProfile(token)).statusCode).toBe(200);
  });

  test('the admin username is type 1 even with type 2 stored and no ADMIN role', async () => {
    await t.db.query('update users set user_type = 2 where username = $1', [ADMIN.username]);
    await t.db.query(`delete from user_roles where user_id = (select id from users where username = $1)`, [
      ADMIN.username,
    ]);
    try {
      const token = await login(t, ADMIN.username, ADMIN.password);
      const roles = (await currentRoles(token)).json().data;
      expect(roles).toMatchObject({ userType: 1, roles: [] });
      expect(sorted(roles.permissions)).toEqual(sorted(ALL_PERMISSIONS));
    } finally {
      await t.db.query('update users set user_type = 1 where username = $1', [ADMIN.username]);
      await t.db.query(
        `insert into user_roles (user_id, role) select id, 'ADMIN' from users where username = $1 on conflict do nothing`,
        [ADMIN.username],
      );
    }
  });

  test('a type 1 user is refused nothing, even a permission revoked from it', async () => {
    const admin = await createUser(t.db, { userType: USER_TYPE.ADMIN });
    await setUserPermission(t.db, admin.userId, 'user:security', 'revoke');
    const token = await login(t, admin.username, admin.password);
    expect((await newApiKey(token)).statusCode).toBe(200);
  });
});

describe('individual permissions', () => {
  test('an agent granted user:profile may edit the profile, and only that', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const token = await login(t, agent.username, agent.password);
    expect((await editProfile(token)).statusCode).toBe(403);
    await setUserPermission(t.db, agent.userId, 'user:profile', 'grant');
    expect((await editProfile(token)).statusCode).toBe(200);
    expect((await newApiKey(token)).statusCode).toBe(403);
    expect((await currentRoles(token)).json().data.permissions).toEqual(['user:profile']);
  });

  test('a customer whose default user:security is revoked is refused it at once', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    expect((await newApiKey(user.token)).statusCode).toBe(200);
    await setUserPermission(t.db, user.userId, 'user:security', 'revoke');
    const body = expectErrorEnvelope(await newApiKey(user.token), 403);
    expect(body.message).toBe('没有权限访问该资源');
    expect((await currentRoles(user.token)).json().data.permissions).not.toContain('user:security');
    expect((await editProfile(user.token)).statusCode).toBe(200);
  });

  test('a grant of an admin permission shows in the roles call but does not make the user type 1', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    await setUserPermission(t.db, user.userId, 'admin:user:list', 'grant');
    const { data } = (await currentRoles(user.token)).json();
    expect(data.userType).toBe(2);
    expect(data.permissions).toContain('admin:user:list');
  });

  test('messages of a 403 follow the locale', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-key',
      headers: { ...authed(agent.token), 'x-locale': 'en-US' },
    });
    expect(expectErrorEnvelope(res, 403).message).toBe('You do not have permission to access this resource');
  });
});
