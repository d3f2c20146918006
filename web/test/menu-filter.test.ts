import {
  DEFAULT_PERMISSIONS,
  filterMenu,
  MENU,
  type MenuEntry,
  menuPaths,
  type PermissionSubject,
  sidebarEntries,
} from '@jiema/shared';
import { describe, expect, it } from 'vitest';

const ADMIN: PermissionSubject = { userType: 1, permissions: [] };
const CUSTOMER: PermissionSubject = { userType: 2, permissions: [...DEFAULT_PERMISSIONS[2]] };
const AGENT: PermissionSubject = { userType: 3, permissions: [...DEFAULT_PERMISSIONS[3]] };

const sidebarOf = (subject: PermissionSubject) => sidebarEntries(filterMenu(MENU, subject));
const keysOf = (entries: readonly MenuEntry[]) => entries.map((e) => e.key);
const childKeys = (entries: readonly MenuEntry[], key: string) =>
  keysOf(entries.find((e) => e.key === key)?.children ?? []);
const allKeys = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((e) => [e.key, ...allKeys(e.children ?? [])]);

const ADMIN_GROUPS = ['reports', 'users', 'phones', 'logs', 'announcements', 'tools', 'ticketManagement'];
const MASS_SMS_PATHS = [
  '/dashboard/sms-send',
  '/dashboard/sms-order-manage',
  '/dashboard/sms-send-history',
  '/dashboard/app-quota',
];

describe('the sidebar of an administrator (type 1)', () => {
  const sidebar = sidebarOf(ADMIN);

  it('has every group of spec §2, in order', () => {
    expect(keysOf(sidebar)).toEqual([
      'overview',
      'account',
      'massSms',
      'smsCenter',
      'finance',
      'support',
      'settings',
      ...ADMIN_GROUPS,
    ]);
  });

  it('shows mass SMS with its four entries and no hidden route', () => {
    expect(childKeys(sidebar, 'massSms')).toEqual(['smsSend', 'smsOrders', 'smsSendHistory', 'appQuota']);
  });

  it('shows the admin-only settings', () => {
    expect(childKeys(sidebar, 'settings')).toEqual([
      'apiSetting',
      'countryManage',
      'operatorManage',
      'applicationManage',
      'tronAddressManage',
      'apiOptionsManage',
    ]);
  });

  it('passes every permission check without holding a single permission', () => {
    expect(menuPaths(filterMenu(MENU, ADMIN))).toEqual(menuPaths(MENU));
  });

  it('keeps hidden routes openable but out of the sidebar', () => {
    const routes = menuPaths(filterMenu(MENU, ADMIN));
    expect(routes).toEqual(
      expect.arrayContaining(['/dashboard/sms', '/dashboard/history', '/dashboard/templates']),
    );
    expect(menuPaths(sidebar)).not.toContain('/dashboard/templates');
  });
});

describe('the sidebar of a customer (type 2) with the default permissions', () => {
  const sidebar = sidebarOf(CUSTOMER);

  it('has the customer groups only', () => {
    expect(keysOf(sidebar)).toEqual(['overview', 'account', 'smsCenter', 'finance', 'support', 'settings']);
  });

  it('has no mass SMS entry anywhere, not even hidden', () => {
    const routes = menuPaths(filterMenu(MENU, CUSTOMER));
    for (const path of [...MASS_SMS_PATHS, '/dashboard/sms', '/dashboard/history', '/dashboard/templates']) {
      expect(routes).not.toContain(path);
    }
  });

  it('keeps only code settings in settings', () => {
    expect(childKeys(sidebar, 'settings')).toEqual(['apiSetting']);
  });

  it('shows the whole SMS center, finance and support', () => {
    expect(childKeys(sidebar, 'smsCenter')).toEqual([
      'apiStore',
      'jiemaHistory',
      'orderManage',
      'apiManage',
      'apiBatchBinding',
      'renewRecord',
      'apiTrade',
    ]);
    expect(childKeys(sidebar, 'finance')).toEqual(['financeDetail', 'accountRecharge']);
    expect(childKeys(sidebar, 'support')).toEqual(['workOrder', 'workOrderRecord']);
  });

  it('has no admin route at all', () => {
    expect(menuPaths(filterMenu(MENU, CUSTOMER)).filter((p) => p.includes('/admin/'))).toEqual([]);
  });

  it('even with every permission, mass SMS stays administrator-only (listed for type 1 only)', () => {
    const greedy = {
      userType: 2,
      permissions: ['sms:send', 'sms:orders', 'sms:history', 'sms:quota', 'admin:user:list'],
    };
    const keys = allKeys(filterMenu(MENU, greedy));
    expect(keys).not.toContain('massSms');
    expect(keys).not.toContain('smsSend');
    expect(keys).not.toContain('userManage');
  });
});

describe('the sidebar of an agent (type 3)', () => {
  it('with no permissions shows only the overview: parents without a visible child are dropped', () => {
    expect(keysOf(sidebarOf(AGENT))).toEqual(['overview']);
  });

  it('with one granted permission shows that entry under its parent', () => {
    const sidebar = sidebarOf({ userType: 3, permissions: ['finance:recharge'] });
    expect(keysOf(sidebar)).toEqual(['overview', 'finance']);
    expect(childKeys(sidebar, 'finance')).toEqual(['accountRecharge']);
  });

  it('is never shown mass SMS', () => {
    const keys = allKeys(filterMenu(MENU, { userType: 3, permissions: ['sms:send'] }));
    expect(keys).not.toContain('massSms');
  });
});

describe('filterMenu rules on a small menu', () => {
  const menu: MenuEntry[] = [
    { key: 'free', titleKey: 'free', path: '/dashboard' },
    {
      key: 'parentWithPath',
      titleKey: 'parentWithPath',
      path: '/dashboard/reports',
      children: [
        { key: 'secret', titleKey: 'secret', path: '/dashboard/reports/secret', permission: 'x:secret' },
      ],
    },
    {
      key: 'parentWithoutPath',
      titleKey: 'parentWithoutPath',
      children: [{ key: 'other', titleKey: 'other', path: '/dashboard/other', permission: 'x:other' }],
    },
    {
      key: 'onlyHidden',
      titleKey: 'onlyHidden',
      children: [{ key: 'hiddenLeaf', titleKey: 'hiddenLeaf', path: '/dashboard/h', hidden: true }],
    },
    { key: 'typed', titleKey: 'typed', path: '/dashboard/typed', userTypes: [1] },
  ];
  const nobody = { userType: 2, permissions: [] };

  it('an entry with no permission shows for every listed type', () => {
    expect(keysOf(filterMenu(menu, nobody))).toContain('free');
  });

  it('a parent with its own path stays without a visible child', () => {
    const parent = filterMenu(menu, nobody).find((e) => e.key === 'parentWithPath');
    expect(parent?.children).toEqual([]);
  });

  it('a parent without a path and no visible child is dropped', () => {
    expect(keysOf(filterMenu(menu, nobody))).not.toContain('parentWithoutPath');
  });

  it('the parent comes back as soon as one child is allowed', () => {
    const filtered = filterMenu(menu, { userType: 2, permissions: ['x:other'] });
    expect(childKeys(filtered, 'parentWithoutPath')).toEqual(['other']);
  });

  it('an entry listed for other types is dropped even when no permission is needed', () => {
    expect(keysOf(filterMenu(menu, nobody))).not.toContain('typed');
    expect(keysOf(filterMenu(menu, { userType: 1, permissions: [] }))).toContain('typed');
  });

  it('a parent whose only child is hidden guards the route but leaves the sidebar', () => {
    const filtered = filterMenu(menu, nobody);
    expect(menuPaths(filtered)).toContain('/dashboard/h');
    expect(keysOf(sidebarEntries(filtered))).not.toContain('onlyHidden');
  });
});
