import { z } from 'zod';
import { ZDateRange, ZPageQuery } from '../pagination';

/**
 * The stock of phone numbers: the numbers themselves (E.164, one row each), batch imports (upload →
 * preview → one atomic write, with progress) and the add records they leave behind.
 */

/** Spec glossary: a number is available, rented (in use), disabled by an administrator, or cooling down after a rental. */
export const PHONE_STATES = ['available', 'in_use', 'disabled', 'cooling_down'] as const;
export type PhoneState = (typeof PHONE_STATES)[number];

/** Card use per number and application: `new` = never rented for it, `used` = rented for it before. */
export const PHONE_CARD_USES = ['new', 'used'] as const;
export type PhoneCardUse = (typeof PHONE_CARD_USES)[number];

/**
 * An import: `analysing` (lines parsed, normalised and checked in chunks) → `ready` (the preview) →
 * `importing` (the one transaction) → `completed`; or `failed` (nothing written) / `cancelled`.
 */
export const PHONE_IMPORT_STATES = [
  'analysing',
  'ready',
  'importing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type PhoneImportState = (typeof PHONE_IMPORT_STATES)[number];

/** What the preview says of one line. */
export const PHONE_LINE_STATUSES = ['valid', 'invalid', 'duplicateInFile', 'duplicateInStock'] as const;
export type PhoneLineStatus = (typeof PHONE_LINE_STATUSES)[number];

/**
 * Why a line is invalid. `detail` of the line adds: the country the number belongs to
 * (`wrongCountry`), its type (`notMobile`), the operator given (`unknownOperator`).
 */
export const PHONE_LINE_REASONS = [
  'notANumber',
  'tooShort',
  'tooLong',
  'invalidNumber',
  'wrongCountry',
  'notMobile',
  'unknownOperator',
  'badFormat',
] as const;
export type PhoneLineReason = (typeof PHONE_LINE_REASONS)[number];

/** Batch limits: an upload of at most 10 MB and 200,000 lines (one number per line, or `number,operator`). */
export const PHONE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const PHONE_IMPORT_MAX_LINES = 200_000;
export const PHONE_IMPORT_FILE_TYPES = ['.txt', '.csv'] as const;
/** Explicitly selected numbers per bulk action; "all matching the filter" has no limit. */
export const PHONE_SELECTION_MAX = 1000;

const MAX_ID = 2_147_483_647;
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---------------------------------------------------------------- fields

export const ZStockCountryCode = z
  .string({ error: 'validation.stockCountryRequired' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'validation.stockCountryRequired');

const ZStockId = z.coerce
  .number({ error: 'validation.stockIdFormat' })
  .int('validation.stockIdFormat')
  .min(1, 'validation.stockIdFormat')
  .max(MAX_ID, 'validation.stockIdFormat');

const ZOptionalId = z.preprocess(emptyToUndefined, ZStockId.optional());

/** A gateway or source label: SIM bank, Android gateway, supplier… */
export const ZPhoneSource = z
  .string({ error: 'validation.stockSourceRequired' })
  .trim()
  .min(1, 'validation.stockSourceRequired')
  .max(64, 'validation.stockSourceLength');

/** The start of a number, `+7912` (the + may be left out; spaces and dashes are ignored). */
export const ZPhonePrefix = z
  .string({ error: 'validation.stockPrefixFormat' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{1,15}$/, 'validation.stockPrefixFormat'))
  .transform((v) => (v.startsWith('+') ? v : `+${v}`));

export const ZPhoneIdParams = z.object({ id: ZStockId });

// ---------------------------------------------------------------- numbers

/** Which numbers a list, an export or a bulk action is about; absent fields do not filter. */
export const ZPhoneNumberFilter = z.object({
  countryCode: z.preprocess(emptyToUndefined, ZStockCountryCode.optional()),
  operatorId: ZOptionalId,
  prefix: z.preprocess(emptyToUndefined, ZPhonePrefix.optional()),
  state: z.preprocess(
    emptyToUndefined,
    z.enum(PHONE_STATES, { error: 'validation.stockStateFormat' }).optional(),
  ),
  source: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.stockSourceLength').optional(),
  ),
  /** With `applicationId`: new/used for that application; without: never rented at all / rented for some. */
  cardUse: z.preprocess(
    emptyToUndefined,
    z.enum(PHONE_CARD_USES, { error: 'validation.stockCardUseFormat' }).optional(),
  ),
  applicationId: ZOptionalId,
  addRecordId: ZOptionalId,
});
export type PhoneNumberFilter = z.infer<typeof ZPhoneNumberFilter>;

export const PHONE_NUMBER_SORT_FIELDS = [
  'number',
  'countryCode',
  'operatorName',
  'prefix',
  'source',
  'state',
  'cooldownUntil',
  'usedApps',
  'lastUsedAt',
  'createdAt',
  'updatedAt',
] as const;

export const ZPhoneNumberListQuery = ZPageQuery.extend(ZPhoneNumberFilter.shape);
export type PhoneNumberListQuery = z.infer<typeof ZPhoneNumberListQuery>;

export const ZPhoneNumber = z.object({
  id: z.number().int(),
  number: z.string(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  countryFlag: z.string(),
  operatorId: z.number().int(),
  operatorCode: z.string(),
  operatorName: z.string(),
  prefix: z.string(),
  source: z.string(),
  state: z.enum(PHONE_STATES),
  cooldownUntil: z.string().nullable(),
  addRecordId: z.number().int().nullable(),
  /** DEMO=on: sold only to the demo customer (and nothing else is). */
  demo: z.boolean(),
  /** For how many applications the number was rented (0 = a new card for every application). */
  usedApps: z.number().int(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PhoneNumber = z.infer<typeof ZPhoneNumber>;

/** Edit one number: its operator (within its country) and its source. */
export const ZPhoneNumberUpdate = z.object({
  operatorId: ZStockId.optional(),
  source: ZPhoneSource.optional(),
});
export type PhoneNumberUpdate = z.infer<typeof ZPhoneNumberUpdate>;

const ZSelection = z
  .array(ZStockId, { error: 'validation.stockSelectionRequired' })
  .min(1, 'validation.stockSelectionRequired')
  .max(PHONE_SELECTION_MAX, 'validation.stockSelectionTooLarge');

/**
 * Enable or disable numbers: the selected `ids`, or every number matching `filter` ("all matching").
 * Disabling leaves numbers in use alone (a customer holds them); enabling makes disabled ones available.
 */
export const ZPhoneNumberBulkState = z
  .object({
    enabled: z.boolean({ error: 'validation.stockEnabledFormat' }),
    ids: ZSelection.optional(),
    filter: ZPhoneNumberFilter.optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), {
    message: 'validation.stockTargetRequired',
    path: ['ids'],
  });
export type PhoneNumberBulkState = z.infer<typeof ZPhoneNumberBulkState>;

/** Delete the selected numbers; numbers in use are kept. */
export const ZPhoneNumberBulkDelete = z.object({ ids: ZSelection });
export type PhoneNumberBulkDelete = z.infer<typeof ZPhoneNumberBulkDelete>;

export const ZPhoneBulkResult = z.object({
  /** Numbers whose state changed (or that were deleted). */
  changed: z.number().int(),
  /** Numbers matched but left as they were (in use, or already in that state). */
  skipped: z.number().int(),
});
export type PhoneBulkResult = z.infer<typeof ZPhoneBulkResult>;

/** What the filters and the batch add form offer: the catalog's countries, operators, applications and the sources in use. */
export const ZStockOptions = z.object({
  countries: z.array(
    z.object({
      code: z.string(),
      dialCode: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      flag: z.string(),
      enabled: z.boolean(),
    }),
  ),
  operators: z.array(
    z.object({
      id: z.number().int(),
      countryCode: z.string(),
      code: z.string(),
      name: z.string(),
      enabled: z.boolean(),
    }),
  ),
  applications: z.array(
    z.object({ id: z.number().int(), code: z.string(), nameZh: z.string(), nameEn: z.string() }),
  ),
  sources: z.array(z.string()),
});
export type StockOptions = z.infer<typeof ZStockOptions>;

// ---------------------------------------------------------------- imports (batch add)

/**
 * The choices of a batch add, sent as the query string of the upload (the file is the multipart
 * body). No operator = the country's `any` operator, unless a line names one (`number,operator`).
 */
export const ZPhoneImportOptions = z.object({
  countryCode: ZStockCountryCode,
  operatorId: ZOptionalId,
  source: ZPhoneSource,
});
export type PhoneImportOptions = z.infer<typeof ZPhoneImportOptions>;

export const ZPhoneImport = z.object({
  id: z.number().int(),
  state: z.enum(PHONE_IMPORT_STATES),
  countryCode: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  source: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** Non-empty lines in the file. */
  totalLines: z.number().int(),
  /** Lines analysed so far (the preview's progress). */
  processedLines: z.number().int(),
  /** Lines written so far (the import's progress; reported as each chunk lands). */
  writtenLines: z.number().int(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  duplicateInFileCount: z.number().int(),
  duplicateInStockCount: z.number().int(),
  /** After the import: numbers added, and valid ones skipped because they reached the stock meanwhile. */
  addedCount: z.number().int().nullable(),
  skippedCount: z.number().int().nullable(),
  addRecordId: z.number().int().nullable(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PhoneImport = z.infer<typeof ZPhoneImport>;

export const ZPhoneImportItemsQuery = ZPageQuery.extend({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(PHONE_LINE_STATUSES, { error: 'validation.stockLineStatusFormat' }).optional(),
  ),
});
export type PhoneImportItemsQuery = z.infer<typeof ZPhoneImportItemsQuery>;

export const ZPhoneImportItem = z.object({
  lineNo: z.number().int(),
  raw: z.string(),
  /** E.164, when the line could be normalised. */
  number: z.string().nullable(),
  operatorCode: z.string().nullable(),
  operatorName: z.string().nullable(),
  status: z.enum(PHONE_LINE_STATUSES),
  reason: z.enum(PHONE_LINE_REASONS).nullable(),
  /** The reason's detail (a country, a number type, an operator), or the first line of an in-file duplicate. */
  detail: z.string().nullable(),
});
export type PhoneImportItem = z.infer<typeof ZPhoneImportItem>;

// ---------------------------------------------------------------- add records

export const ZPhoneAddRecordFilter = z.object({
  countryCode: z.preprocess(emptyToUndefined, ZStockCountryCode.optional()),
  /** File name, source or who added. */
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(64, 'validation.stockKeywordLength').optional(),
  ),
  ...ZDateRange.shape,
});
export type PhoneAddRecordFilter = z.infer<typeof ZPhoneAddRecordFilter>;

export const PHONE_ADD_RECORD_SORT_FIELDS = [
  'createdAt',
  'countryCode',
  'source',
  'totalLines',
  'addedCount',
  'invalidCount',
] as const;
export const ZPhoneAddRecordListQuery = ZPageQuery.extend(ZPhoneAddRecordFilter.shape);
export type PhoneAddRecordListQuery = z.infer<typeof ZPhoneAddRecordListQuery>;

export const ZPhoneAddRecord = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  countryFlag: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  source: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** The uploaded file is kept and can be downloaded. */
  hasFile: z.boolean(),
  totalLines: z.number().int(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  duplicateInFileCount: z.number().int(),
  duplicateInStockCount: z.number().int(),
  addedCount: z.number().int(),
  skippedCount: z.number().int(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type PhoneAddRecord = z.infer<typeof ZPhoneAddRecord>;
