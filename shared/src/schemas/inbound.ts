import { z } from 'zod';
import { ZPageQuery } from '../pagination';

/**
 * Inbound gateways (issue 8): where SMS enter. A gateway has a kind (its wire format), a secret
 * (shown once when created or regenerated), a JSON config and, for kinds that hold a connection
 * (smpp), a live state. Webhook kinds post to `POST /api/inbound/{id}`.
 */

export const GATEWAY_KINDS = [
  'smsgate',
  'textbee',
  'generic',
  'jasmin',
  'kannel',
  'smpp',
  'test',
  'demo',
] as const;
export type GatewayKind = (typeof GATEWAY_KINDS)[number];
/** Kinds that deliver SMS to `POST /api/inbound/{id}`. */
export const WEBHOOK_GATEWAY_KINDS = ['smsgate', 'textbee', 'generic', 'jasmin', 'kannel'] as const;
/** What an administrator may create (demo gateways come from DEMO=on only). */
export const CREATABLE_GATEWAY_KINDS = [
  'smsgate',
  'textbee',
  'generic',
  'jasmin',
  'kannel',
  'smpp',
  'test',
] as const;
export const webhookPathOf = (gatewayId: number) => `/api/inbound/${gatewayId}`;

const ZNumber = z
  .string({ error: 'validation.gatewayNumberFormat' })
  .trim()
  .regex(/^\+?\d{6,15}$/, 'validation.gatewayNumberFormat');

/**
 * Per-kind settings. `defaultNumber`: the SIM's own number, for formats that do not say which number
 * received the SMS (textbee never does, SMS Gateway for Android may not); `deviceNumbers`: the same per
 * device id for accounts with several phones. Other kinds (smpp) keep their own keys here.
 */
export const ZGatewayConfig = z
  .object({
    defaultNumber: z.preprocess((v) => (v === '' ? undefined : v), ZNumber.optional()),
    deviceNumbers: z.record(z.string().max(128), ZNumber).optional(),
  })
  .catchall(z.unknown());
export type GatewayConfig = z.infer<typeof ZGatewayConfig>;

const ZGatewayName = z
  .string({ error: 'validation.gatewayNameRequired' })
  .trim()
  .min(1, 'validation.gatewayNameRequired')
  .max(64, 'validation.gatewayNameLength');

export const ZGatewayCreate = z.object({
  kind: z.enum(CREATABLE_GATEWAY_KINDS, { error: 'validation.gatewayKind' }),
  name: ZGatewayName,
  enabled: z.boolean().default(true),
  config: ZGatewayConfig.default({}),
});
export type GatewayCreate = z.infer<typeof ZGatewayCreate>;

export const ZGatewayUpdate = z.object({
  name: ZGatewayName.optional(),
  enabled: z.boolean().optional(),
  config: ZGatewayConfig.optional(),
});
export type GatewayUpdate = z.infer<typeof ZGatewayUpdate>;

export const ZGateway = z.object({
  id: z.number().int(),
  kind: z.enum(GATEWAY_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  demo: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  state: z.record(z.string(), z.unknown()),
  webhookPath: z.string(),
  lastSeenAt: z.string().nullable(),
  receivedToday: z.number().int(),
  rejectedToday: z.number().int(),
  lastRejection: z.object({ reason: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Gateway = z.infer<typeof ZGateway>;
/** Create and regenerate answer the secret, once; it is never listed. */
export const ZGatewayWithSecret = ZGateway.extend({ secret: z.string() });
export type GatewayWithSecret = z.infer<typeof ZGatewayWithSecret>;

export const ZGatewayListQuery = ZPageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  kind: z.enum(GATEWAY_KINDS).optional(),
});
export type GatewayListQuery = z.infer<typeof ZGatewayListQuery>;
export const GATEWAY_SORT_FIELDS = ['id', 'name', 'kind', 'lastSeenAt', 'createdAt'] as const;

// ---------------------------------------------------------------- the test SMS tool

export const ZTestSmsInput = z.object({
  number: z
    .string({ error: 'validation.testSmsNumber' })
    .trim()
    .regex(/^\+?\d{6,15}$/, 'validation.testSmsNumber'),
  sender: z.string().trim().max(64, 'validation.testSmsSenderLength').default('Test'),
  text: z
    .string({ error: 'validation.testSmsTextRequired' })
    .trim()
    .min(1, 'validation.testSmsTextRequired')
    .max(1000, 'validation.testSmsTextLength'),
  voice: z.boolean().default(false),
});
export type TestSmsInput = z.infer<typeof ZTestSmsInput>;

export const ZTestSmsResult = z.object({
  smsId: z.number().int(),
  duplicate: z.boolean(),
  phoneNumber: z.string(),
  rentalId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  application: z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() }).nullable(),
  code: z.string().nullable(),
});
export type TestSmsResult = z.infer<typeof ZTestSmsResult>;

export const ZTestSmsNumberQuery = z.object({ keyword: z.string().trim().max(32).default('') });
export const ZTestSmsNumber = z.object({
  id: z.number().int(),
  number: z.string(),
  demo: z.boolean(),
  /** Holding rentals: who would receive an SMS now. */
  rentals: z.number().int(),
});
export type TestSmsNumber = z.infer<typeof ZTestSmsNumber>;
