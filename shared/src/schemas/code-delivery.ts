import { z } from 'zod';

/**
 * Getting a code out (issue 8): the code link's answer formats and long-poll, the API-key listing of
 * codes, the code retrieval settings (spec §2 `api-setting`), the customer webhook and its delivery
 * log, and the tickets of the live event stream.
 */

/** How a user's code links answer: the code alone, the whole SMS (both text/plain), or JSON. */
export const CODE_ANSWER_FORMATS = ['code', 'text', 'json'] as const;
export type CodeAnswerFormat = (typeof CODE_ANSWER_FORMATS)[number];

/** The longest long-poll of a code link, in seconds. */
export const CODE_LINK_MAX_WAIT_SECONDS = 60;
export const CODE_WINDOW_MAX_MINUTES = 10_080;
/** Time zones the JSON answer's times can be written in (ISO 8601 with that zone's offset). */
export const CODE_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Jakarta',
  'Asia/Kolkata',
  'Europe/Moscow',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'UTC',
] as const;
export const CODE_PATTERN_MAX_LENGTH = 300;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const isoTime = z.iso.datetime({ offset: true, error: 'validation.codeTimeFormat' });

/** `GET /api/code/:token?wait=N&after=<time>`. */
export const ZCodeLinkQuery = z.object({
  /** Seconds to wait for a code when there is none yet (long-poll); 0 or absent answers at once. */
  wait: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'validation.codeWait' })
      .int('validation.codeWait')
      .min(0, 'validation.codeWait')
      .max(CODE_LINK_MAX_WAIT_SECONDS, 'validation.codeWait')
      .optional(),
  ),
  /** Only SMS received after this time count (a client that already has a code waits for the next). */
  after: z.preprocess(emptyToUndefined, isoTime.optional()),
});
export type CodeLinkQuery = z.infer<typeof ZCodeLinkQuery>;

/** `GET /api/codes?since=<time>` with the header `X-API-Key`. */
export const ZApiCodesQuery = z.object({
  since: z.preprocess(emptyToUndefined, isoTime.optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'validation.codeLimit' })
      .int('validation.codeLimit')
      .min(1, 'validation.codeLimit')
      .max(500, 'validation.codeLimit')
      .default(100),
  ),
});

/** One SMS of one of the key owner's rentals. */
export const ZApiCode = z.object({
  smsId: z.number(),
  rentalId: z.number(),
  number: z.string(),
  application: z.string(),
  sender: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  time: z.string(),
});
export const ZApiCodes = z.object({
  items: z.array(ZApiCode),
  /** Pass as `since` next time to get only newer SMS. */
  until: z.string(),
});
export type ApiCodes = z.infer<typeof ZApiCodes>;

// ---------------------------------------------------------------- settings

export const ZCodePattern = z.object({
  applicationId: z.number(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
  pattern: z.string(),
});
export type CodePattern = z.infer<typeof ZCodePattern>;

export const ZCodeSettings = z.object({
  answerFormat: z.enum(CODE_ANSWER_FORMATS),
  windowMinutes: z.number(),
  timeZone: z.string(),
  webhookUrl: z.string().nullable(),
  /** Signs each webhook POST (HMAC-SHA256); null until a webhook URL is first set. */
  webhookSecret: z.string().nullable(),
  patterns: z.array(ZCodePattern),
});
export type CodeSettings = z.infer<typeof ZCodeSettings>;

const ZWebhookUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .max(500, 'validation.webhookUrlLength')
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'validation.webhookUrlScheme')
    .nullable(),
);

export const ZCodeSettingsUpdate = z.object({
  answerFormat: z.enum(CODE_ANSWER_FORMATS, { error: 'validation.codeAnswerFormat' }),
  windowMinutes: z.coerce
    .number({ error: 'validation.codeWindow' })
    .int('validation.codeWindow')
    .min(1, 'validation.codeWindow')
    .max(CODE_WINDOW_MAX_MINUTES, 'validation.codeWindow'),
  timeZone: z.enum(CODE_TIME_ZONES, { error: 'validation.codeTimeZone' }),
  webhookUrl: ZWebhookUrl,
});
export type CodeSettingsUpdate = z.infer<typeof ZCodeSettingsUpdate>;

const ZPatternText = z
  .string({ error: 'validation.userPatternRequired' })
  .trim()
  .min(1, 'validation.userPatternRequired')
  .max(CODE_PATTERN_MAX_LENGTH, 'validation.userPatternLength');

export const ZCodePatternUpdate = z.object({ pattern: ZPatternText });
export const ZCodePatternParams = z.object({
  applicationId: z.coerce
    .number({ error: 'validation.storeIdFormat' })
    .int('validation.storeIdFormat')
    .min(1, 'validation.storeIdFormat')
    .max(2_147_483_647, 'validation.storeIdFormat'),
});

export const ZUserPatternTest = z.object({
  pattern: ZPatternText,
  text: z.string().max(2000, 'validation.codeSampleLength'),
});
export const ZUserPatternTestResult = z.object({ matched: z.boolean(), code: z.string().nullable() });

export const ZWebhookSecret = z.object({ webhookSecret: z.string() });

export const ZWebhookDelivery = z.object({
  id: z.number(),
  smsId: z.number(),
  phoneNumber: z.string().nullable(),
  code: z.string().nullable(),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastHttpStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

// ---------------------------------------------------------------- live events

/** A short-lived, single-use ticket that opens one event stream (EventSource cannot send headers). */
export const ZEventTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export const ZEventsQuery = z.object({
  ticket: z.string({ error: 'validation.eventTicket' }).min(1, 'validation.eventTicket').max(100),
});
/** What an `sms` event carries: which rental got which SMS. */
export type SmsEvent = { rentalId: number; smsId: number };
