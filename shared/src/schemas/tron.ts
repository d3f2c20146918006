import { z } from 'zod';
import { ZPageQuery } from '../pagination';

/**
 * A TRON address as typed: `T` plus 33 base58 characters (no 0, O, I or l). The checksum needs
 * SHA-256, so the server checks it (`server/src/lib/tron-address.ts`); the form checks the shape.
 */
export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** The USDT-TRC20 token contract: a valid address, but never a place to receive deposits. */
export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const TRON_LABEL_MAX = 64;
export const TRON_NOTE_MAX = 500;

const flagFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const ZTronAddressInput = z.object({
  address: z
    .string({ error: 'validation.tronAddressFormat' })
    .trim()
    .regex(TRON_ADDRESS_PATTERN, 'validation.tronAddressFormat')
    .refine((v) => v !== USDT_TRC20_CONTRACT, 'validation.tronAddressIsContract'),
  label: z
    .string({ error: 'validation.tronLabelRequired' })
    .trim()
    .min(1, 'validation.tronLabelRequired')
    .max(TRON_LABEL_MAX, 'validation.tronLabelLength'),
  note: z.string().trim().max(TRON_NOTE_MAX, 'validation.tronNoteLength').default(''),
  enabled: z.boolean().default(true),
  /** Shared: never given to a user; recharge orders reserve unique amounts on it. */
  shared: z.boolean().default(false),
});
export type TronAddressInput = z.infer<typeof ZTronAddressInput>;

/** Turning a record on or off (TRON addresses, contacts, ads). */
export const ZEnabledToggle = z.object({ enabled: z.boolean() });
export type EnabledToggle = z.infer<typeof ZEnabledToggle>;

export const ZTronAddressParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZTronAddressQuery = ZPageQuery.extend({
  /** Part of the address or of the label. */
  keyword: z.string().trim().max(64).optional(),
  enabled: flagFilter,
  /** true: given to a user as their deposit address; false: still free in the pool. */
  assigned: flagFilter,
});
export type TronAddressQuery = z.infer<typeof ZTronAddressQuery>;

export const ZTronAddress = z.object({
  id: z.number().int(),
  address: z.string(),
  label: z.string(),
  note: z.string(),
  enabled: z.boolean(),
  assignedUserId: z.number().int().nullable(),
  assignedUsername: z.string().nullable(),
  assignedAt: z.string().nullable(),
  shared: z.boolean(),
  /** Sum of the deposits credited from it. */
  receivedTotal: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TronAddress = z.infer<typeof ZTronAddress>;
