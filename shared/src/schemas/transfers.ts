import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { ZDateTimeFilter } from './finance';
import { RENTAL_STATUSES } from './rentals';
import { ZIdempotencyKey } from './store';

/**
 * API transfer: a user moves rentals of their own (open ones: active or inactive) to another user
 * by username; both sides see the transfer in their records, administrators see every transfer.
 */

const MAX_ID = 2_147_483_647;
/** The most rentals one transfer (or one group link) takes. */
export const TRANSFER_MAX_RENTALS = 200;
export const TRANSFER_NOTE_MAX_LENGTH = 200;
export const TRANSFER_DIRECTIONS = ['sent', 'received'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const ZRentalId = z
  .number({ error: 'validation.transferRentalIdFormat' })
  .int('validation.transferRentalIdFormat')
  .min(1, 'validation.transferRentalIdFormat')
  .max(MAX_ID, 'validation.transferRentalIdFormat');

/** 1..200 distinct rental ids (shared with the group links). */
export const ZRentalIdList = z
  .array(ZRentalId, { error: 'validation.transferRentalsRequired' })
  .min(1, 'validation.transferRentalsRequired')
  .max(TRANSFER_MAX_RENTALS, 'validation.transferRentalsTooMany')
  .refine((ids) => new Set(ids).size === ids.length, 'validation.transferRentalsDuplicate');

export const ZTransferInput = z.object({
  /** The receiver's username (case-insensitive, as at login). */
  username: z
    .string({ error: 'validation.transferUsernameRequired' })
    .trim()
    .min(1, 'validation.transferUsernameRequired')
    .max(64, 'validation.transferUsernameRequired'),
  rentalIds: ZRentalIdList,
  note: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: 'validation.transferNoteLength' })
      .trim()
      .max(TRANSFER_NOTE_MAX_LENGTH, 'validation.transferNoteLength')
      .optional(),
  ),
  /** Also accepted as the Idempotency-Key header: a retry with the same key returns the same transfer. */
  idempotencyKey: z.preprocess(emptyToUndefined, ZIdempotencyKey.optional()),
});
export type TransferInput = z.infer<typeof ZTransferInput>;

/** One rental of a transfer, as it was when it moved. */
export const ZTransferItem = z.object({
  rentalId: z.number().int(),
  phoneNumber: z.string(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
});
export type TransferItem = z.infer<typeof ZTransferItem>;

export const ZTransfer = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  fromUsername: z.string(),
  toUserId: z.number().int(),
  toUsername: z.string(),
  count: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  items: z.array(ZTransferItem),
});
export type Transfer = z.infer<typeof ZTransfer>;

/** The caller's records: `direction` is seen from the caller, `counterpart` is the other side. */
export const ZMyTransfer = ZTransfer.extend({
  direction: z.enum(TRANSFER_DIRECTIONS),
  counterpartUsername: z.string(),
});
export type MyTransfer = z.infer<typeof ZMyTransfer>;

const ZUsernameFilter = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(64, 'validation.transferSearchLength').optional(),
);
/** A phone number or a part of one. */
const ZNumberFilter = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(64, 'validation.transferSearchLength').optional(),
);

export const ZTransferFilter = z.object({
  direction: z.preprocess(
    emptyToUndefined,
    z.enum(TRANSFER_DIRECTIONS, { error: 'validation.transferDirection' }).optional(),
  ),
  /** The other side's username (or a part of it). */
  username: ZUsernameFilter,
  phoneNumber: ZNumberFilter,
  from: ZDateTimeFilter,
  to: ZDateTimeFilter,
});
export const ZTransferListQuery = ZPageQuery.extend(ZTransferFilter.shape);
export type TransferListQuery = z.infer<typeof ZTransferListQuery>;

/** Administrators: every transfer; `username` matches either side. */
export const ZAdminTransferFilter = ZTransferFilter.omit({ direction: true });
export type AdminTransferFilter = z.infer<typeof ZAdminTransferFilter>;
export const ZAdminTransferListQuery = ZPageQuery.extend(ZAdminTransferFilter.shape);
export type AdminTransferListQuery = z.infer<typeof ZAdminTransferListQuery>;

/** A rental that can be picked for a transfer or a group link. */
export const ZRentalChoice = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
  countryCode: z.string(),
  countryFlag: z.string(),
  status: z.enum(RENTAL_STATUSES),
  expiresAt: z.string(),
});
export type RentalChoice = z.infer<typeof ZRentalChoice>;

/**
 * The caller's open numbers the transfer picker does not offer, by why: activations (a single code,
 * refunded to whoever holds it when no code comes, so moving one would move refundable money) and
 * rentals suspended by an administrator. The page says so instead of "no numbers to choose".
 */
export const ZUntransferable = z.object({
  activations: z.number().int(),
  suspended: z.number().int(),
});
export type Untransferable = z.infer<typeof ZUntransferable>;

/** The most choices one search answers: pick by searching rather than scrolling thousands. */
export const RENTAL_CHOICES_LIMIT = 500;

export const ZRentalChoiceQuery = z.object({
  /** A phone number, an application code or name (or a part of one). */
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.transferSearchLength').optional(),
  ),
});
export type RentalChoiceQuery = z.infer<typeof ZRentalChoiceQuery>;
