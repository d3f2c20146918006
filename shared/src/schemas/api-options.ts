import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import {
  CARD_TYPES,
  DEFAULT_SORT_ORDER,
  VALIDITY_KINDS,
  VALIDITY_MAX_MINUTES,
  ZCountryCode,
  ZPrice,
} from './catalog';
import {
  emptyToNull,
  name,
  timestamps,
  ZBoolQuery,
  ZEnabled,
  ZId,
  ZQueryId,
  ZSortOrder,
} from './catalog-fields';

/**
 * API options: the validities on sale (activations of N minutes, rentals of N days), the price rules
 * of application × country × operator × card type × validity, and the store's view of the catalog.
 */

// ---------------------------------------------------------------- validity options ("API options")

const validityFields = {
  kind: z.enum(VALIDITY_KINDS, { error: 'validation.validityKind' }),
  minutes: z
    .number({ error: 'validation.validityMinutes' })
    .int('validation.validityWholeMinutes')
    .min(1, 'validation.validityMinutes')
    .max(VALIDITY_MAX_MINUTES, 'validation.validityMinutes'),
  nameZh: name('validation.nameZhRequired'),
  nameEn: name('validation.nameEnRequired'),
  enabled: ZEnabled,
  sortOrder: ZSortOrder,
};

export const ZValidityOptionCreate = z.object({
  ...validityFields,
  enabled: ZEnabled.default(true),
  sortOrder: ZSortOrder.default(DEFAULT_SORT_ORDER),
});
export type ValidityOptionCreate = z.infer<typeof ZValidityOptionCreate>;
export const ZValidityOptionUpdate = z.object(validityFields).partial();
export type ValidityOptionUpdate = z.infer<typeof ZValidityOptionUpdate>;

export const ZValidityOption = z.object({
  id: z.number().int(),
  kind: z.enum(VALIDITY_KINDS),
  minutes: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  /** How many price rules use it. */
  ruleCount: z.number().int(),
  ...timestamps,
});
export type ValidityOption = z.infer<typeof ZValidityOption>;

export const VALIDITY_SORT_FIELDS = ['kind', 'minutes', 'enabled', 'sortOrder'] as const;
export const ZValidityOptionListQuery = ZPageQuery.extend({
  kind: z.enum(VALIDITY_KINDS, { error: 'validation.validityKind' }).optional(),
  enabled: ZBoolQuery.optional(),
});
export type ValidityOptionListQuery = z.infer<typeof ZValidityOptionListQuery>;

// ---------------------------------------------------------------- price rules

/** A price rule's scope: null on application, country or operator means "any" (a default). */
const ruleScope = {
  applicationId: z.preprocess(emptyToNull, ZId.nullable()),
  countryCode: z.preprocess(emptyToNull, ZCountryCode.nullable()),
  operatorId: z.preprocess(emptyToNull, ZId.nullable()),
  cardType: z.enum(CARD_TYPES, { error: 'validation.cardType' }),
  validityOptionId: ZId,
};

export const ZPriceRuleCreate = z
  .object({ ...ruleScope, price: ZPrice, enabled: ZEnabled.default(true) })
  .refine((v) => v.operatorId === null || v.countryCode !== null, {
    message: 'validation.operatorNeedsCountry',
    path: ['operatorId'],
  });
export type PriceRuleCreate = z.infer<typeof ZPriceRuleCreate>;

export const ZPriceRuleUpdate = z.object({ ...ruleScope, price: ZPrice, enabled: ZEnabled }).partial();
export type PriceRuleUpdate = z.infer<typeof ZPriceRuleUpdate>;

export const ZPriceRule = z.object({
  id: z.number().int(),
  applicationId: z.number().int().nullable(),
  applicationCode: z.string().nullable(),
  applicationNameZh: z.string().nullable(),
  applicationNameEn: z.string().nullable(),
  countryCode: z.string().nullable(),
  countryNameZh: z.string().nullable(),
  countryNameEn: z.string().nullable(),
  countryFlag: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  operatorCode: z.string().nullable(),
  operatorName: z.string().nullable(),
  cardType: z.enum(CARD_TYPES),
  validityOptionId: z.number().int(),
  validityKind: z.enum(VALIDITY_KINDS),
  validityMinutes: z.number().int(),
  validityNameZh: z.string(),
  validityNameEn: z.string(),
  price: z.string(),
  enabled: z.boolean(),
  ...timestamps,
});
export type PriceRule = z.infer<typeof ZPriceRule>;

/** A scope filter value: an id (or code), or `any` for the rules that apply to any (null). */
const anyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal('any'), schema]);

/** Which price rules a list, an export or a bulk edit is about; absent fields do not filter. */
export const ZPriceRuleFilter = z.object({
  applicationId: anyOr(ZQueryId).optional(),
  countryCode: anyOr(ZCountryCode).optional(),
  operatorId: anyOr(ZQueryId).optional(),
  cardType: z.enum(CARD_TYPES, { error: 'validation.cardType' }).optional(),
  validityOptionId: ZQueryId.optional(),
  enabled: ZBoolQuery.optional(),
});
export type PriceRuleFilter = z.infer<typeof ZPriceRuleFilter>;

export const PRICE_RULE_SORT_FIELDS = ['price', 'cardType', 'updatedAt', 'createdAt', 'id'] as const;
export const ZPriceRuleListQuery = ZPageQuery.extend(ZPriceRuleFilter.shape);
export type PriceRuleListQuery = z.infer<typeof ZPriceRuleListQuery>;

export const BULK_MODES = ['percent', 'set'] as const;
export type BulkMode = (typeof BULK_MODES)[number];
const PERCENT = /^-?\d{1,5}(\.\d{1,4})?$/;

/**
 * "All Telegram +10%" or "every used-card price in country X = 0.5": a percentage change (rounded
 * to 6 places) or a fixed price, applied to every rule the filter matches, in one transaction.
 */
export const ZPriceBulkEdit = z
  .object({
    filter: ZPriceRuleFilter,
    mode: z.enum(BULK_MODES, { error: 'validation.bulkModeFormat' }),
    value: z.string({ error: 'validation.priceFormat' }).trim(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'set' && !ZPrice.safeParse(v.value).success) {
      ctx.addIssue({ code: 'custom', message: 'validation.priceFormat', path: ['value'] });
    }
    if (v.mode === 'percent') {
      const number = Number(v.value);
      if (!PERCENT.test(v.value) || number < -100 || number > 10_000) {
        ctx.addIssue({ code: 'custom', message: 'validation.percentFormat', path: ['value'] });
      }
    }
  });
export type PriceBulkEdit = z.infer<typeof ZPriceBulkEdit>;
/** How many rows a batch change or a bulk edit changed. */
export const ZUpdatedCount = z.object({ updated: z.number().int() });

/** What a purchase of one number would cost (the store's question). */
export const ZPriceQuery = z.object({
  applicationId: ZQueryId,
  countryCode: ZCountryCode,
  operatorId: ZQueryId.optional(),
  cardType: z.enum(CARD_TYPES, { error: 'validation.cardType' }),
  validityOptionId: ZQueryId,
});
export type PriceQuery = z.infer<typeof ZPriceQuery>;
export const ZPriceAnswer = z.object({
  /** The price of one number (6 decimals), or null when no enabled rule applies. */
  price: z.string().nullable(),
  ruleId: z.number().int().nullable(),
});
export type PriceAnswer = z.infer<typeof ZPriceAnswer>;

// ---------------------------------------------------------------- the store's view (api:store)

export const ZStoreCountry = z.object({
  code: z.string(),
  dialCode: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  flag: z.string(),
});
export type StoreCountry = z.infer<typeof ZStoreCountry>;
export const ZStoreOperator = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type StoreOperator = z.infer<typeof ZStoreOperator>;
export const ZStoreApplication = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  iconPath: z.string(),
});
export type StoreApplication = z.infer<typeof ZStoreApplication>;
export const ZStoreValidityOption = z.object({
  id: z.number().int(),
  kind: z.enum(VALIDITY_KINDS),
  minutes: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
});
export type StoreValidityOption = z.infer<typeof ZStoreValidityOption>;

/** Small look-up lists for the admin screens' selects (id/code and names, enabled or not). */
export const ZCatalogOptions = z.object({
  countries: z.array(ZStoreCountry.extend({ enabled: z.boolean() })),
  applications: z.array(
    ZStoreApplication.pick({ id: true, code: true, nameZh: true, nameEn: true }).extend({
      enabled: z.boolean(),
    }),
  ),
  validityOptions: z.array(ZStoreValidityOption.extend({ enabled: z.boolean() })),
});
export type CatalogOptions = z.infer<typeof ZCatalogOptions>;
