import { z } from 'zod';
import { fromMicros, toMicros } from '../money';
import { CARD_TYPES, VALIDITY_KINDS } from './catalog';

/**
 * The API store: what is on sale for one application (stock and prices per country and operator)
 * and the purchase itself (spec §5 store-order rules).
 */

/** Spec §3: an order's SMS type. */
export const SMS_TYPES = ['text', 'voice'] as const;
export type SmsType = (typeof SMS_TYPES)[number];

/** An activation may be cancelled (and refunded) only this long after it was bought (sms-activate's rule). */
export const ACTIVATION_CANCEL_LOCK_SECONDS = 120;

/** The idempotency header of a purchase; a retried request with the same key returns the same order. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,64}$/;

const MAX_ID = 2_147_483_647;
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An id from a form or a query string ('' = not chosen). */
const requiredId = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );

export const ZStoreCountryCode = z
  .string({ error: 'validation.storeCountryRequired' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'validation.storeCountryRequired');

/** The start of the numbers wanted (号段), `+7912`; the + may be left out. */
export const ZStorePrefix = z
  .string({ error: 'validation.storePrefixFormat' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?[1-9]\d{0,14}$/, 'validation.storePrefixFormat'))
  .transform((v) => (v.startsWith('+') ? v : `+${v}`));

export const ZIdempotencyKey = z
  .string({ error: 'validation.storeIdempotencyKey' })
  .regex(IDEMPOTENCY_KEY_PATTERN, 'validation.storeIdempotencyKey');

// ---------------------------------------------------------------- availability

export const ZStoreAvailabilityQuery = z.object({
  applicationId: requiredId('validation.storeApplicationRequired'),
});
export type StoreAvailabilityQuery = z.infer<typeof ZStoreAvailabilityQuery>;

/** Numbers that can be bought right now, by card type. */
export const ZStockCount = z.object({ new: z.number().int(), used: z.number().int() });
export type StockCount = z.infer<typeof ZStockCount>;

/** The price of one number for a card type and a validity; null = not on sale. */
export const ZStorePrice = z.object({
  cardType: z.enum(CARD_TYPES),
  validityOptionId: z.number().int(),
  price: z.string().nullable(),
});
export type StorePrice = z.infer<typeof ZStorePrice>;

export const ZStoreOperatorOffer = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  stock: ZStockCount,
  prices: z.array(ZStorePrice),
});
export type StoreOperatorOffer = z.infer<typeof ZStoreOperatorOffer>;

/** One country of the matrix: its stock (any operator) and prices, and the same per operator. */
export const ZStoreCountryOffer = z.object({
  code: z.string(),
  dialCode: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  flag: z.string(),
  stock: ZStockCount,
  prices: z.array(ZStorePrice),
  operators: z.array(ZStoreOperatorOffer),
});
export type StoreCountryOffer = z.infer<typeof ZStoreCountryOffer>;

export const ZStoreValidity = z.object({
  id: z.number().int(),
  kind: z.enum(VALIDITY_KINDS),
  minutes: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
});

export const ZStoreAvailability = z.object({
  applicationId: z.number().int(),
  /** The buyer is the demo customer (DEMO=on): every number offered is a demo number. */
  demo: z.boolean(),
  /** Spec §5: the maximum purchasable per order. */
  maxQuantity: z.number().int(),
  validityOptions: z.array(ZStoreValidity),
  /** Enabled countries that have numbers, most stock first. */
  countries: z.array(ZStoreCountryOffer),
});
export type StoreAvailability = z.infer<typeof ZStoreAvailability>;

// ---------------------------------------------------------------- purchase

/** Spec §5: application required; quantity above 0 (its maximum is the server's setting). */
export const ZPurchaseInput = z.object({
  applicationId: requiredId('validation.storeApplicationRequired'),
  countryCode: ZStoreCountryCode,
  /** Absent, null or the country's "any" operator: numbers of every operator. */
  operatorId: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'validation.storeOperatorFormat' })
      .int('validation.storeOperatorFormat')
      .min(1, 'validation.storeOperatorFormat')
      .max(MAX_ID, 'validation.storeOperatorFormat')
      .optional(),
  ),
  prefix: z.preprocess(emptyToUndefined, ZStorePrefix.optional()),
  cardType: z.enum(CARD_TYPES, { error: 'validation.storeCardTypeRequired' }),
  validityOptionId: requiredId('validation.storeValidityRequired'),
  quantity: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'validation.storeQuantityMin' })
      .int('validation.storeQuantityMin')
      .min(1, 'validation.storeQuantityMin')
      .max(1_000_000, 'validation.storeQuantityTooLarge'),
  ),
  smsType: z.enum(SMS_TYPES, { error: 'validation.storeSmsType' }).default('text'),
  /** Same as the `Idempotency-Key` header (the header wins). */
  idempotencyKey: z.preprocess(emptyToUndefined, ZIdempotencyKey.optional()),
  /** Numbers starting with none of these (country code and more digits, e.g. `7918` or `+7918`): as sms-activate's `phoneException`. */
  excludePrefixes: z
    .array(
      z
        .string({ error: 'validation.storeExcludePrefix' })
        .trim()
        .regex(/^\+?\d{2,15}$/, 'validation.storeExcludePrefix')
        .transform((v) => `+${v.replace(/^\+/, '')}`),
      { error: 'validation.storeExcludePrefix' },
    )
    .max(50, 'validation.storeExcludePrefix')
    .optional(),
});
export type PurchaseInput = z.infer<typeof ZPurchaseInput>;

/** The total of an order, exactly: unit price x quantity, in micro-USDT, never floating point. */
export function orderAmount(unitPrice: string, quantity: number): string {
  return fromMicros(toMicros(unitPrice) * BigInt(quantity));
}
