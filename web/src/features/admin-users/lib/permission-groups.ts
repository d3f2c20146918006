import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, USER_TYPE, type UserType } from '@jiema/shared';

export type PermissionGroup = { key: string; permissions: string[] };

/** i18n keys cannot hold `:` (i18next's namespace separator). */
export const i18nKey = (name: string) => name.replace(/:/g, '_');

/** `admin:country:list` belongs to `admin:country`; `api:store` to `api`. */
const groupOf = (permission: string) => {
  const parts = permission.split(':');
  return parts[0] === 'admin' ? `${parts[0]}:${parts[1]}` : (parts[0] ?? permission);
};

/** Every permission name of shared/permissions.ts, grouped by area in their declared order. */
export function permissionGroups(): PermissionGroup[] {
  const groups = new Map<string, string[]>();
  for (const permission of ALL_PERMISSIONS) {
    const key = groupOf(permission);
    groups.set(key, [...(groups.get(key) ?? []), permission]);
  }
  return [...groups].map(([key, permissions]) => ({ key, permissions }));
}

/** The translation key of one permission's label: admin ones by action, the others by name. */
export const permissionLabelKey = (permission: string) => {
  const parts = permission.split(':');
  return parts[0] === 'admin'
    ? `users.permissions.actions.${parts[2]}`
    : `users.permissions.names.${i18nKey(permission)}`;
};

export type Override = 'inherit' | 'grant' | 'revoke';

/** Spec §6: type defaults, plus grants, minus revocations; type 1 holds everything. */
export function effectiveHolds(userType: UserType, permission: string, override: Override): boolean {
  if (userType === USER_TYPE.ADMIN) return true;
  if (override === 'grant') return true;
  if (override === 'revoke') return false;
  return DEFAULT_PERMISSIONS[userType].includes(permission);
}
