import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, USER_TYPE, type UserType } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type AdminUserRow, findPermissionOverrides, findUserRow, typeOf } from './admin-users.repository';
import { assertHoldsAllOf, assertMayChange, type Grantor } from './privilege-rules';

/** Spec §6: type defaults, plus individual grants, minus individual revocations; type 1 holds everything. */
export function permissionsOf(
  userType: UserType,
  overrides: { grants: readonly string[]; revokes: readonly string[] },
): string[] {
  if (userType === USER_TYPE.ADMIN) return [...ALL_PERMISSIONS];
  const held = new Set([...DEFAULT_PERMISSIONS[userType], ...overrides.grants]);
  for (const p of overrides.revokes) held.delete(p);
  return ALL_PERMISSIONS.filter((p) => held.has(p));
}

/**
 * Every rule of privilege-rules.ts that decides whether `actor` may act on the user `row` at all
 * (whatever the change): not the built-in administrator, an administrator only by one, and nobody
 * holding a permission the actor lacks. Call it inside the transaction that locked the row, so a grant
 * committed meanwhile is seen.
 */
export async function assertMayActOn(q: Queryable, actor: Grantor, row: AdminUserRow, adminUsername: string) {
  const userType = typeOf(row, adminUsername);
  const isBuiltIn = (username: string) => username.toLowerCase() === adminUsername.toLowerCase();
  assertMayChange(actor, { ...row, userType }, isBuiltIn);
  assertHoldsAllOf(actor, permissionsOf(userType, await findPermissionOverrides(q, row.id)));
}

/** Locks the user `id` and applies `assertMayActOn`: for changes to a user made outside the user administration. */
export async function lockUserToActOn(q: Queryable, actor: Grantor, id: number, adminUsername: string) {
  const row = await findUserRow(q, id, { lock: true });
  if (!row) throw new AppError('USER_NOT_FOUND');
  await assertMayActOn(q, actor, row, adminUsername);
  return row;
}
