import {
  type AdminPasswordReset,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserDetail,
  type AdminUserListQuery,
  type AdminUserPermissions,
  type AdminUserUpdate,
  ALL_PERMISSIONS,
  type BalanceAdjust,
  type BalanceAdjustResult,
  EXPORT_MAX_ROWS,
  type FinanceRecordQuery,
  fromMicros,
  type PageQuery,
  ROLE_BY_TYPE,
  toMicros,
  type UserType,
} from '@jiema/shared';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { hashPassword } from '../../lib/password';
import { newApiKey, newReadablePassword } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { revokeUserSessions } from '../auth/sessions.repository';
import { findEntry, listEntries } from '../finance/finance.repository';
import { applyBalanceChange } from '../ledger/ledger.service';
import {
  addUserRole,
  emailExists,
  insertUser,
  updatePasswordHash,
  usernameExists,
} from '../users/users.repository';
import {
  type AdminUserRow,
  deleteUser,
  exportUsers,
  findPermissionOverrides,
  findUserRow,
  listLoginRecords,
  listUsers,
  replacePermissionOverrides,
  setEnabled,
  setUserType,
  typeOf,
  updateUserFields,
} from './admin-users.repository';
import { assertMayActOn, permissionsOf } from './effective-permissions';
import {
  assertMayGrant,
  assertMayMakeType,
  assertNotSelf,
  type Grantor,
  gainedPermissions,
} from './privilege-rules';

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** Generated passwords are shown once to the administrator, who hands them over. */
const GENERATED_PASSWORD_LENGTH = 12;

const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code;
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const NUMERIC_OVERFLOW = '22003';

/** In the order of ALL_PERMISSIONS, without duplicates. */
const normalised = (names: readonly string[]) => ALL_PERMISSIONS.filter((p) => names.includes(p));

export function createAdminUsersService({ db, config }: { db: Db; config: Config }) {
  const isBuiltIn = (username: string) => username.toLowerCase() === config.adminUsername.toLowerCase();

  const toAdminUser = (row: AdminUserRow): AdminUser => ({
    userId: row.id,
    username: row.username,
    email: row.email,
    nickName: row.nickName,
    userType: typeOf(row, config.adminUsername),
    enabled: row.enabled,
    emailVerified: row.emailVerified,
    balance: row.balance,
    points: row.points,
    roles: row.roles.map((name) => ({ name })),
    lastLoginTime: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
    lastLoginIp: row.lastLoginIp,
    registerIp: row.registerIp,
    createTime: new Date(row.createdAt).toISOString(),
    builtIn: isBuiltIn(row.username),
  });

  async function mustFind(q: Queryable, id: number, lock = false): Promise<AdminUserRow> {
    const row = await findUserRow(q, id, { lock });
    if (!row) throw new AppError('USER_NOT_FOUND');
    return row;
  }

  async function detailOf(q: Queryable, row: AdminUserRow): Promise<AdminUserDetail> {
    const user = toAdminUser(row);
    const overrides = await findPermissionOverrides(q, row.id);
    return { ...user, ...overrides, permissions: permissionsOf(user.userType, overrides) };
  }

  /**
   * privilege-rules.ts: the built-in administrator is changed by nobody here, an administrator only by
   * one, and an account holding a permission the actor lacks by nobody lacking it. Every change below
   * calls it on the locked row.
   */
  const assertMayChangeRow = (q: Queryable, actor: Grantor, row: AdminUserRow) =>
    assertMayActOn(q, actor, row, config.adminUsername);

  /** The acting administrator keeps their own access. */
  async function assertMayRestrict(q: Queryable, actor: Grantor, row: AdminUserRow) {
    await assertMayChangeRow(q, actor, row);
    if (row.id === actor.id) throw new AppError('SELF_ACCOUNT_PROTECTED');
  }

  return {
    async list(query: AdminUserListQuery) {
      const { list, total } = await listUsers(db, query);
      return paged(list.map(toAdminUser), total, query);
    },

    export: async (query: Omit<AdminUserListQuery, keyof PageQuery>) =>
      (await exportUsers(db, query, EXPORT_MAX_ROWS)).map(toAdminUser),

    get: async (id: number) => detailOf(db, await mustFind(db, id)),

    async create(actor: Grantor, input: AdminUserCreate): Promise<AdminUserDetail> {
      assertMayMakeType(actor, input.userType, permissionsOf(input.userType, { grants: [], revokes: [] }));
      if (isBuiltIn(input.username) || (await usernameExists(db, input.username)))
        throw new AppError('USERNAME_TAKEN');
      if (await emailExists(db, input.email)) throw new AppError('EMAIL_TAKEN');
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      try {
        return await db.transaction(async (tx) => {
          const id = await insertUser(tx, {
            username: input.username,
            email: input.email,
            passwordHash,
            userType: input.userType,
            apiKey: newApiKey(),
            nickName: input.nickName || input.username,
          });
          await addUserRole(tx, id, ROLE_BY_TYPE[input.userType]);
          const created = await detailOf(tx, await mustFind(tx, id));
          await audit(tx, actor, { action: 'create', entity: 'user', entityId: id, after: created });
          return created;
        });
      } catch (error) {
        // Two administrators creating the same name at once: the unique index decides.
        if (sqlState(error) === UNIQUE_VIOLATION) {
          const detail = String((error as { constraint?: string }).constraint ?? (error as Error).message);
          throw new AppError(detail.includes('email') ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN');
        }
        throw error;
      }
    },

    async update(actor: Grantor, id: number, input: AdminUserUpdate): Promise<AdminUserDetail> {
      if (input.email && (await emailExists(db, input.email, id))) throw new AppError('EMAIL_TAKEN');
      try {
        return await db.transaction(async (tx) => {
          const row = await mustFind(tx, id, true);
          await assertMayChangeRow(tx, actor, row);
          const before = await detailOf(tx, row);
          await updateUserFields(tx, id, input);
          const after = await detailOf(tx, await mustFind(tx, id));
          await audit(tx, actor, { action: 'update', entity: 'user', entityId: id, before, after });
          return after;
        });
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError('EMAIL_TAKEN');
        throw error;
      }
    },

    /** Disabling ends every session of the user at once (their next request gets TOKEN_INVALID). */
    async setEnabled(actor: Grantor, id: number, enabled: boolean) {
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, id, true);
        if (enabled) await assertMayChangeRow(tx, actor, row);
        else await assertMayRestrict(tx, actor, row);
        await setEnabled(tx, id, enabled);
        const revokedSessions = enabled ? 0 : await revokeUserSessions(tx, id);
        await audit(tx, actor, {
          action: enabled ? 'enable' : 'disable',
          entity: 'user',
          entityId: id,
          before: { enabled: row.enabled },
          after: { enabled, revokedSessions },
        });
        return { user: await detailOf(tx, await mustFind(tx, id)), revokedSessions };
      });
    },

    /** Sets the type and keeps the role in step (1 ADMIN, 2 CUSTOMER, 3 AGENT). */
    async setType(actor: Grantor, id: number, userType: UserType): Promise<AdminUserDetail> {
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, id, true);
        await assertMayChangeRow(tx, actor, row);
        assertNotSelf(actor, row);
        const overrides = await findPermissionOverrides(tx, id);
        const held = permissionsOf(typeOf(row, config.adminUsername), overrides);
        assertMayMakeType(actor, userType, gainedPermissions(held, permissionsOf(userType, overrides)));
        const before = { userType: typeOf(row, config.adminUsername), roles: row.roles };
        await setUserType(tx, id, userType, ROLE_BY_TYPE[userType]);
        const after = await detailOf(tx, await mustFind(tx, id));
        await audit(tx, actor, {
          action: 'set-type',
          entity: 'user',
          entityId: id,
          before,
          after: { userType: after.userType, roles: after.roles.map((r) => r.name) },
        });
        return after;
      });
    },

    /**
     * Sets the password typed by the administrator, or a generated one (returned once, never stored
     * in clear or logged). Every session of the user ends, but the administrator's own current one.
     */
    async resetPassword(actor: Grantor, id: number, input: AdminPasswordReset, keepSessionId: number) {
      const generated = input.mode === 'generate' ? newReadablePassword(GENERATED_PASSWORD_LENGTH) : null;
      const passwordHash = await hashPassword(generated ?? input.password!, config.passwordHashCost);
      return db.transaction(async (tx) => {
        await assertMayChangeRow(tx, actor, await mustFind(tx, id, true));
        await updatePasswordHash(tx, id, passwordHash);
        const revokedSessions = await revokeUserSessions(tx, id, id === actor.id ? keepSessionId : undefined);
        await audit(tx, actor, {
          action: 'reset-password',
          entity: 'user',
          entityId: id,
          after: { mode: input.mode, revokedSessions },
        });
        return { password: generated, revokedSessions };
      });
    },

    /** Replaces the individual grants and revocations (spec §6); effective from the user's next request. */
    async setPermissions(actor: Grantor, id: number, input: AdminUserPermissions): Promise<AdminUserDetail> {
      const next = { grants: normalised(input.grants), revokes: normalised(input.revokes) };
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, id, true);
        await assertMayChangeRow(tx, actor, row);
        assertNotSelf(actor, row);
        const before = await findPermissionOverrides(tx, id);
        const userType = typeOf(row, config.adminUsername);
        assertMayGrant(
          actor,
          gainedPermissions(permissionsOf(userType, before), permissionsOf(userType, next)),
        );
        await replacePermissionOverrides(tx, id, next);
        await audit(tx, actor, {
          action: 'set-permissions',
          entity: 'user',
          entityId: id,
          before,
          after: next,
        });
        return detailOf(tx, await mustFind(tx, id));
      });
    },

    /** Only an account without ledger entries or other records can go; others are disabled instead. */
    async remove(actor: Grantor, id: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const row = await mustFind(tx, id, true);
          await assertMayRestrict(tx, actor, row);
          const before = await detailOf(tx, row);
          await deleteUser(tx, id);
          await audit(tx, actor, { action: 'delete', entity: 'user', entityId: id, before });
        });
      } catch (error) {
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new AppError('USER_IN_USE');
        throw error;
      }
    },

    /**
     * Adds (reward) or removes (deduction) an amount through the ledger, idempotent by the client's
     * request id: the same id again returns the first result and changes nothing. Never below zero.
     */
    async adjustBalance(actor: Grantor, id: number, input: BalanceAdjust): Promise<BalanceAdjustResult> {
      try {
        return await db.transaction(async (tx) => {
          const row = await mustFind(tx, id, true);
          await assertMayChangeRow(tx, actor, row);
          assertNotSelf(actor, row);
          const { entry, applied } = await applyBalanceChange(tx, {
            userId: id,
            type: input.type,
            amount: input.amount,
            reference: `adjust:${input.requestId}`,
            note: input.note,
            actorId: actor.id,
          });
          const balanceAfter = entry.balanceAfter;
          const balanceBefore = fromMicros(toMicros(entry.balanceAfter) - toMicros(entry.amount));
          if (applied) {
            await audit(tx, actor, {
              action: 'adjust-balance',
              entity: 'user',
              entityId: id,
              before: { balance: balanceBefore },
              after: {
                balance: balanceAfter,
                type: entry.type,
                amount: entry.amount,
                reference: entry.reference,
                note: entry.note,
              },
            });
          }
          const shown = await findEntry(tx, entry.id);
          return { applied, balanceBefore, balanceAfter, entry: shown! };
        });
      } catch (error) {
        // The same request id raced for another user: the unique reference refused the second.
        if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError('LEDGER_REFERENCE_CONFLICT');
        if (sqlState(error) === NUMERIC_OVERFLOW) throw new AppError('BALANCE_TOO_LARGE');
        throw error;
      }
    },

    async ledger(id: number, query: FinanceRecordQuery) {
      await mustFind(db, id);
      const { list, total } = await listEntries(db, { ...query, userId: id });
      return paged(list, total, query);
    },

    async loginRecords(id: number, query: PageQuery) {
      await mustFind(db, id);
      const { list, total } = await listLoginRecords(db, id, query);
      return paged(list, total, query);
    },
  };
}
