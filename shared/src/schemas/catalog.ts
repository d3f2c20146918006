import { z } from 'zod';
import { isIsoCountryCode } from '../iso-countries';
import { decimalRefinement } from '../money';
import { ZPageQuery } from '../pagination';
import {
  emptyToNull,
  MAX_ID,
  name,
  timestamps,
  ZBoolQuery,
  ZEnabled,
  ZKeyword,
  ZSlug,
  ZSortOrder,
} from './catalog-fields';
import { checkPattern, DEFAULT_CODE_PATTERN, PATTERN_MAX_LENGTH } from './catalog-patterns';

/**
 * The catalog: countries (ISO 3166-1 with dial codes, sms-activate ids and 5sim slugs), operators per
 * country (always one `any`), applications (with SMS attribution and code-extraction patterns),
 * validity options (what is on sale: activations of N minutes, rentals of N days) and price rules.
 */

export const CARD_TYPES = ['new', 'used'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const VALIDITY_KINDS = ['activation', 'rental'] as const;
export type ValidityKind = (typeof VALIDITY_KINDS)[number];
/** The operator every country has: "any carrier". */
export const ANY_OPERATOR_CODE = 'any';
export const APP_ICON_MAX_BYTES = 256 * 1024;
export const APP_ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Longest validity on sale: 366 days, in minutes. */
export const VALIDITY_MAX_MINUTES = 366 * 24 * 60;
export const DEFAULT_SORT_ORDER = 1000;

/** A country's flag emoji from its alpha-2 code (regional indicator symbols). */
export function flagOf(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

// ---------------------------------------------------------------- shared fields

export const ZCountryCode = z
  .string({ error: 'validation.countryCodeFormat' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'validation.countryCodeFormat');

/** A code for a NEW country: two letters that ISO 3166-1 assigns to a country (XK included). */
export const ZNewCountryCode = ZCountryCode.refine(isIsoCountryCode, 'validation.countryCodeNotIso');

/** A regular expression typed by an administrator or a user: compiles in RE2 (linear time) to a bounded program, does not match ''. */
export const ZPattern = z
  .string({ error: 'validation.patternInvalid' })
  .trim()
  .max(PATTERN_MAX_LENGTH, 'validation.patternLength')
  .superRefine((value, ctx) => {
    const problem = checkPattern(value);
    if (problem === 'invalid') ctx.addIssue({ code: 'custom', message: 'validation.patternInvalid' });
    if (problem === 'matchesEmpty')
      ctx.addIssue({ code: 'custom', message: 'validation.patternMatchesEmpty' });
    if (problem === 'tooComplex') ctx.addIssue({ code: 'custom', message: 'validation.patternTooComplex' });
  });

/** A price typed by a person: above 0 (a free number is a mistake), up to 12 integer digits and 6 decimals. */
export const ZPrice = z
  .string({ error: 'validation.priceFormat' })
  .trim()
  .superRefine(
    decimalRefinement({
      format: 'validation.priceFormat',
      decimals: 'validation.priceDecimals',
      tooLarge: 'validation.priceTooLarge',
      zero: 'validation.pricePositive',
    }),
  );

export const ZIdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });
export const ZCountryParams = z.object({ code: ZCountryCode });

// ---------------------------------------------------------------- countries

const countryFields = {
  dialCode: z
    .string({ error: 'validation.dialCodeFormat' })
    .trim()
    .regex(/^\+\d{1,4}$/, 'validation.dialCodeFormat'),
  nameZh: name('validation.nameZhRequired'),
  nameEn: name('validation.nameEnRequired'),
  /** Empty: derived from the code. */
  flag: z.string({ error: 'validation.flagLength' }).trim().max(16, 'validation.flagLength'),
  smsActivateId: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'validation.smsActivateIdFormat' })
      .int('validation.smsActivateIdFormat')
      .min(0, 'validation.smsActivateIdFormat')
      .max(99_999, 'validation.smsActivateIdFormat')
      .nullable(),
  ),
  fivesimSlug: ZSlug,
  enabled: ZEnabled,
  sortOrder: ZSortOrder,
};

export const ZCountryCreate = z.object({
  code: ZNewCountryCode,
  ...countryFields,
  flag: countryFields.flag.default(''),
  smsActivateId: countryFields.smsActivateId.default(null),
  fivesimSlug: countryFields.fivesimSlug.default(null),
  enabled: ZEnabled.default(true),
  sortOrder: ZSortOrder.default(DEFAULT_SORT_ORDER),
});
export type CountryCreate = z.infer<typeof ZCountryCreate>;

/** Every field optional: the switch, the sort order cell and the edit form all send what they change. */
export const ZCountryUpdate = z.object(countryFields).partial();
export type CountryUpdate = z.infer<typeof ZCountryUpdate>;

export const ZCountryBatchStatus = z.object({
  codes: z
    .array(ZCountryCode, { error: 'validation.selectionRequired' })
    .min(1, 'validation.selectionRequired')
    .max(500),
  enabled: ZEnabled,
});
export type CountryBatchStatus = z.infer<typeof ZCountryBatchStatus>;

export const ZCountry = z.object({
  code: z.string(),
  dialCode: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  flag: z.string(),
  smsActivateId: z.number().int().nullable(),
  fivesimSlug: z.string().nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  operatorCount: z.number().int(),
  ...timestamps,
});
export type Country = z.infer<typeof ZCountry>;

export const COUNTRY_SORT_FIELDS = [
  'code',
  'dialCode',
  'nameZh',
  'nameEn',
  'smsActivateId',
  'enabled',
  'sortOrder',
  'updatedAt',
] as const;
export const ZCountryListQuery = ZPageQuery.extend({
  /** Code, Chinese or English name, dial code (with or without +) or 5sim slug. */
  keyword: ZKeyword,
  enabled: ZBoolQuery.optional(),
});
export type CountryListQuery = z.infer<typeof ZCountryListQuery>;

// ---------------------------------------------------------------- operators

const operatorFields = {
  code: z
    .string({ error: 'validation.operatorCodeFormat' })
    .trim()
    .regex(/^[a-z0-9_]{1,40}$/, 'validation.operatorCodeFormat'),
  name: name('validation.nameRequired'),
  fivesimSlug: ZSlug,
  enabled: ZEnabled,
  sortOrder: ZSortOrder,
};

export const ZOperatorCreate = z.object({
  countryCode: ZCountryCode,
  ...operatorFields,
  fivesimSlug: ZSlug.default(null),
  enabled: ZEnabled.default(true),
  sortOrder: ZSortOrder.default(DEFAULT_SORT_ORDER),
});
export type OperatorCreate = z.infer<typeof ZOperatorCreate>;

export const ZOperatorUpdate = z.object(operatorFields).partial();
export type OperatorUpdate = z.infer<typeof ZOperatorUpdate>;

export const ZOperator = z.object({
  id: z.number().int(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  countryFlag: z.string(),
  code: z.string(),
  name: z.string(),
  fivesimSlug: z.string().nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  ...timestamps,
});
export type Operator = z.infer<typeof ZOperator>;

export const OPERATOR_SORT_FIELDS = [
  'countryCode',
  'code',
  'name',
  'enabled',
  'sortOrder',
  'updatedAt',
] as const;
export const ZOperatorListQuery = ZPageQuery.extend({
  countryCode: ZCountryCode.optional(),
  keyword: ZKeyword,
  enabled: ZBoolQuery.optional(),
});
export type OperatorListQuery = z.infer<typeof ZOperatorListQuery>;

// ---------------------------------------------------------------- applications

const applicationFields = {
  code: z
    .string({ error: 'validation.appCodeFormat' })
    .trim()
    .regex(/^[a-z0-9]{1,16}$/, 'validation.appCodeFormat'),
  fivesimProduct: ZSlug,
  nameZh: name('validation.nameZhRequired'),
  nameEn: name('validation.nameEnRequired'),
  /** Attributes an SMS whose sender matches; empty (with an empty keyword pattern): every SMS. */
  senderPattern: ZPattern,
  /** Attributes an SMS whose text matches. */
  keywordPattern: ZPattern,
  /** Extracts the code: the first capture group that matched, else the whole match. */
  codePattern: ZPattern.refine((v) => v !== '', 'validation.codePatternRequired'),
  /** An uploaded icon (`/api/files/<id>`), an http(s) address, or '' for none. */
  iconPath: z
    .string({ error: 'validation.iconPathFormat2' })
    .trim()
    .max(2048, 'validation.iconPathFormat2')
    .refine((v) => v === '' || v.startsWith('http') || v.startsWith('/'), 'validation.iconPathFormat2'),
  enabled: ZEnabled,
  sortOrder: ZSortOrder,
};

export const ZApplicationCreate = z.object({
  ...applicationFields,
  fivesimProduct: ZSlug.default(null),
  senderPattern: ZPattern.default(''),
  keywordPattern: ZPattern.default(''),
  codePattern: applicationFields.codePattern.default(DEFAULT_CODE_PATTERN),
  iconPath: applicationFields.iconPath.default(''),
  enabled: ZEnabled.default(true),
  sortOrder: ZSortOrder.default(DEFAULT_SORT_ORDER),
});
export type ApplicationCreate = z.infer<typeof ZApplicationCreate>;

export const ZApplicationUpdate = z.object(applicationFields).partial();
export type ApplicationUpdate = z.infer<typeof ZApplicationUpdate>;

export const ZApplication = z.object({
  id: z.number().int(),
  code: z.string(),
  fivesimProduct: z.string().nullable(),
  nameZh: z.string(),
  nameEn: z.string(),
  iconPath: z.string(),
  senderPattern: z.string(),
  keywordPattern: z.string(),
  codePattern: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  ...timestamps,
});
export type Application = z.infer<typeof ZApplication>;

export const APPLICATION_SORT_FIELDS = [
  'code',
  'nameZh',
  'nameEn',
  'enabled',
  'sortOrder',
  'updatedAt',
] as const;
export const ZApplicationListQuery = ZPageQuery.extend({ keyword: ZKeyword, enabled: ZBoolQuery.optional() });
export type ApplicationListQuery = z.infer<typeof ZApplicationListQuery>;

/** Tries an application's patterns on a sample SMS, as the inbound pipeline would. */
export const ZPatternTestInput = z.object({
  senderPattern: ZPattern.default(''),
  keywordPattern: ZPattern.default(''),
  codePattern: ZPattern.default(''),
  sender: z.string().max(256).default(''),
  text: z.string().max(4096).default(''),
});
export type PatternTestInput = z.infer<typeof ZPatternTestInput>;
export const ZPatternTestResult = z.object({ attributed: z.boolean(), code: z.string().nullable() });
export type PatternTestResult = z.infer<typeof ZPatternTestResult>;
