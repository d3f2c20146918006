import { z } from 'zod';

/**
 * Upstream providers (administrators): other platforms whose numbers we buy and resell, over the
 * sms-activate `handler_api` protocol or 5sim's `v1`.
 */
export const UPSTREAM_PROTOCOLS = ['sms-activate', '5sim'] as const;
export type UpstreamProtocol = (typeof UPSTREAM_PROTOCOLS)[number];

const ZDecimal = z
  .string({ error: 'validation.upstreamNumber' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'validation.upstreamNumber');

const providerFields = {
  name: z
    .string({ error: 'validation.upstreamName' })
    .trim()
    .min(1, 'validation.upstreamName')
    .max(64, 'validation.upstreamName'),
  protocol: z.enum(UPSTREAM_PROTOCOLS),
  baseUrl: z
    .string({ error: 'validation.upstreamUrl' })
    .trim()
    .max(500, 'validation.upstreamUrl')
    .regex(/^https?:\/\/[^\s]+$/, 'validation.upstreamUrl'),
  currency: z
    .string({ error: 'validation.upstreamCurrency' })
    .trim()
    .regex(/^[A-Z]{3}$/, 'validation.upstreamCurrency'),
  rateToUsdt: ZDecimal.refine((v) => Number(v) > 0, 'validation.upstreamNumber'),
  marginPercent: ZDecimal.default('0'),
  marginFixed: ZDecimal.default('0'),
  priceCeiling: ZDecimal.nullable().default(null),
  enabled: z.boolean().default(true),
  priority: z.coerce
    .number({ error: 'validation.upstreamPriority' })
    .int('validation.upstreamPriority')
    .min(-1000, 'validation.upstreamPriority')
    .max(1000, 'validation.upstreamPriority')
    .default(0),
  lowBalance: ZDecimal.default('0'),
};

const ZApiKey = z
  .string({ error: 'validation.upstreamKey' })
  .trim()
  .min(1, 'validation.upstreamKey')
  .max(500, 'validation.upstreamKey');

export const ZUpstreamProviderCreate = z.object({ ...providerFields, apiKey: ZApiKey });
export type UpstreamProviderCreate = z.infer<typeof ZUpstreamProviderCreate>;

/** An edit: the key is kept when left out (it is never shown again). */
export const ZUpstreamProviderUpdate = z.object({ ...providerFields, apiKey: ZApiKey.optional() });
export type UpstreamProviderUpdate = z.infer<typeof ZUpstreamProviderUpdate>;

export const ZUpstreamProviderId = z.object({ id: z.coerce.number().int().positive() });

export const ZUpstreamProvider = z.object({
  id: z.number(),
  name: z.string(),
  protocol: z.enum(UPSTREAM_PROTOCOLS),
  baseUrl: z.string(),
  /** The key's last 4 characters, e.g. `••••a1b2`. */
  apiKeyHint: z.string(),
  /**
   * Where the provider posts its SMS webhook (sms-activate: set in the provider's profile), a path on
   * this server whose last part is the secret; null for protocols without webhooks (5sim).
   */
  webhookPath: z.string().nullable(),
  currency: z.string(),
  rateToUsdt: z.string(),
  marginPercent: z.string(),
  marginFixed: z.string(),
  priceCeiling: z.string().nullable(),
  enabled: z.boolean(),
  priority: z.number(),
  lowBalance: z.string(),
  balance: z.string().nullable(),
  balanceLow: z.boolean(),
  balanceAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Out of routing until then (circuit breaker), or null. */
  breakerOpenUntil: z.string().nullable(),
  offersRefreshedAt: z.string().nullable(),
  /** Requests and errors of the last full minute and the current one. */
  requestsPerMinute: z.number(),
  errorsPerMinute: z.number(),
  /** Over the rolling last hour (the per-minute counters). */
  requestsLastHour: z.number(),
  errorsLastHour: z.number(),
  openActivations: z.number(),
  offers: z.number(),
  unmapped: z.number(),
  /**
   * Balance reconciliation over the last 30 days: money the provider took that our cost ledger does
   * not explain (its currency), and whether it is above the tolerance (a warning).
   */
  discrepancy: z.string(),
  discrepancyWarning: z.boolean(),
});
export type UpstreamProvider = z.infer<typeof ZUpstreamProvider>;

export const ZUpstreamTestResult = z.object({
  balance: z.string(),
  latencyMs: z.number(),
  offers: z.number(),
});
export type UpstreamTestResult = z.infer<typeof ZUpstreamTestResult>;

export const ZUpstreamMapping = z.object({
  kind: z.enum(['service', 'country']),
  code: z.string(),
  autoRef: z.string().nullable(),
  overrideRef: z.string().nullable(),
  /** What is used: the override, else the automatic mapping; null = unmapped (never guessed). */
  effectiveRef: z.string().nullable(),
});
export type UpstreamMapping = z.infer<typeof ZUpstreamMapping>;

/** Override a mapping: an application id (service) or a country code; '' = never map; null = back to automatic. */
export const ZUpstreamMappingOverride = z.object({
  kind: z.enum(['service', 'country']),
  code: z.string().trim().min(1).max(64),
  ref: z.string().trim().max(16).nullable(),
});
export type UpstreamMappingOverride = z.infer<typeof ZUpstreamMappingOverride>;

/** Success per (application, country) over the last 24 hours, and the money of the provider. */
export const ZUpstreamProviderState = z.object({
  successRates: z.array(
    z.object({
      applicationId: z.number(),
      applicationCode: z.string(),
      countryCode: z.string(),
      /** Over the last 24 hours. */
      ended: z.number(),
      delivered: z.number(),
      rate: z.number(),
      /** Over the rolling last hour; null when none ended in it. */
      endedLastHour: z.number(),
      rateLastHour: z.number().nullable(),
    }),
  ),
  costs: z.object({ paid: z.string(), refunded: z.string(), revenue: z.string(), margin: z.string() }),
  recent: z.array(
    z.object({
      id: z.number(),
      upstreamId: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      state: z.string(),
      outcome: z.string().nullable(),
      costUsdt: z.string().nullable(),
      price: z.string().nullable(),
      orderId: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type UpstreamProviderState = z.infer<typeof ZUpstreamProviderState>;

/** The period of a balance reconciliation: the last `days` days (1 to 366, 30 when left out). */
export const ZUpstreamReconciliationQuery = z.object({
  days: z.coerce
    .number({ error: 'validation.upstreamDays' })
    .int('validation.upstreamDays')
    .min(1, 'validation.upstreamDays')
    .max(366, 'validation.upstreamDays')
    .default(30),
});
export type UpstreamReconciliationQuery = z.infer<typeof ZUpstreamReconciliationQuery>;

/**
 * One interval between two balance readings: how the balance moved (`actual`), what our cost ledger
 * explains (`expected` = refunds − payments recorded in between), the difference (`unexplained`), and
 * what became of it: offset by an opposite change nearby (timing), still `open` (within the settle
 * window), or settled as a `discrepancy` (money taken, unexplained) or a `credit` (a top-up or a refund
 * the ledger missed). Amounts in the provider's currency, exact decimals.
 */
export const ZUpstreamReconciliationInterval = z.object({
  /** The reading that ends the interval. */
  id: z.number(),
  from: z.string(),
  to: z.string(),
  balanceFrom: z.string(),
  balanceTo: z.string(),
  actual: z.string(),
  expected: z.string(),
  unexplained: z.string(),
  open: z.string(),
  discrepancy: z.string(),
  credit: z.string(),
});
export type UpstreamReconciliationInterval = z.infer<typeof ZUpstreamReconciliationInterval>;

/** A provider's cost ledger reconciled against the balances read of it, over a period. */
export const ZUpstreamReconciliation = z.object({
  currency: z.string(),
  days: z.number(),
  /** Minutes an unexplained change waits for an opposite one before it counts (UPSTREAM_BALANCE_SETTLE_MINUTES). */
  settleMinutes: z.number(),
  /** The last balance read and until when it held (null: never read in the period). */
  lastReading: z
    .object({ balance: z.string(), readAt: z.string(), seenUntil: z.string(), reads: z.number() })
    .nullable(),
  firstReadingAt: z.string().nullable(),
  readings: z.number(),
  /** Since the first reading of the period: paid − refunded by our ledger, and how the balance moved. */
  netCost: z.string(),
  balanceChange: z.string(),
  /** Settled negative unexplained changes (a positive number) and its value in USDT. */
  discrepancy: z.string(),
  discrepancyUsdt: z.string(),
  /** Above this (in USDT) the discrepancy is a warning. */
  toleranceUsdt: z.string(),
  warning: z.boolean(),
  /** Settled positive unexplained changes: top-ups, refunds the ledger missed. */
  credits: z.string(),
  /** Still within the settle window: negative (as a positive number) and positive parts. */
  pendingNegative: z.string(),
  pendingPositive: z.string(),
  /** The newest intervals first (at most 200). */
  intervals: z.array(ZUpstreamReconciliationInterval),
});
export type UpstreamReconciliation = z.infer<typeof ZUpstreamReconciliation>;
