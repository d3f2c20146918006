import { z } from 'zod';
import { ZEmail } from './auth';

/** USDT amounts travel as decimal strings with 6 places, never as floating-point numbers. */
export const ZMoney = z.string().regex(/^-?\d+\.\d{6}$/);

export const ZRole = z.object({ name: z.string() });

/** The current user of spec §3, every field. */
export const ZCurrentUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  email: z.string(),
  userType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  isAdmin: z.boolean(),
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  balance: ZMoney,
  points: z.number().int(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  apiKey: z.string(),
  icon: z.string(),
  iconPath: z.string(),
  createTime: z.string(),
  roles: z.array(ZRole),
  permissions: z.array(z.string()),
  /** The demo customer of DEMO=on: buys only demo numbers; the screens say so. */
  demo: z.boolean(),
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;

export const ZUserRoles = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  userType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  roles: z.array(ZRole),
  permissions: z.array(z.string()),
});
export type UserRoles = z.infer<typeof ZUserRoles>;

export const ZDebugQuery = z.object({ debug: z.string().max(16).optional() });

const iconPath = z
  .string()
  .trim()
  .max(2048, 'validation.iconPathFormat')
  .refine(
    (v) => v === '' || v.startsWith('http') || v.startsWith('data:') || v.startsWith('/'),
    'validation.iconPathFormat',
  );

export const ZProfileUpdateInput = z.object({
  nickName: z.string().trim().max(32, 'validation.nickNameLength').optional(),
  email: ZEmail.optional(),
  iconPath: iconPath.optional(),
});
export type ProfileUpdateInput = z.infer<typeof ZProfileUpdateInput>;

export const ZApiKey = z.object({ apiKey: z.string() });

/** Avatar upload limits: checked by content on the server, and before upload in the browser. */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
