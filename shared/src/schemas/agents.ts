import { z } from 'zod';

/**
 * SIM-farm agents (administrators): farms selling numbers over the SMSHub agent protocol, Jiema
 * speaking the hub's side. Money is a decimal string; the agent's currency is ISO 4217 numeric.
 */
export const AGENT_CURRENCIES = [643, 840] as const;

const ZAgentDecimal = z
  .string({ error: 'validation.agentNumber' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'validation.agentNumber');

export const ZAgentPayRate = z.object({
  applicationId: z.number({ error: 'validation.agentPayRate' }).int().positive(),
  countryCode: z
    .string({ error: 'validation.agentPayRate' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation.agentPayRate')
    .transform((v) => v.toUpperCase()),
  amount: ZAgentDecimal,
});
export type AgentPayRate = z.infer<typeof ZAgentPayRate>;

const agentFields = {
  name: z
    .string({ error: 'validation.agentName' })
    .trim()
    .min(1, 'validation.agentName')
    .max(64, 'validation.agentName'),
  url: z
    .string({ error: 'validation.agentUrl' })
    .trim()
    .max(500, 'validation.agentUrl')
    .regex(/^https?:\/\/[^\s]+$/, 'validation.agentUrl'),
  currency: z.union([z.literal(643), z.literal(840)], { error: 'validation.agentCurrency' }),
  rateToUsdt: ZAgentDecimal.refine((v) => Number(v) > 0, 'validation.agentNumber'),
  defaultPay: ZAgentDecimal,
  payRates: z.array(ZAgentPayRate).max(500).default([]),
  enabled: z.boolean().default(true),
  priority: z.coerce
    .number({ error: 'validation.agentPriority' })
    .int('validation.agentPriority')
    .min(-1000, 'validation.agentPriority')
    .max(1000, 'validation.agentPriority')
    .default(0),
};

const ZAgentKey = z
  .string({ error: 'validation.agentKey' })
  .trim()
  .min(8, 'validation.agentKey')
  .max(200, 'validation.agentKey');

export const ZAgentCreate = z.object({ ...agentFields, apiKey: ZAgentKey });
export type AgentCreate = z.infer<typeof ZAgentCreate>;

/** An edit: the key is kept when left out (it is never shown again). */
export const ZAgentUpdate = z.object({ ...agentFields, apiKey: ZAgentKey.optional() });
export type AgentUpdate = z.infer<typeof ZAgentUpdate>;

export const ZAgentId = z.object({ id: z.coerce.number().int().positive() });

export const ZAgent = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  /** The key's last 4 characters, e.g. `••••a1b2`. */
  apiKeyHint: z.string(),
  currency: z.number(),
  rateToUsdt: z.string(),
  defaultPay: z.string(),
  payRates: z.array(z.object({ applicationId: z.number(), countryCode: z.string(), amount: z.string() })),
  enabled: z.boolean(),
  priority: z.number(),
  lastPollAt: z.string().nullable(),
  lastLatencyMs: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  polls: z.number(),
  pollErrors: z.number(),
  /** Out of the store until then (it claimed numbers it did not have), or null. */
  heldUntil: z.string().nullable(),
  heldReason: z.string().nullable(),
  /** Numbers it offers now (sum over its quantities that map onto our catalog). */
  quantity: z.number(),
  openActivations: z.number(),
  soldActivations: z.number(),
  smsReceived: z.number(),
  /** What we owe it, its currency: sales − reversals − payouts. */
  owed: z.string(),
  owedUsdt: z.string(),
});
export type Agent = z.infer<typeof ZAgent>;

/** One line of GET_SERVICES: the agent's names and what they map onto. */
export const ZAgentOffer = z.object({
  country: z.string(),
  operator: z.string(),
  service: z.string(),
  count: z.number(),
  applicationId: z.number().nullable(),
  countryCode: z.string().nullable(),
});
export type AgentOffer = z.infer<typeof ZAgentOffer>;

export const ZAgentTestResult = z.object({ latencyMs: z.number(), offers: z.array(ZAgentOffer) });
export type AgentTestResult = z.infer<typeof ZAgentTestResult>;

export const ZAgentMapping = z.object({
  kind: z.enum(['service', 'country', 'operator']),
  code: z.string(),
  autoRef: z.string().nullable(),
  overrideRef: z.string().nullable(),
  /** What is used: the override, else the automatic mapping; null = unmapped (never guessed). */
  effectiveRef: z.string().nullable(),
});
export type AgentMapping = z.infer<typeof ZAgentMapping>;

/** Override a mapping: an application id (service) or a country code; '' = never map; null = back to automatic. */
export const ZAgentMappingOverride = z.object({
  kind: z.enum(['service', 'country']),
  code: z.string().trim().min(1).max(64),
  ref: z.string().trim().max(16).nullable(),
});
export type AgentMappingOverride = z.infer<typeof ZAgentMappingOverride>;

export const ZAgentPayout = z.object({
  amount: ZAgentDecimal.refine((v) => Number(v) > 0, 'validation.agentNumber'),
  note: z.string().trim().max(200).default(''),
});
export type AgentPayout = z.infer<typeof ZAgentPayout>;

export const ZAgentState = z.object({
  offers: z.array(ZAgentOffer),
  earnings: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['sold', 'reversed', 'payout']),
      amount: z.string(),
      amountUsdt: z.string(),
      activationId: z.number().nullable(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  recent: z.array(
    z.object({
      id: z.number(),
      agentActivationId: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      state: z.string(),
      finishStatus: z.number().nullable(),
      pay: z.string(),
      price: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AgentState = z.infer<typeof ZAgentState>;
