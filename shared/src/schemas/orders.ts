import { z } from 'zod';
import { ZDateRange, ZPageQuery } from '../pagination';
import { CARD_TYPES, VALIDITY_KINDS } from './catalog';
import { RENTAL_STATUSES } from './rentals';
import { SMS_TYPES, ZStoreCountryCode } from './store';

/**
 * SMS/API orders (spec §3): one purchase of `quantity` numbers of the same application, country,
 * operator, card type and validity, with its phone list and an order token that returns the codes
 * of all its numbers.
 */

/**
 * Spec §4: `pending` while its activations wait for codes, `completed` when all are settled (a day
 * rental order at once), `cancelled` when everything was refunded (or an administrator cancelled it).
 */
export const ORDER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EXPORT_FORMATS = ['txt', 'csv'] as const;
export type OrderExportFormat = (typeof ORDER_EXPORT_FORMATS)[number];

const MAX_ID = 2_147_483_647;
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'validation.storeIdFormat' })
    .int('validation.storeIdFormat')
    .min(1, 'validation.storeIdFormat')
    .max(MAX_ID, 'validation.storeIdFormat')
    .optional(),
);

export const ZOrderIdParams = z.object({
  id: z.coerce.number().int().min(1).max(MAX_ID),
});

/** One number of an order, as its details list it. */
export const ZOrderPhone = z.object({
  rentalId: z.number().int(),
  phoneNumber: z.string(),
  status: z.enum(RENTAL_STATUSES),
  expiresAt: z.string(),
  token: z.string(),
  latestCode: z.string().nullable(),
  latestCodeAt: z.string().nullable(),
  refunded: z.boolean(),
});
export type OrderPhone = z.infer<typeof ZOrderPhone>;

/** Every field of spec §3's SMS/API order. */
export const ZOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  username: z.string(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  countryFlag: z.string(),
  /** Null: numbers of any operator. */
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  /** The number prefix asked for (号段), else the country's dial code. */
  prefix: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  /** Amount in USDT. */
  amount: z.string(),
  refundedAmount: z.string(),
  smsType: z.enum(SMS_TYPES),
  cardType: z.enum(CARD_TYPES),
  validityOptionId: z.number().int(),
  validityKind: z.enum(VALIDITY_KINDS),
  validityMinutes: z.number().int(),
  /** Spec §3 "valid days": minutes / 1440 (an activation of 20 minutes is 0.0139). */
  validDays: z.number(),
  status: z.enum(ORDER_STATUSES),
  token: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  phoneList: z.array(z.string()),
  /** DEMO=on: the demo customer's order, of demo numbers (the two always go together). */
  demo: z.boolean(),
});
export type Order = z.infer<typeof ZOrder>;

export const ZOrderDetail = ZOrder.extend({ phones: z.array(ZOrderPhone) });
export type OrderDetail = z.infer<typeof ZOrderDetail>;

export const ZOrderFilter = z.object({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(ORDER_STATUSES, { error: 'validation.storeOrderStatus' }).optional(),
  ),
  kind: z.preprocess(emptyToUndefined, z.enum(VALIDITY_KINDS, { error: 'validation.storeKind' }).optional()),
  applicationId: optionalId,
  countryCode: z.preprocess(emptyToUndefined, ZStoreCountryCode.optional()),
  /** An order number or a phone number (or a part of one). */
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.storeKeywordLength').optional(),
  ),
  ...ZDateRange.shape,
});
export type OrderFilter = z.infer<typeof ZOrderFilter>;

/** Administrators also filter by buyer. */
export const ZAdminOrderFilter = ZOrderFilter.extend({
  username: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.storeKeywordLength').optional(),
  ),
  userId: optionalId,
});
export type AdminOrderFilter = z.infer<typeof ZAdminOrderFilter>;

export const ORDER_SORT_FIELDS = ['createdAt', 'amount', 'quantity', 'status', 'completedAt'] as const;
export const ZOrderListQuery = ZPageQuery.extend(ZOrderFilter.shape);
export type OrderListQuery = z.infer<typeof ZOrderListQuery>;
export const ZAdminOrderListQuery = ZPageQuery.extend(ZAdminOrderFilter.shape);
export type AdminOrderListQuery = z.infer<typeof ZAdminOrderListQuery>;

export const ZOrderPhonesExportQuery = z.object({
  format: z.enum(ORDER_EXPORT_FORMATS, { error: 'validation.storeExportFormat' }).default('txt'),
});
