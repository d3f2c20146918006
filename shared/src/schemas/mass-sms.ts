import { z } from 'zod';
import { ZPageQuery } from '../pagination';
import { PHONE_PROBLEMS } from '../phone-problems';
import { PRICE_PLANS } from '../plans';
import { SMS_MAX_SEGMENTS } from '../sms-text';

/**
 * Mass SMS: the contract between the server and the screens (connectors: mass-sms-connectors.ts).
 *
 * Flow: the send screen posts the recipients and the content to `preview` (nothing is stored), shows
 * the normalised numbers, invalid and duplicate lines, segments and cost, then posts the same body to
 * `campaigns` (the confirm): the campaign and one queued message per recipient are written and the
 * cost is charged through the ledger in that one transaction (free messages first). A message that
 * never reaches an SMSC (cancelled, expired before submit, no route, refused for good before submit)
 * is refunded once; a message submitted is paid. Money is a decimal string (USDT, 6 decimals).
 *
 * Billing unit: one SMS segment (a 200-character GSM-7 text is 2 segments = 2 "messages" of the plan).
 */

const MAX_ID = 2_147_483_647;
export const MASS_SMS_MAX_RECIPIENTS = 100_000;
export const MASS_SMS_MAX_CONTENT = 1_600;
/** How many invalid / duplicate lines and sample messages a preview lists (counts are always complete). */
export const MASS_SMS_PREVIEW_LIST_LIMIT = 200;

export const MASS_SMS_API = {
  preview: '/api/mass-sms/preview',
  campaigns: '/api/mass-sms/campaigns',
  campaign: (id: number) => `/api/mass-sms/campaigns/${id}`,
  pause: (id: number) => `/api/mass-sms/campaigns/${id}/pause`,
  resume: (id: number) => `/api/mass-sms/campaigns/${id}/resume`,
  cancel: (id: number) => `/api/mass-sms/campaigns/${id}/cancel`,
  /** CSV of the campaign's messages. */
  campaignExport: (id: number) => `/api/mass-sms/campaigns/${id}/export`,
  messages: '/api/mass-sms/messages',
  /** CSV of the messages the filters select. */
  messagesExport: '/api/mass-sms/messages/export',
  quota: '/api/mass-sms/quota',
  /** Administrators: a user's plan and limits. */
  userPlan: (userId: number) => `/api/admin/mass-sms/users/${userId}/plan`,
  connectors: '/api/admin/mass-sms/connectors',
  connector: (id: number) => `/api/admin/mass-sms/connectors/${id}`,
  connectorTest: (id: number) => `/api/admin/mass-sms/connectors/${id}/test`,
  /** Delivery-status webhook of android / http connectors (public, authenticated by the connector's key). */
  connectorWebhook: (id: number) => `/api/mass-sms/status/${id}`,
} as const;

/** Route permissions (shared/src/permissions.ts). Screens: sms-send, sms-order-manage, sms-send-history, app-quota. */
export const MASS_SMS_PERMISSIONS = {
  send: 'sms:send',
  orders: 'sms:orders',
  history: 'sms:history',
  quota: 'sms:quota',
  template: 'sms:template',
  userPlan: 'admin:user:edit',
  connectorList: 'admin:sms-connector:list',
  connectorAdd: 'admin:sms-connector:add',
  connectorEdit: 'admin:sms-connector:edit',
  connectorDel: 'admin:sms-connector:del',
  connectorTest: 'admin:sms-connector:test',
} as const;

const ZId = z.coerce.number({ error: 'validation.massSmsId' }).int('validation.massSmsId').min(1).max(MAX_ID);
export const ZMassSmsIdParams = z.object({ id: ZId });
export const ZMassSmsUserParams = z.object({ userId: ZId });
const ZMoneyText = z.string();
const ZIsoTime = z.iso.datetime({ offset: true, error: 'validation.massSmsTime' });

// ---------------------------------------------------------------- send: preview and confirm

/** One recipient with the values of the template's variables (from an uploaded CSV/XLSX row). */
export const ZRecipientInput = z.object({
  phone: z.string({ error: 'validation.massSmsPhone' }).max(40, 'validation.massSmsPhone'),
  variables: z.record(z.string().max(32), z.string().max(500)).default({}),
});
export type RecipientInput = z.infer<typeof ZRecipientInput>;

/**
 * Sender ID: an alphanumeric name (1 to 11 letters, digits, space) or a number (up to 15 digits,
 * optional +). Empty: the connector's default.
 */
export const ZSenderId = z
  .string()
  .trim()
  .regex(/^(?:[A-Za-z0-9 ]{1,11}|\+?\d{1,15})?$/, 'validation.massSmsSenderId')
  .default('');

/**
 * What the send screen posts, to `preview` and then (unchanged) to `campaigns`. Recipients as pasted
 * text (one number a line; commas, semicolons and tabs also separate) and/or as rows with variables.
 * Content: free text, or an approved template of the caller's own with `{name}` variables filled per
 * recipient (`commonVariables` for values shared by everyone, a row's own win).
 */
const ZSendFields = z.object({
  name: z.string().trim().max(64, 'validation.massSmsName').default(''),
  recipientsText: z.string().max(2_000_000, 'validation.massSmsRecipientsTooMany').default(''),
  recipients: z
    .array(ZRecipientInput)
    .max(MASS_SMS_MAX_RECIPIENTS, 'validation.massSmsRecipientsTooMany')
    .default([]),
  /**
   * Digits of the calling code of the country national numbers are read in (e.g. "7": `8 999…` is
   * +7 999…, the trunk prefix dropped); empty = numbers without `+` are invalid.
   */
  defaultCountryCode: z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, 'validation.massSmsCountryCode')
    .default(''),
  content: z.string().max(MASS_SMS_MAX_CONTENT, 'validation.massSmsContentLength').default(''),
  templateId: ZId.optional(),
  commonVariables: z.record(z.string().max(32), z.string().max(500)).default({}),
  senderId: ZSenderId,
  /** Confirm sends to the valid recipients and skips the invalid lines the preview listed (else 400). */
  skipInvalid: z.boolean().default(false),
  /** Send later (must be in the future, at most 30 days ahead); absent = now. */
  scheduledAt: ZIsoTime.optional(),
});
/** Spec §5: mass send needs content (free text or a template). */
const needsContent = (v: { templateId?: number; content: string }) =>
  v.templateId !== undefined || v.content.trim().length > 0;
const contentRequired = { message: 'validation.massSmsContentRequired', path: ['content'] };
export const ZSendInput = ZSendFields.refine(needsContent, contentRequired);
export type SendInput = z.infer<typeof ZSendInput>;

/** Confirm = the send input plus a key so a repeated click or retry creates one campaign only. */
export const ZCampaignCreate = ZSendFields.extend({
  /** Any unique string per confirm (a UUID): the same key answers the campaign already created. */
  requestKey: z
    .string()
    .trim()
    .min(8, 'validation.massSmsRequestKey')
    .max(64, 'validation.massSmsRequestKey'),
  /** The amount the preview showed: if the cost differs now (plan or free count changed), 409 and nothing is sent. */
  expectedAmount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, 'validation.massSmsAmount')
    .optional(),
}).refine(needsContent, contentRequired);
export type CampaignCreate = z.infer<typeof ZCampaignCreate>;

/** Why a recipient was refused: a phone problem of `phone-number.ts`, or template variables missing. */
export const RECIPIENT_PROBLEMS = [...PHONE_PROBLEMS, 'variables'] as const;
export const SMS_ENCODINGS = ['gsm7', 'ucs2'] as const;

export const ZInvalidRecipient = z.object({
  /** 1-based line of the text, or row index + 1 of `recipients` (text lines first). */
  line: z.number().int(),
  input: z.string(),
  reason: z.enum(RECIPIENT_PROBLEMS),
  /** Template variables missing for this row (reason `variables`). */
  missing: z.array(z.string()).optional(),
});
export const ZDuplicateRecipient = z.object({
  line: z.number().int(),
  phone: z.string(),
  firstLine: z.number().int(),
});
export const ZMessageSample = z.object({
  phone: z.string(),
  text: z.string(),
  encoding: z.enum(SMS_ENCODINGS),
  units: z.number().int(),
  segments: z.number().int(),
});

export const ZCostBreakdown = z.object({
  plan: z.enum(PRICE_PLANS.map((p) => p.key) as ['basic', 'pro', 'enterprise']),
  pricePerSegment: ZMoneyText,
  totalSegments: z.number().int(),
  /** Segments covered by the free allowance (basic: 1000), taken first. */
  freeSegments: z.number().int(),
  chargedSegments: z.number().int(),
  amount: ZMoneyText,
  balance: ZMoneyText,
  balanceSufficient: z.boolean(),
  freeLeftAfter: z.number().int(),
});
export type CostBreakdown = z.infer<typeof ZCostBreakdown>;

export const ZSendPreview = z.object({
  /** Normalised E.164 numbers, in input order, without duplicates. */
  numbers: z.array(z.string()),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  duplicateCount: z.number().int(),
  invalid: z.array(ZInvalidRecipient),
  duplicates: z.array(ZDuplicateRecipient),
  /** The first messages as they will be sent (variables filled). */
  samples: z.array(ZMessageSample),
  encodings: z.object({ gsm7: z.number().int(), ucs2: z.number().int() }),
  maxSegments: z.number().int(),
  /** Messages longer than SMS_MAX_SEGMENTS: confirm refuses while there are any. */
  tooLongCount: z.number().int(),
  cost: ZCostBreakdown,
  /** Limits after this campaign: confirm refuses what would go over them. */
  quota: z.object({
    dailyLimit: z.number().int().nullable(),
    dailyLeft: z.number().int().nullable(),
    monthlyLimit: z.number().int().nullable(),
    monthlyLeft: z.number().int().nullable(),
    withinLimits: z.boolean(),
  }),
  template: z.object({ id: z.number().int(), name: z.string(), variables: z.array(z.string()) }).nullable(),
  scheduledAt: z.string().nullable(),
});
export type SendPreview = z.infer<typeof ZSendPreview>;
export { SMS_MAX_SEGMENTS };

// ---------------------------------------------------------------- campaigns (send orders)

/** Message statuses of spec §4 (send order statuses). */
export const OUTBOUND_STATUSES = ['pending', 'sent', 'delivered', 'failed'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];
/** Campaign lifecycle: scheduled (waits for its time) → sending ⇄ paused → completed | cancelled. */
export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const ZStatusCounts = z.object({
  pending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});
export type StatusCounts = z.infer<typeof ZStatusCounts>;

export const ZCampaign = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  senderId: z.string(),
  /** The content or the template's text (with its {variables}). */
  content: z.string(),
  templateId: z.number().int().nullable(),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  total: z.number().int(),
  counts: ZStatusCounts,
  /** Messages no longer pending / total, 0..1. */
  progress: z.number(),
  segments: z.number().int(),
  freeSegments: z.number().int(),
  amount: ZMoneyText,
  refundedAmount: ZMoneyText,
  refundedFreeSegments: z.number().int(),
});
export type Campaign = z.infer<typeof ZCampaign>;

export const ZCampaignQuery = ZPageQuery.extend({
  status: z.enum(CAMPAIGN_STATUSES, { error: 'validation.massSmsStatus' }).optional(),
  keyword: z.string().trim().max(64).optional(),
  from: ZIsoTime.optional(),
  to: ZIsoTime.optional(),
});
export type CampaignQuery = z.infer<typeof ZCampaignQuery>;
/** Sortable: id, createdAt, scheduledAt, total, status. */
export const CAMPAIGN_SORT_FIELDS = ['id', 'createdAt', 'scheduledAt', 'total', 'status'] as const;

// ---------------------------------------------------------------- messages (send history)

export const ZOutboundMessage = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  phone: z.string(),
  senderId: z.string(),
  text: z.string(),
  encoding: z.enum(SMS_ENCODINGS),
  segments: z.number().int(),
  status: z.enum(OUTBOUND_STATUSES),
  connectorId: z.number().int().nullable(),
  connectorName: z.string().nullable(),
  attempts: z.number().int(),
  /** Last error (SMSC status, HTTP answer, receipt stat/err), null when none. */
  error: z.string().nullable(),
  /** The SMSC / gateway id of each part. */
  externalIds: z.array(z.string()),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  refunded: z.boolean(),
});
export type OutboundMessage = z.infer<typeof ZOutboundMessage>;

export const ZOutboundMessageQuery = ZPageQuery.extend({
  campaignId: ZId.optional(),
  status: z.enum(OUTBOUND_STATUSES, { error: 'validation.massSmsStatus' }).optional(),
  phone: z.string().trim().max(20).optional(),
  connectorId: ZId.optional(),
  from: ZIsoTime.optional(),
  to: ZIsoTime.optional(),
});
export type OutboundMessageQuery = z.infer<typeof ZOutboundMessageQuery>;
/** Sortable: id, createdAt, submittedAt, doneAt, status, phone. */
export const OUTBOUND_SORT_FIELDS = ['id', 'createdAt', 'submittedAt', 'doneAt', 'status', 'phone'] as const;

// ---------------------------------------------------------------- quota (app quota)

export const ZUsageDay = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  messages: z.number().int(),
  segments: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});

export const ZQuota = z.object({
  plan: z.enum(['basic', 'pro', 'enterprise']),
  pricePerSegment: ZMoneyText,
  freeMessages: z.number().int(),
  freeUsed: z.number().int(),
  freeLeft: z.number().int(),
  /** Null = no limit. Counted in segments queued (confirmed campaigns), refunds given back. */
  dailyLimit: z.number().int().nullable(),
  dailyUsed: z.number().int(),
  monthlyLimit: z.number().int().nullable(),
  monthlyUsed: z.number().int(),
  balance: ZMoneyText,
  /** The last 30 days, oldest first, every day present. */
  usageByDay: z.array(ZUsageDay),
});
export type Quota = z.infer<typeof ZQuota>;

const ZLimit = z
  .number({ error: 'validation.massSmsLimit' })
  .int('validation.massSmsLimit')
  .min(0, 'validation.massSmsLimit')
  .max(100_000_000, 'validation.massSmsLimit')
  .nullable();

/** Administrators set a user's plan and limits (null = unlimited). */
export const ZUserPlanUpdate = z.object({
  plan: z.enum(['basic', 'pro', 'enterprise'], { error: 'validation.massSmsPlan' }),
  dailyLimit: ZLimit.optional(),
  monthlyLimit: ZLimit.optional(),
});
export type UserPlanUpdate = z.infer<typeof ZUserPlanUpdate>;
