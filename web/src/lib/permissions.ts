import {
  type CurrentUser,
  DEFAULT_PERMISSIONS,
  type MenuEntry,
  menuPermissions,
  type UserRoles,
  type UserType,
} from '@jiema/shared';
import { request } from './http';
import { sessionStore } from './session-store';

const debug = import.meta.env.DEV ? 'true' : 'false';

/**
 * Spec §6: permissions come from the current-role call, then from the backend menu, then from the
 * type defaults if both fail.
 */
export async function loadPermissions(user: CurrentUser): Promise<void> {
  try {
    const roles = await request<UserRoles>({
      url: '/api/system/user-roles/current',
      params: { debug },
      meta: { silent: true },
    });
    sessionStore.setPermissions(roles.userType, roles.permissions, 'roles');
    return;
  } catch {
    // next source
  }
  try {
    const menu = await request<MenuEntry[]>({
      url: '/api/menus/user-menus',
      params: { debug },
      meta: { silent: true },
    });
    sessionStore.setPermissions(user.userType, menuPermissions(menu), 'menu');
    return;
  } catch {
    // next source
  }
  const type = user.userType as UserType;
  sessionStore.setPermissions(type, [...(DEFAULT_PERMISSIONS[type] ?? [])], 'defaults');
}
