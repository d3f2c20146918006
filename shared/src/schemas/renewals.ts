import { z } from 'zod';
import { ZDateRange, ZPageQuery } from '../pagination';
import { CARD_TYPES } from './catalog';
import { RENTAL_STATUSES } from './rentals';
import { ZIdempotencyKey } from './store';

/**
 * The renewal center: a user extends day rentals (APIs) by a validity option of kind `rental` at
 * its price, many at once, in one all-or-nothing charge; every extension leaves a renewal record.
 */

/** The most rentals one renewal takes (one transaction locks them all). */
export const RENEWAL_MAX_RENTALS = 200;

const MAX_ID = 2_147_483_647;
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
const optionalId = z.preprocess(emptyToUndefined, id('validation.renewalIdFormat').optional());

/** The rentals and the validity chosen: ids are de-duplicated and sorted (the lock order). */
export const ZRenewalInput = z.object({
  rentalIds: z
    .array(id('validation.renewalIdFormat'), { error: 'validation.renewalRentalsRequired' })
    .min(1, 'validation.renewalRentalsRequired')
    .max(RENEWAL_MAX_RENTALS, 'validation.renewalTooMany')
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  validityOptionId: z.preprocess(emptyToUndefined, id('validation.renewalValidityRequired')),
});
export type RenewalInput = z.infer<typeof ZRenewalInput>;

export const ZRenewalCreate = ZRenewalInput.extend({
  /** Same as the `Idempotency-Key` header (the header wins). */
  idempotencyKey: z.preprocess(emptyToUndefined, ZIdempotencyKey.optional()),
});
export type RenewalCreate = z.infer<typeof ZRenewalCreate>;

/** A validity a rental can be renewed by. */
export const ZRenewalOption = z.object({
  id: z.number().int(),
  minutes: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
});
export type RenewalOption = z.infer<typeof ZRenewalOption>;

export const ZRenewalApplication = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
});

/** What the renewal center offers: rental validities on sale, and applications for the filters. */
export const ZRenewalChoices = z.object({
  options: z.array(ZRenewalOption),
  applications: z.array(ZRenewalApplication),
});
export type RenewalChoices = z.infer<typeof ZRenewalChoices>;

const rentalNames = {
  phoneNumber: z.string(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  countryFlag: z.string(),
};

/** One of the caller's day rentals that can be renewed now. */
export const ZRenewableRental = z.object({
  id: z.number().int(),
  ...rentalNames,
  operatorName: z.string().nullable(),
  cardType: z.enum(CARD_TYPES),
  status: z.enum(RENTAL_STATUSES),
  startsAt: z.string(),
  expiresAt: z.string(),
  renewalCount: z.number().int(),
});
export type RenewableRental = z.infer<typeof ZRenewableRental>;

export const ZRenewableListQuery = ZPageQuery.extend({
  applicationId: optionalId,
  /** A phone number or a part of one. */
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.renewalKeywordLength').optional(),
  ),
});
export type RenewableListQuery = z.infer<typeof ZRenewableListQuery>;

/** The price of renewing one rental, and its expiry before and after. */
export const ZRenewalQuoteItem = z.object({
  rentalId: z.number().int(),
  ...rentalNames,
  cardType: z.enum(CARD_TYPES),
  expiresAt: z.string(),
  newExpiresAt: z.string(),
  price: z.string(),
});
export type RenewalQuoteItem = z.infer<typeof ZRenewalQuoteItem>;

export const ZRenewalQuote = z.object({
  option: ZRenewalOption,
  items: z.array(ZRenewalQuoteItem),
  /** The sum of the prices, exactly. */
  total: z.string(),
});
export type RenewalQuote = z.infer<typeof ZRenewalQuote>;

/** One rental extended once: a row of the renewal records. */
export const ZRenewalRecord = z.object({
  id: z.number().int(),
  batchNo: z.string(),
  rentalId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  ...rentalNames,
  validityOptionId: z.number().int(),
  validityNameZh: z.string(),
  validityNameEn: z.string(),
  validityMinutes: z.number().int(),
  price: z.string(),
  expiresBefore: z.string(),
  expiresAfter: z.string(),
  createdAt: z.string(),
});
export type RenewalRecord = z.infer<typeof ZRenewalRecord>;

/** A renewal done (or the same one again, for a retried idempotency key). */
export const ZRenewalResult = z.object({
  batchNo: z.string(),
  total: z.string(),
  createdAt: z.string(),
  items: z.array(ZRenewalRecord),
});
export type RenewalResult = z.infer<typeof ZRenewalResult>;

export const ZRenewalFilter = z.object({
  applicationId: optionalId,
  /** A phone number (or a part of one) or a renewal batch number. */
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.renewalKeywordLength').optional(),
  ),
  ...ZDateRange.shape,
});
export type RenewalFilter = z.infer<typeof ZRenewalFilter>;

export const ZAdminRenewalFilter = ZRenewalFilter.extend({
  username: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.renewalKeywordLength').optional(),
  ),
});
export type AdminRenewalFilter = z.infer<typeof ZAdminRenewalFilter>;

export const RENEWAL_SORT_FIELDS = ['createdAt', 'price', 'expiresAfter'] as const;
export const ZRenewalListQuery = ZPageQuery.extend(ZRenewalFilter.shape);
export type RenewalListQuery = z.infer<typeof ZRenewalListQuery>;
export const ZAdminRenewalListQuery = ZPageQuery.extend(ZAdminRenewalFilter.shape);
export type AdminRenewalListQuery = z.infer<typeof ZAdminRenewalListQuery>;
