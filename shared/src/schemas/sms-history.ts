import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { CARD_TYPES, VALIDITY_KINDS } from './catalog';
import { RENTAL_STATUSES } from './rentals';

/**
 * The read side of the SMS center: the code receive history (every SMS that reached the caller's
 * rentals), and the administrators' SMS records (every stored SMS, matched or not) and phone usage
 * records (one row per rental: who used which number for which application, with what outcome).
 */

const MAX_ID = 2_147_483_647;
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Exports stop at this many rows (the newest first), so one click cannot stream the whole table. */
export const SMS_HISTORY_EXPORT_MAX_ROWS = 20_000;

/** What a phone usage record ended with; `in_use` while it holds its number and no code came yet. */
export const PHONE_USAGE_OUTCOMES = [
  'code_received',
  'refunded',
  'cancelled',
  'finished',
  'expired',
  'in_use',
] as const;
export type PhoneUsageOutcome = (typeof PHONE_USAGE_OUTCOMES)[number];

/** An SMS was attributed to a rental (`matched`) or kept for the administrators only (`unmatched`). */
export const SMS_MATCH_STATES = ['matched', 'unmatched'] as const;

export const SMS_HISTORY_SORT_FIELDS = ['receivedAt'] as const;
export const SMS_RECORD_SORT_FIELDS = ['receivedAt'] as const;
export const PHONE_USAGE_SORT_FIELDS = [
  'startsAt',
  'expiresAt',
  'endedAt',
  'smsCount',
  'phoneNumber',
] as const;

// ---------------------------------------------------------------- filters

const optionalId = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'validation.storeIdFormat' })
    .int('validation.storeIdFormat')
    .min(1, 'validation.storeIdFormat')
    .max(MAX_ID, 'validation.storeIdFormat')
    .optional(),
);

/** Digits of a number, or a part of one; spaces, dashes, brackets and + are allowed and ignored. */
const ZPhoneFilter = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .max(32, 'validation.smsHistoryPhoneFormat')
    .regex(/^[+\d\s()-]*$/, 'validation.smsHistoryPhoneFormat')
    .optional(),
);

const text = (max: number, key: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, key).optional());

/** ISO 8601 with a time zone: the browser sends the start of the first day and of the day after the last. */
const ZDate = z.preprocess(
  emptyToUndefined,
  z.iso.datetime({ offset: true, error: 'validation.smsHistoryDateFormat' }).optional(),
);

const ZBoolText = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false'], { error: 'validation.smsHistoryHasCode' })
    .transform((v) => v === 'true')
    .optional(),
);

const dateRange = { from: ZDate, to: ZDate };

/** An empty range (to before from) is a mistake in the request, not a question with no answer. */
const rangeInOrder = (v: { from?: string; to?: string }) =>
  !v.from || !v.to || Date.parse(v.to) > Date.parse(v.from);
const rangeIssue = { message: 'validation.smsHistoryDateRange', path: ['to'] };

const historyFilter = {
  phoneNumber: ZPhoneFilter,
  applicationId: optionalId,
  /** `true`: only SMS a code was extracted from; `false`: only those without. */
  hasCode: ZBoolText,
  ...dateRange,
};
export const ZSmsHistoryFilter = z.object(historyFilter).refine(rangeInOrder, rangeIssue);
export type SmsHistoryFilter = z.infer<typeof ZSmsHistoryFilter>;
export const ZSmsHistoryListQuery = ZPageQuery.extend(historyFilter).refine(rangeInOrder, rangeIssue);
export type SmsHistoryListQuery = z.infer<typeof ZSmsHistoryListQuery>;

const smsRecordFilter = {
  phoneNumber: ZPhoneFilter,
  sender: text(64, 'validation.smsHistorySenderLength'),
  match: z.preprocess(
    emptyToUndefined,
    z.enum(SMS_MATCH_STATES, { error: 'validation.smsHistoryMatch' }).optional(),
  ),
  applicationId: optionalId,
  ...dateRange,
};
export const ZSmsRecordFilter = z.object(smsRecordFilter).refine(rangeInOrder, rangeIssue);
export type SmsRecordFilter = z.infer<typeof ZSmsRecordFilter>;
export const ZSmsRecordListQuery = ZPageQuery.extend(smsRecordFilter).refine(rangeInOrder, rangeIssue);
export type SmsRecordListQuery = z.infer<typeof ZSmsRecordListQuery>;

const phoneUsageFilter = {
  phoneNumber: ZPhoneFilter,
  /** A username, exactly (case does not matter). */
  username: text(64, 'validation.smsHistoryUsernameLength'),
  applicationId: optionalId,
  status: z.preprocess(
    emptyToUndefined,
    z.enum(RENTAL_STATUSES, { error: 'validation.storeRentalStatus' }).optional(),
  ),
  outcome: z.preprocess(
    emptyToUndefined,
    z.enum(PHONE_USAGE_OUTCOMES, { error: 'validation.smsHistoryOutcome' }).optional(),
  ),
  kind: z.preprocess(emptyToUndefined, z.enum(VALIDITY_KINDS, { error: 'validation.storeKind' }).optional()),
  /** On the start of the use. */
  ...dateRange,
};
export const ZPhoneUsageFilter = z.object(phoneUsageFilter).refine(rangeInOrder, rangeIssue);
export type PhoneUsageFilter = z.infer<typeof ZPhoneUsageFilter>;
export const ZPhoneUsageListQuery = ZPageQuery.extend(phoneUsageFilter).refine(rangeInOrder, rangeIssue);
export type PhoneUsageListQuery = z.infer<typeof ZPhoneUsageListQuery>;

// ---------------------------------------------------------------- answers

/** An application as the filters and cells show it: names in both languages and the icon. */
export const ZSmsApplication = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** Resolve with `resolveIconUrl`; '' when none. */
  iconPath: z.string(),
});
export type SmsApplication = z.infer<typeof ZSmsApplication>;

/** One SMS of the caller's code receive history. */
export const ZSmsHistoryItem = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  phoneNumber: z.string(),
  rentalId: z.number().int(),
  application: ZSmsApplication,
  sender: z.string(),
  text: z.string(),
  /** The extracted code; null when the text has none. */
  code: z.string().nullable(),
  /** DEMO=on: an SMS to a demo number. */
  demo: z.boolean(),
});
export type SmsHistoryItem = z.infer<typeof ZSmsHistoryItem>;

/** Any stored SMS, for administrators; the rental fields are null when it matched none. */
export const ZSmsRecord = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  phoneNumber: z.string(),
  sender: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  /** The gateway it came through ('' when unknown). */
  source: z.string(),
  matched: z.boolean(),
  rentalId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The rental's application, else the one the SMS was attributed to (or null). */
  application: ZSmsApplication.nullable(),
  /** DEMO=on: an SMS to a demo number. */
  demo: z.boolean(),
});
export type SmsRecord = z.infer<typeof ZSmsRecord>;

/** One use of a number: a rental, who held it, for which application, and how it ended. */
export const ZPhoneUsageRecord = z.object({
  rentalId: z.number().int(),
  phoneNumber: z.string(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  countryFlag: z.string(),
  application: ZSmsApplication,
  userId: z.number().int(),
  username: z.string(),
  kind: z.enum(VALIDITY_KINDS),
  cardType: z.enum(CARD_TYPES),
  orderId: z.number().int(),
  orderNo: z.string(),
  price: z.string(),
  refundedAmount: z.string().nullable(),
  startsAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  status: z.enum(RENTAL_STATUSES),
  outcome: z.enum(PHONE_USAGE_OUTCOMES),
  smsCount: z.number().int(),
  lastCode: z.string().nullable(),
});
export type PhoneUsageRecord = z.infer<typeof ZPhoneUsageRecord>;
