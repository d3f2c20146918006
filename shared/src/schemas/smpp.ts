import { z } from 'zod';

/**
 * An SMPP gateway's bind (issue 8, kind `smpp`): where to connect and how to log in. Kept in the
 * gateway's config; the bind password is the gateway's secret (never listed, like a webhook secret).
 * TLS is off: SIM banks and SMSCs on a private network speak plain SMPP.
 */
export const SMPP_BIND_MODES = ['receiver', 'transceiver', 'transmitter'] as const;
export type SmppBindMode = (typeof SMPP_BIND_MODES)[number];

/**
 * Where an SMSC is and how to log in to it, shared by the inbound gateway bind (below) and the mass-SMS
 * connector (mass-sms-connectors.ts): the same SMPP 3.4 limits and the same messages.
 */
export const ZSmppEndpoint = z.object({
  host: z
    .string({ error: 'validation.smppHost' })
    .trim()
    .min(1, 'validation.smppHost')
    .max(253, 'validation.smppHost')
    .regex(/^[A-Za-z0-9.:_-]+$/, 'validation.smppHost'),
  port: z.coerce
    .number({ error: 'validation.smppPort' })
    .int('validation.smppPort')
    .min(1, 'validation.smppPort')
    .max(65535, 'validation.smppPort'),
  // SMPP 3.4 §5.2: system_id is at most 15 octets, system_type 12, password 8 (ASCII).
  systemId: z
    .string({ error: 'validation.smppSystemId' })
    .trim()
    .min(1, 'validation.smppSystemId')
    .max(15, 'validation.smppSystemId')
    .regex(/^[\x20-\x7e]+$/, 'validation.smppSystemId'),
  systemType: z
    .string()
    .trim()
    .max(12, 'validation.smppSystemType')
    .regex(/^[\x20-\x7e]*$/, 'validation.smppSystemType')
    .default(''),
  enquireLinkSeconds: z.coerce
    .number({ error: 'validation.smppEnquireLink' })
    .int('validation.smppEnquireLink')
    .min(5, 'validation.smppEnquireLink')
    .max(600, 'validation.smppEnquireLink')
    .default(30),
});

export const ZSmppConfig = ZSmppEndpoint.extend({
  bindMode: z.enum(SMPP_BIND_MODES, { error: 'validation.smppBindMode' }).default('receiver'),
  addressRange: z.string().trim().max(40, 'validation.smppAddressRange').default(''),
});
export type SmppConfig = z.infer<typeof ZSmppConfig>;

/** Saving the bind: the password only when it changes (left empty, the stored one stays). */
export const ZSmppConfigInput = ZSmppConfig.extend({
  password: z
    .string()
    .max(8, 'validation.smppPassword')
    .regex(/^[\x20-\x7e]*$/, 'validation.smppPassword')
    .optional(),
});
export type SmppConfigInput = z.infer<typeof ZSmppConfigInput>;

export const SMPP_LINK_STATUSES = ['stopped', 'connecting', 'bound', 'reconnecting'] as const;

/** What the process holding the bind last wrote (any process can read it). */
export const ZSmppLiveState = z.object({
  status: z.enum(SMPP_LINK_STATUSES),
  holder: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  boundAt: z.string().nullable(),
  counters: z.record(z.string(), z.number()),
  updatedAt: z.string().nullable(),
  /** No holder has written for a while: no process runs this connector (or it died without a successor). */
  stale: z.boolean(),
});
export type SmppLiveState = z.infer<typeof ZSmppLiveState>;

export const ZSmppGatewayView = z.object({
  gatewayId: z.number().int(),
  enabled: z.boolean(),
  /** Null until the bind has been configured. */
  config: ZSmppConfig.nullable(),
  passwordSet: z.boolean(),
  state: ZSmppLiveState,
});
export type SmppGatewayView = z.infer<typeof ZSmppGatewayView>;
