import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { CARD_TYPES, VALIDITY_KINDS } from './catalog';

/**
 * Rentals ("APIs"): one number bound to one application for a validity, owned by a user, with its
 * own secret token. An activation is a short one sold per code (auto-refunded without a code).
 */

/**
 * Spec §4: active, inactive (paused by the owner), suspended (by an administrator), expired; an
 * activation also ends as finished (by the owner, after a code) or cancelled (refunded).
 */
export const RENTAL_STATUSES = [
  'active',
  'inactive',
  'suspended',
  'expired',
  'finished',
  'cancelled',
] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];
/** The statuses in which a rental holds its number for its application. */
export const HOLDING_RENTAL_STATUSES = ['active', 'inactive', 'suspended'] as const;

const MAX_ID = 2_147_483_647;
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZRentalIdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });

/** A code link's token (an unknown one answers 404). */
export const ZCodeTokenParams = z.object({ token: z.string().min(1).max(128) });

export const ZRental = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  username: z.string(),
  phoneNumber: z.string(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  countryFlag: z.string(),
  operatorName: z.string().nullable(),
  cardType: z.enum(CARD_TYPES),
  kind: z.enum(VALIDITY_KINDS),
  validityMinutes: z.number().int(),
  /** What this number cost: the order's unit price. */
  price: z.string(),
  status: z.enum(RENTAL_STATUSES),
  token: z.string(),
  startsAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  refundedAmount: z.string().nullable(),
  refundedAt: z.string().nullable(),
  latestCode: z.string().nullable(),
  latestText: z.string().nullable(),
  latestSender: z.string().nullable(),
  latestCodeAt: z.string().nullable(),
  messageCount: z.number().int(),
  /** DEMO=on: a demo number rented by the demo customer (the two always go together). */
  demo: z.boolean(),
  /** "Another SMS" was asked for and no newer SMS has arrived yet. */
  waitingForAnother: z.boolean(),
  /** An open activation without an SMS: when it may be cancelled for a refund. */
  cancellableAt: z.string().nullable(),
});
export type Rental = z.infer<typeof ZRental>;

export const ZRentalFilter = z.object({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(RENTAL_STATUSES, { error: 'validation.storeRentalStatus' }).optional(),
  ),
  kind: z.preprocess(emptyToUndefined, z.enum(VALIDITY_KINDS, { error: 'validation.storeKind' }).optional()),
  applicationId: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'validation.storeIdFormat' }).int().min(1).max(MAX_ID).optional(),
  ),
  orderId: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'validation.storeIdFormat' }).int().min(1).max(MAX_ID).optional(),
  ),
  /** A phone number or a part of one. */
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.storeKeywordLength').optional(),
  ),
});
export type RentalFilter = z.infer<typeof ZRentalFilter>;

export const RENTAL_SORT_FIELDS = ['createdAt', 'expiresAt', 'status', 'phoneNumber'] as const;
export const ZRentalListQuery = ZPageQuery.extend(ZRentalFilter.shape);
export type RentalListQuery = z.infer<typeof ZRentalListQuery>;

/** One number as its code link shows it. */
export const ZCodeItem = z.object({
  phoneNumber: z.string(),
  /** The same number (the name the JSON answer format promises). */
  number: z.string(),
  applicationCode: z.string(),
  /** In the caller's language. */
  applicationName: z.string(),
  status: z.enum(RENTAL_STATUSES),
  expiresAt: z.string(),
  /** The latest extracted code; null when none yet, or while the number is paused or suspended. */
  code: z.string().nullable(),
  text: z.string().nullable(),
  sender: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** `receivedAt` in ISO 8601 with the offset of the owner's time zone (code retrieval settings). */
  time: z.string().nullable(),
  waitingForAnother: z.boolean(),
});
export type CodeItem = z.infer<typeof ZCodeItem>;

/**
 * `GET /api/code/:token`: a rental token gives its number; an order token every number of the order
 * its buyer still owns; a group link token every member of the group (API merge).
 */
export const ZCodeAnswer = z.object({
  kind: z.enum(['rental', 'order', 'group']),
  /** The order of a rental or an order token; null for a group link. */
  orderNo: z.string().nullable(),
  /** The group's name, for a group link token only. */
  groupName: z.string().optional(),
  items: z.array(ZCodeItem),
});
export type CodeAnswer = z.infer<typeof ZCodeAnswer>;
