import { z } from 'zod';
import { MASS_SMS_MAX_CONTENT, SMS_ENCODINGS, ZSenderId, ZStatusCounts } from './mass-sms';
import { ZSmppEndpoint } from './smpp';

/**
 * Mass-SMS connectors (administrators): how outbound messages leave, by SMPP, SMS Gateway for
 * Android or a generic HTTP provider, routed by destination prefix and priority.
 */

export const CONNECTOR_KINDS = ['smpp', 'android', 'http'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

const ZUrl = z
  .string({ error: 'validation.massSmsUrl' })
  .trim()
  .max(500, 'validation.massSmsUrl')
  .regex(/^https?:\/\/[^\s]+$/, 'validation.massSmsUrl');
const ZSecretInput = z.string().max(200, 'validation.massSmsSecret').optional();

/** SMPP transceiver bind to an SMSC (submits and receives the delivery receipts on the same bind). */
export const ZSmppConnectorConfig = ZSmppEndpoint.extend({
  /** submit_sm awaiting their response at once. */
  window: z.coerce
    .number()
    .int()
    .min(1, 'validation.massSmsWindow')
    .max(1000, 'validation.massSmsWindow')
    .default(50),
});

/**
 * SMS Gateway for Android (capcom6/android-sms-gateway): `POST {baseUrl}/messages` with Basic auth
 * (local server `http://<phone>:8080`, cloud `https://api.sms-gate.app/3rdparty/v1`). Status comes back
 * through the app's `sms:sent` / `sms:delivered` / `sms:failed` webhooks to `connectorWebhook(id)`,
 * signed with the app's signing key (X-Signature, X-Timestamp).
 */
export const ZAndroidConnectorConfig = z.object({
  baseUrl: ZUrl,
  username: z.string().trim().min(1, 'validation.massSmsUsername').max(100, 'validation.massSmsUsername'),
  /** SIM slot (1-based); empty = the app's default. */
  simNumber: z.coerce.number().int().min(1).max(3).nullable().default(null),
  deviceId: z.string().trim().max(64).default(''),
});

/**
 * Generic HTTP provider: `POST {url}` with JSON `{ "to": "+E164", "from": senderId, "text": "…",
 * "reference": "<our message id>" }` and header `Authorization: Bearer <token>`; a 2xx whose JSON has
 * `id` (or `messageId`) is accepted; 429 / 5xx are transient. Status webhook: JSON
 * `{ "reference" | "id", "status": "sent"|"delivered"|"failed", "error"? }` with the same bearer token.
 */
export const ZHttpConnectorConfig = z.object({
  url: ZUrl,
});

const ZPrefixes = z
  .array(
    z
      .string()
      .trim()
      .regex(/^\+?\d{1,8}$/, 'validation.massSmsPrefix'),
  )
  .max(200, 'validation.massSmsPrefix')
  .default([]);

const connectorCommon = {
  name: z
    .string({ error: 'validation.massSmsName' })
    .trim()
    .min(1, 'validation.massSmsName')
    .max(64, 'validation.massSmsName'),
  enabled: z.boolean().default(true),
  /** Lower first; on failure the next connector whose prefixes match takes the message. */
  priority: z.coerce
    .number()
    .int()
    .min(0, 'validation.massSmsPriority')
    .max(1000, 'validation.massSmsPriority')
    .default(100),
  /** Destination prefixes this connector serves (digits, optional +); empty = every destination. */
  prefixes: ZPrefixes,
  /** Messages per second over this connector (0 = unlimited). */
  throughputPerSecond: z.coerce
    .number()
    .int()
    .min(0, 'validation.massSmsThroughput')
    .max(100_000, 'validation.massSmsThroughput')
    .default(0),
  /** Sender ID used when the campaign gives none. */
  defaultSenderId: ZSenderId,
  /** SMPP bind password / Android Basic password / HTTP bearer token; empty on update = keep. */
  password: ZSecretInput,
  /** Android: the app's webhook signing key; HTTP: ignored (the token authenticates the webhook). */
  webhookKey: ZSecretInput,
};

export const ZConnectorCreate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('smpp'), ...connectorCommon, config: ZSmppConnectorConfig }),
  z.object({ kind: z.literal('android'), ...connectorCommon, config: ZAndroidConnectorConfig }),
  z.object({ kind: z.literal('http'), ...connectorCommon, config: ZHttpConnectorConfig }),
]);
export type ConnectorCreate = z.infer<typeof ZConnectorCreate>;

/** Update: any common field; `config` replaces the kind's config (validated against the stored kind). */
export const ZConnectorUpdate = z.object({
  name: connectorCommon.name.optional(),
  enabled: z.boolean().optional(),
  priority: connectorCommon.priority.optional(),
  prefixes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\+?\d{1,8}$/, 'validation.massSmsPrefix'),
    )
    .max(200)
    .optional(),
  throughputPerSecond: connectorCommon.throughputPerSecond.optional(),
  defaultSenderId: ZSenderId.optional(),
  password: ZSecretInput,
  webhookKey: ZSecretInput,
  config: z.record(z.string(), z.unknown()).optional(),
});
export type ConnectorUpdate = z.infer<typeof ZConnectorUpdate>;

export const ZConnector = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CONNECTOR_KINDS),
  enabled: z.boolean(),
  priority: z.number().int(),
  prefixes: z.array(z.string()),
  throughputPerSecond: z.number().int(),
  defaultSenderId: z.string(),
  config: z.record(z.string(), z.unknown()),
  passwordSet: z.boolean(),
  webhookKeySet: z.boolean(),
  /** Where android / http gateways post statuses (path; prefix with the public base URL). */
  webhookPath: z.string(),
  /** SMPP: the bind's live state written by the process holding it; null for other kinds. */
  state: z
    .object({
      status: z.string(),
      holder: z.string().nullable(),
      lastError: z.string().nullable(),
      boundAt: z.string().nullable(),
      updatedAt: z.string().nullable(),
      counters: z.record(z.string(), z.number()),
    })
    .nullable(),
  /** Messages through this connector in the last 24 hours by status. */
  last24h: ZStatusCounts,
  createdAt: z.string(),
});
export type Connector = z.infer<typeof ZConnector>;

export const ZConnectorTestInput = z.object({
  phone: z
    .string({ error: 'validation.massSmsPhone' })
    .trim()
    .min(1, 'validation.massSmsPhone')
    .max(20, 'validation.massSmsPhone'),
  text: z
    .string({ error: 'validation.massSmsContentRequired' })
    .min(1, 'validation.massSmsContentRequired')
    .max(MASS_SMS_MAX_CONTENT, 'validation.massSmsContentLength'),
  senderId: ZSenderId,
});
export type ConnectorTestInput = z.infer<typeof ZConnectorTestInput>;

export const ZConnectorTestResult = z.object({
  ok: z.boolean(),
  encoding: z.enum(SMS_ENCODINGS),
  segments: z.number().int(),
  externalIds: z.array(z.string()),
  error: z.string().nullable(),
  elapsedMs: z.number().int(),
});
export type ConnectorTestResult = z.infer<typeof ZConnectorTestResult>;
