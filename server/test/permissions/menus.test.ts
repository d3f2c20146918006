import { ADMIN_PERMISSIONS, type MenuEntry, USER_TYPE, type UserType } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, authed, createTestApp, login, loginAs, setUserPermission, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function menuOf(token: string): Promise<MenuEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/menus/user-menus?debug=true',
    headers: authed(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ code: 200, data: expect.any(Array) });
  return res.json().data;
}

const flatten = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);

const keysOf = (entries: readonly MenuEntry[]) => flatten(entries).map((e) => e.key);

/** Spec §6: a parent shows only if a child is visible or it has its own path. */
function expectNoEmptyParents(entries: readonly MenuEntry[]) {
  for (const entry of flatten(entries)) {
    if (!entry.children || entry.path) continue;
    expect(
      entry.children.some((c) => !c.hidden),
      `${entry.key} has no visible child`,
    ).toBe(true);
  }
}

const ADMIN_GROUPS = [
  'massSms',
  'reports',
  'users',
  'phones',
  'logs',
  'announcements',
  'tools',
  'ticketManagement',
];

const tokenFor = async (userType: UserType) =>
  userType === USER_TYPE.ADMIN
    ? login(t, ADMIN.username, ADMIN.password)
    : (await loginAs(t, userType)).token;

describe('GET /api/menus/user-menus', () => {
  test('type 1 sees every admin group and the admin settings', async () => {
    const menu = await menuOf(await tokenFor(USER_TYPE.ADMIN));
    expect(menu.map((e) => e.key)).toEqual(expect.arrayContaining(ADMIN_GROUPS));
    expect(keysOf(menu)).toEqual(
      expect.arrayContaining([
        'countryManage',
        'tronAddressManage',
        'userManage',
        'loginAnalysis',
        'smsSend',
      ]),
    );
    expectNoEmptyParents(menu);
  });

  test('type 2 sees its own groups and no admin or mass-SMS entry', async () => {
    const menu = await menuOf(await tokenFor(USER_TYPE.CUSTOMER));
    const entries = flatten(menu);
    expect(menu.map((e) => e.key)).toEqual([
      'overview',
      'account',
      'smsCenter',
      'finance',
      'support',
      'settings',
    ]);
    for (const entry of entries) {
      expect(entry.userTypes ?? [2], entry.key).toContain(2);
      expect(entry.permission ?? '', entry.key).not.toMatch(/^(admin|sms|statistics):/);
    }
    expect(keysOf(menu)).not.toContain('smsSend');
    expect(menu.find((e) => e.key === 'settings')?.children?.map((c) => c.key)).toEqual(['apiSetting']);
    expectNoEmptyParents(menu);
  });

  test('type 3 sees only the entries that need no permission', async () => {
    const menu = await menuOf(await tokenFor(USER_TYPE.AGENT));
    expect(flatten(menu).every((e) => !e.permission)).toBe(true);
    expect(keysOf(menu)).toEqual(['overview']);
  });

  test('a permission granted to an agent brings its entry and its parent, and nothing else', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    await setUserPermission(t.db, agent.userId, 'api:store', 'grant');
    const menu = await menuOf(agent.token);
    expect(menu.map((e) => e.key)).toEqual(['overview', 'smsCenter']);
    expect(menu[1]?.children?.map((c) => c.key)).toEqual(['apiStore']);
    expectNoEmptyParents(menu);
  });

  test('an admin permission granted to a customer does not show an admin-only entry', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    for (const permission of ADMIN_PERMISSIONS)
      await setUserPermission(t.db, user.userId, permission, 'grant');
    const menu = await menuOf(user.token);
    expect(menu.map((e) => e.key)).not.toEqual(expect.arrayContaining(['reports']));
    expect(keysOf(menu)).not.toContain('countryManage');
  });

  test('a revoked default removes its entry, and a parent left without children goes too', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    await setUserPermission(t.db, user.userId, 'ticket:create', 'revoke');
    await setUserPermission(t.db, user.userId, 'ticket:records', 'revoke');
    await setUserPermission(t.db, user.userId, 'user:security', 'revoke');
    const menu = await menuOf(user.token);
    expect(keysOf(menu)).not.toContain('support');
    expect(menu.find((e) => e.key === 'account')?.children?.map((c) => c.key)).toEqual(['profile']);
    expectNoEmptyParents(menu);
  });

  test('every entry a user gets carries its permission string (or none when none is needed)', async () => {
    const menu = await menuOf(await tokenFor(USER_TYPE.CUSTOMER));
    const profile = flatten(menu).find((e) => e.key === 'profile');
    expect(profile).toMatchObject({ permission: 'user:profile', path: '/dashboard/user/profile' });
  });
});
