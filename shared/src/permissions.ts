/** Role codes of spec §6. */
export const USER_TYPE = { ADMIN: 1, CUSTOMER: 2, AGENT: 3 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];
export const USER_TYPES: readonly UserType[] = [1, 2, 3];

/** Role names stored for users; holding ADMIN makes a user type 1 (spec §6). */
export const ROLE = { ADMIN: 'ADMIN', CUSTOMER: 'CUSTOMER', AGENT: 'AGENT' } as const;
export type RoleName = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_BY_TYPE: Record<UserType, RoleName> = { 1: 'ADMIN', 2: 'CUSTOMER', 3: 'AGENT' };

const crud = (resource: string, actions: readonly string[]) => actions.map((a) => `admin:${resource}:${a}`);
const LIST_ADD_EDIT_DEL_EXPORT = ['list', 'add', 'edit', 'del', 'export'] as const;

/** What a customer may do with their own account and purchases (spec §6, type 2 defaults). */
export const CUSTOMER_PERMISSIONS = [
  'user:profile',
  'user:security',
  'api:store',
  'api:records',
  'api:orders',
  'api:manage',
  'api:transfer',
  'api:renew',
  'finance:detail',
  'finance:recharge',
  'ticket:create',
  'ticket:records',
  'api:setting',
] as const;

/** Administrator defaults beyond the customer set (spec §6, type 1 defaults). */
export const ADMIN_PERMISSIONS = [
  'sms:send',
  'sms:orders',
  'sms:history',
  'sms:quota',
  'sms:template',
  /** Approve or reject anyone's mass-SMS templates (issue 11). */
  'admin:sms-template:review',
  'statistics:view',
  ...crud('user', [...LIST_ADD_EDIT_DEL_EXPORT, 'recharge']),
  ...crud('phone', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('country', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('operator', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('application', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('tron', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('contact', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('ad', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('api-option', LIST_ADD_EDIT_DEL_EXPORT),
  ...crud('add-phone-record', ['list', 'export']),
  ...crud('ticket', ['list', 'reply', 'assign', 'edit', 'export']),
  ...crud('registration-analysis', ['list']),
  ...crud('login-analysis', ['list']),
  ...crud('logs', ['list', 'edit', 'export']),
  ...crud('announcement', ['list', 'add', 'edit', 'del']),
  ...crud('tools', ['list', 'edit']),
  ...crud('gateway', ['list', 'add', 'edit', 'del', 'test']),
  ...crud('sms-connector', ['list', 'add', 'edit', 'del', 'test']),
  ...crud('upstream', ['list', 'add', 'edit', 'test']),
  ...crud('agent', ['list', 'add', 'edit', 'test', 'payout']),
  ...crud('deposit', ['attach']),
] as const;

export const ALL_PERMISSIONS: readonly string[] = [...CUSTOMER_PERMISSIONS, ...ADMIN_PERMISSIONS];

/** Default permission set of each user type (spec §6: type 3 has none). */
export const DEFAULT_PERMISSIONS: Record<UserType, readonly string[]> = {
  1: ALL_PERMISSIONS,
  2: CUSTOMER_PERMISSIONS,
  3: [],
};

export type PermissionSubject = { userType: number; permissions: readonly string[] };

/** Type 1 passes every permission check (spec §6); everyone else needs the permission itself. */
export function hasPermission(subject: PermissionSubject, permission: string | undefined | null): boolean {
  if (!permission) return true;
  if (subject.userType === USER_TYPE.ADMIN) return true;
  return subject.permissions.includes(permission);
}

/** Spec §6: the admin username or the administrator role make a user type 1. */
export function effectiveUserType(
  user: { userType: number; username: string; roles: readonly { name: string }[] },
  adminUsername: string,
): UserType {
  if (user.username === adminUsername || user.roles.some((r) => r.name === ROLE.ADMIN))
    return USER_TYPE.ADMIN;
  return (USER_TYPES.includes(user.userType as UserType) ? user.userType : USER_TYPE.AGENT) as UserType;
}
