import {
  ALL_PERMISSIONS,
  type CurrentUser,
  DEFAULT_PERMISSIONS,
  effectiveUserType,
  resolveIconUrl,
  USER_TYPE,
  type UserType,
} from '@jiema/shared';
import type { UserRecord } from '../users/users.repository';

/** The caller of an authenticated request: the user, their effective type and permissions, and the session. */
export type AuthUser = {
  sessionId: number;
  record: UserRecord;
  userType: UserType;
  permissions: string[];
};

/** Spec §6: type defaults, plus individual grants, minus individual revocations; type 1 holds everything. */
export function effectivePermissions(record: UserRecord, userType: UserType): string[] {
  if (userType === USER_TYPE.ADMIN) return [...ALL_PERMISSIONS];
  const set = new Set(DEFAULT_PERMISSIONS[userType]);
  for (const p of record.grants) set.add(p);
  for (const p of record.revokes) set.delete(p);
  return [...set];
}

export function toAuthUser(record: UserRecord, sessionId: number, adminUsername: string): AuthUser {
  const userType = effectiveUserType(
    { userType: record.userType, username: record.username, roles: record.roles.map((name) => ({ name })) },
    adminUsername,
  );
  return { sessionId, record, userType, permissions: effectivePermissions(record, userType) };
}

/** Built once per AuthUser: one served from the session cache answers `/auth/info` again and again. */
const currentUsers = new WeakMap<AuthUser, CurrentUser>();

/** Every field of spec §3's current user. */
export function toCurrentUser(user: AuthUser): CurrentUser {
  let current = currentUsers.get(user);
  if (!current) {
    current = buildCurrentUser(user);
    currentUsers.set(user, current);
  }
  return current;
}

function buildCurrentUser(user: AuthUser): CurrentUser {
  const r = user.record;
  return {
    userId: r.id,
    username: r.username,
    nickName: r.nickName,
    email: r.email,
    userType: user.userType,
    isAdmin: user.userType === USER_TYPE.ADMIN,
    enabled: r.enabled,
    emailVerified: r.emailVerified,
    balance: r.balance,
    points: r.points,
    lastLoginTime: r.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: r.lastLoginIp,
    apiKey: r.apiKey,
    icon: resolveIconUrl(r.iconPath),
    iconPath: r.iconPath,
    createTime: r.createdAt.toISOString(),
    roles: r.roles.map((name) => ({ name })),
    permissions: user.permissions,
    demo: r.demo,
  };
}
