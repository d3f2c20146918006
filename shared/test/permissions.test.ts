import { describe, expect, it } from 'vitest';
import { filterMenu, MENU, menuPaths, sidebarEntries } from '../src/menu';
import {
  ADMIN_PERMISSIONS,
  CUSTOMER_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  effectiveUserType,
  hasPermission,
} from '../src/permissions';

describe('permissions of spec §6', () => {
  it('lets type 1 pass every check and holds others to their list', () => {
    expect(hasPermission({ userType: 1, permissions: [] }, 'admin:user:del')).toBe(true);
    expect(hasPermission({ userType: 2, permissions: [...CUSTOMER_PERMISSIONS] }, 'admin:user:del')).toBe(
      false,
    );
    expect(hasPermission({ userType: 2, permissions: ['api:store'] }, 'api:store')).toBe(true);
    expect(hasPermission({ userType: 3, permissions: [] }, undefined)).toBe(true);
  });

  it('gives type 3 nothing and type 1 the customer set plus the admin set', () => {
    expect(DEFAULT_PERMISSIONS[3]).toEqual([]);
    expect(DEFAULT_PERMISSIONS[2]).toEqual(CUSTOMER_PERMISSIONS);
    for (const p of [...CUSTOMER_PERMISSIONS, ...ADMIN_PERMISSIONS])
      expect(DEFAULT_PERMISSIONS[1]).toContain(p);
  });

  it('treats the admin username and the administrator role as type 1', () => {
    expect(effectiveUserType({ userType: 2, username: 'root', roles: [] }, 'root')).toBe(1);
    expect(effectiveUserType({ userType: 3, username: 'bob', roles: [{ name: 'ADMIN' }] }, 'root')).toBe(1);
    expect(effectiveUserType({ userType: 2, username: 'bob', roles: [] }, 'root')).toBe(2);
    expect(effectiveUserType({ userType: 9, username: 'bob', roles: [] }, 'root')).toBe(3);
  });
});

describe('the menu of spec §2', () => {
  const paths = (type: 1 | 2 | 3) =>
    menuPaths(filterMenu(MENU, { userType: type, permissions: DEFAULT_PERMISSIONS[type] }));

  it('holds every dashboard route of the spec', () => {
    const all = menuPaths(MENU);
    for (const sub of [
      '',
      'sms',
      'history',
      'templates',
      'api-store',
      'user/profile',
      'user/security',
      'jiema-history',
      'finance-detail',
      'account-recharge',
      'order-manage',
      'api-manage',
      'api-batch-binding',
      'api-trade',
      'renew-record',
      'sms-send',
      'sms-order-manage',
      'sms-send-history',
      'app-quota',
      'work-order',
      'work-order-record',
      'api-setting',
      'statistics-report',
      'admin/user-manage',
      'admin/phone-numbers/batch-add',
      'admin/logs/api-trade-records',
      'admin/registration-analysis',
    ]) {
      expect(all, sub).toContain(sub ? `/dashboard/${sub}` : '/dashboard');
    }
  });

  it('shows mass SMS and admin screens to administrators only', () => {
    expect(paths(1)).toContain('/dashboard/sms-send');
    expect(paths(1)).toContain('/dashboard/admin/user-manage');
    expect(paths(2)).not.toContain('/dashboard/sms-send');
    expect(paths(2)).not.toContain('/dashboard/admin/user-manage');
    expect(paths(2)).toContain('/dashboard/api-store');
  });

  it('drops a parent whose children are all hidden from a user with no permissions', () => {
    const visible = sidebarEntries(filterMenu(MENU, { userType: 3, permissions: [] }));
    for (const entry of visible) {
      if (entry.children) expect(entry.children.length > 0 || Boolean(entry.path)).toBe(true);
    }
    expect(menuPaths(visible)).not.toContain('/dashboard/api-store');
  });
});
