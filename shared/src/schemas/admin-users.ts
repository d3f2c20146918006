import { z } from 'zod';
import { ZAmountInput } from '../money';
import { ZPageQuery } from '../pagination';
import { ALL_PERMISSIONS } from '../permissions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN, ZEmail } from './auth';
import { ZAdminLedgerEntry, ZDateTimeFilter } from './finance';
import { ZMoney, ZRole } from './user';

/**
 * User administration (spec §2 admin/user-manage): list, create, enable/disable, type, password
 * reset, individual permissions, balance adjustments, and a user's ledger and login records.
 */

const MAX_ID = 2_147_483_647;

export const ZUserTypeInput = z.literal([1, 2, 3], { error: 'validation.userTypeInvalid' });

const ZUsername = z
  .string({ error: 'validation.usernameFormat' })
  .trim()
  .regex(USERNAME_PATTERN, 'validation.usernameFormat');

/** A password an administrator types for someone: the rules of spec §5. */
export const ZAdminPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');

const ZNickName = z
  .string({ error: 'validation.nickNameLength' })
  .trim()
  .max(32, 'validation.nickNameLength');

export const ZAdminUserParams = z.object({
  id: z.coerce
    .number({ error: 'validation.userIdFormat' })
    .int('validation.userIdFormat')
    .min(1, 'validation.userIdFormat')
    .max(MAX_ID, 'validation.userIdFormat'),
});

export const ZAdminUserListQuery = ZPageQuery.extend({
  /** Part of the username or email, or the exact id. */
  keyword: z.string().trim().max(64, 'validation.userKeywordLength').optional(),
  userType: z
    .enum(['1', '2', '3'], { error: 'validation.userTypeInvalid' })
    .transform((v) => Number(v) as 1 | 2 | 3)
    .optional(),
  enabled: z
    .enum(['true', 'false'], { error: 'validation.userEnabledFormat' })
    .transform((v) => v === 'true')
    .optional(),
  /** Registered at or after. */
  from: ZDateTimeFilter,
  /** Registered before. */
  to: ZDateTimeFilter,
});
export type AdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

export const ZAdminUserCreate = z.object({
  username: ZUsername,
  email: ZEmail,
  password: ZAdminPassword,
  userType: ZUserTypeInput,
  nickName: ZNickName.optional(),
});
export type AdminUserCreate = z.infer<typeof ZAdminUserCreate>;

export const ZAdminUserUpdate = z.object({
  email: ZEmail.optional(),
  nickName: ZNickName.optional(),
});
export type AdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

export const ZAdminUserStatus = z.object({
  enabled: z.boolean({ error: 'validation.userEnabledFormat' }),
});

export const ZAdminUserTypeChange = z.object({ userType: ZUserTypeInput });

/** `set`: the administrator types the new password; `generate`: the server makes one and shows it once. */
export const ZAdminPasswordReset = z
  .object({
    mode: z.enum(['set', 'generate'], { error: 'validation.userResetMode' }),
    password: ZAdminPassword.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'set' && value.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordRequired' });
    }
  });
export type AdminPasswordReset = z.infer<typeof ZAdminPasswordReset>;

const ZPermissionName = z
  .string({ error: 'validation.userPermissionUnknown' })
  .refine((name) => ALL_PERMISSIONS.includes(name), 'validation.userPermissionUnknown');
const ZPermissionList = z
  .array(ZPermissionName, { error: 'validation.userPermissionsList' })
  .max(ALL_PERMISSIONS.length, 'validation.userPermissionsList');

/**
 * A user's individual permissions, replacing the previous ones: `grants` are added to the type's
 * defaults, `revokes` taken away from them (spec §6; type 1 holds everything whatever these say).
 */
export const ZAdminUserPermissions = z
  .object({ grants: ZPermissionList, revokes: ZPermissionList })
  .refine((v) => !v.grants.some((p) => v.revokes.includes(p)), {
    message: 'validation.userPermissionBothWays',
    path: ['revokes'],
  });
export type AdminUserPermissions = z.infer<typeof ZAdminUserPermissions>;

/**
 * The adjustments an administrator makes by hand, each a spec §4 transaction type: `recharge` is a
 * manual recharge (money received off-chain: a bank transfer, cash), entered as the recharge it is so
 * that finance and the user's transactions show it as one, not as a reward.
 */
export const ADJUSTMENT_TYPES = ['recharge', 'reward', 'deduction'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/**
 * Adds (`recharge`, `reward`) or removes (`deduction`) an amount, with a required note. `requestId` is made by
 * the client once per intended adjustment (when the dialog opens): a double click or a retry with the
 * same id never applies twice.
 */
export const ZBalanceAdjust = z.object({
  type: z.enum(ADJUSTMENT_TYPES, { error: 'validation.ledgerAdjustType' }),
  amount: ZAmountInput,
  note: z
    .string({ error: 'validation.noteRequired' })
    .trim()
    .min(1, 'validation.noteRequired')
    .max(500, 'validation.noteLength'),
  requestId: z.uuid({ error: 'validation.ledgerRequestId' }),
});
export type BalanceAdjust = z.infer<typeof ZBalanceAdjust>;

// ---------------------------------------------------------------- answers

const ZUserType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const ZAdminUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  nickName: z.string(),
  userType: ZUserType,
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  balance: ZMoney,
  points: z.number().int(),
  roles: z.array(ZRole),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  registerIp: z.string().nullable(),
  createTime: z.string(),
  /** The configured administrator (ADMIN_USERNAME): never disabled, demoted or deleted. */
  builtIn: z.boolean(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserDetail = ZAdminUser.extend({
  /** Individual grants beyond the type's defaults. */
  grants: z.array(z.string()),
  /** Type defaults taken away. */
  revokes: z.array(z.string()),
  /** What the user holds now. */
  permissions: z.array(z.string()),
});
export type AdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminUserStatusResult = z.object({
  user: ZAdminUserDetail,
  revokedSessions: z.number().int(),
});

export const ZPasswordResetResult = z.object({
  /** The generated password, shown once; null when the administrator typed it. */
  password: z.string().nullable(),
  revokedSessions: z.number().int(),
});
export type PasswordResetResult = z.infer<typeof ZPasswordResetResult>;

export const ZLoginRecord = z.object({
  id: z.number().int(),
  account: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  /** success, bad_password, unknown_account, disabled, captcha, rate_limited; pending/checking while in flight */
  reason: z.string(),
  createdAt: z.string(),
});
export type LoginRecord = z.infer<typeof ZLoginRecord>;

export const ZBalanceAdjustResult = z.object({
  /** False when this request id was applied before: nothing changed this time. */
  applied: z.boolean(),
  balanceBefore: ZMoney,
  balanceAfter: ZMoney,
  entry: ZAdminLedgerEntry,
});
export type BalanceAdjustResult = z.infer<typeof ZBalanceAdjustResult>;
