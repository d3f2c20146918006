import { hasPermission, USER_TYPE, type UserType } from '@jiema/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type Actor, actorOf } from '../audit/audit';

/** The acting user with what they hold: the rules below compare it with what a change would give. */
export type Grantor = Actor & { userType: UserType; permissions: readonly string[] };

type Target = { id: number; username: string; userType: UserType };

/**
 * Who may change whom through the user administration (issue 7 items 6 and 7):
 * - the built-in administrator (ADMIN_USERNAME) is changed by nobody here, only by itself through
 *   its own profile and password pages;
 * - an administrator account is changed only by an administrator (type 1), never by someone who
 *   merely holds `admin:user:edit` (else resetting its password would be a takeover).
 */
export function assertMayChange(actor: Grantor, target: Target, isBuiltIn: (username: string) => boolean) {
  if (isBuiltIn(target.username)) throw new AppError('ADMIN_ACCOUNT_PROTECTED');
  if (target.userType === USER_TYPE.ADMIN && actor.userType !== USER_TYPE.ADMIN)
    throw new AppError('ADMIN_ONLY_CHANGE');
}

/**
 * Nobody acts on an account holding a permission they lack (resets its password, edits, disables,
 * credits or re-types it): with `admin:user:edit` alone, resetting a stronger account's password and
 * logging in as it gave its permissions, the same takeover the grant rule below prevents.
 */
export function assertHoldsAllOf(actor: Grantor, targetPermissions: readonly string[]) {
  const missing = targetPermissions.filter((p) => !hasPermission(actor, p));
  if (missing.length > 0) throw new AppError('TARGET_MORE_PRIVILEGED', { permissions: missing.join(', ') });
}

/** Nobody changes their own type, roles, permissions or balance, not even an administrator. */
export function assertNotSelf(actor: Grantor, target: { id: number }) {
  if (actor.id === target.id) throw new AppError('SELF_PRIVILEGE_CHANGE');
}

/** Nobody gives another user a permission they do not hold themselves. */
export function assertMayGrant(actor: Grantor, gained: readonly string[]) {
  const missing = gained.filter((p) => !hasPermission(actor, p));
  if (missing.length > 0) throw new AppError('PERMISSION_NOT_HELD', { permissions: missing.join(', ') });
}

/** Making a user an administrator (type 1 holds everything) needs an administrator; any other type, the permissions it adds. */
export function assertMayMakeType(actor: Grantor, userType: UserType, gained: readonly string[]) {
  if (userType === USER_TYPE.ADMIN && actor.userType !== USER_TYPE.ADMIN)
    throw new AppError('ADMIN_ONLY_CHANGE');
  assertMayGrant(actor, gained);
}

/** The permissions a change adds: in `after`, not in `before`. */
export const gainedPermissions = (before: readonly string[], after: readonly string[]) =>
  after.filter((p) => !before.includes(p));

export const grantorOf = (request: FastifyRequest): Grantor => ({
  ...actorOf(request),
  userType: request.user!.userType,
  permissions: request.user!.permissions,
});
