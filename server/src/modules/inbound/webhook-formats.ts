import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayKind } from '@jiema/shared';
import { AppError } from '../../lib/app-error';

/**
 * The wire formats of the webhook kinds: how each authenticates and where its SMS is. Each reader
 * takes the raw request (the body as bytes, so a signature is checked on exactly what was signed)
 * and answers the SMS in it, `ignored` for an event that is not an incoming SMS, or throws an
 * AppError (4xx) for a bad signature, a stale timestamp or a malformed body.
 *   smsgate  SMS Gateway for Android `sms:received` (capcom6/android-sms-gateway, PayloadSigningPlugin):
 *            X-Signature = hex HMAC-SHA256(secret, raw body + X-Timestamp), X-Timestamp unix seconds.
 *   generic  ours, `{"id","to","from","text","receivedAt?","voice?"}`, signed like smsgate.
 *   textbee  `MESSAGE_RECEIVED` (vernu/textbee webhook.service.ts): X-Signature = hex HMAC-SHA256(secret,
 *            JSON body); no timestamp, so the smsId is what stops a replay from being stored twice.
 *   jasmin   HTTP MO (form or query: id, from, to, content, binary, coding); answered `ACK/Jasmin`.
 *   kannel   sms-service get-url/post-url with escape codes (from=%p&to=%P&text=%a&id=%I&ts=%T).
 *   Jasmin and Kannel cannot sign: they carry the secret in the URL (`?secret=`) or the X-Gateway-Secret header.
 */

export type WebhookRequest = {
  raw: Buffer;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
};
export type GatewayForWebhook = {
  id: number;
  kind: GatewayKind;
  secret: string;
  config: Record<string, unknown>;
};
export type ParsedSms = {
  externalId: string | null;
  to: string | null;
  deviceId: string | null;
  from: string;
  text: string;
  receivedAt: Date | null;
  voice: boolean;
};
export type WebhookReading = { kind: 'sms'; sms: ParsedSms } | { kind: 'ignored'; event: string };

export const TIMESTAMP_TOLERANCE_SECONDS = 300;

const header = (req: WebhookRequest, name: string) => {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};
const invalid = (details: string) => new AppError('INBOUND_BODY_INVALID', { details });

export const hmacHex = (secret: string, ...parts: (Buffer | string)[]) => {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part);
  return mac.digest('hex');
};

function sameHex(expected: string, given: string): boolean {
  const got = given.toLowerCase();
  if (!/^[0-9a-f]+$/.test(got) || got.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(got, 'hex'));
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** SMS Gateway for Android's signature, also ours for the generic kind. */
function verifyTimestamped(req: WebhookRequest, secret: string, nowSeconds: number) {
  const timestamp = header(req, 'x-timestamp');
  const signature = header(req, 'x-signature');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS)
    throw new AppError('INBOUND_TIMESTAMP_STALE');
  if (!sameHex(hmacHex(secret, req.raw, timestamp), signature))
    throw new AppError('INBOUND_SIGNATURE_INVALID');
}

function jsonBody(req: WebhookRequest): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(req.raw.toString('utf8'));
  } catch {
    throw invalid('JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('JSON object');
  return body as Record<string, unknown>;
}

const str = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function requiredText(obj: Record<string, unknown>, key: string, max: number): string {
  const value = str(obj[key]);
  if (value === null || value.length === 0) throw invalid(key);
  if (value.length > max) throw invalid(`${key} > ${max}`);
  return value;
}

function dateOf(value: unknown, key: string): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const s = str(value);
  // Unix seconds (Kannel %T) or ISO 8601.
  const date = s && /^\d{9,11}$/.test(s) ? new Date(Number(s) * 1000) : s ? new Date(s) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalid(key);
  return date;
}

function readSmsGate(req: WebhookRequest): WebhookReading {
  const body = jsonBody(req);
  const event = str(body.event) ?? '';
  if (event !== 'sms:received') {
    if (!event) throw invalid('event');
    return { kind: 'ignored', event };
  }
  const payload = body.payload;
  if (!payload || typeof payload !== 'object') throw invalid('payload');
  const p = payload as Record<string, unknown>;
  return {
    kind: 'sms',
    sms: {
      externalId: str(body.id) ?? str(p.messageId),
      to: str(p.recipient),
      deviceId: str(body.deviceId),
      from: requiredText(p, 'sender', 64),
      text: requiredText(p, 'message', 4096),
      receivedAt: dateOf(p.receivedAt, 'receivedAt'),
      voice: false,
    },
  };
}

function readGeneric(req: WebhookRequest): WebhookReading {
  const body = jsonBody(req);
  if (body.voice !== undefined && typeof body.voice !== 'boolean') throw invalid('voice');
  return {
    kind: 'sms',
    sms: {
      externalId: requiredText(body, 'id', 128),
      to: requiredText(body, 'to', 32),
      deviceId: null,
      from: requiredText(body, 'from', 64),
      text: requiredText(body, 'text', 4096),
      receivedAt: dateOf(body.receivedAt, 'receivedAt'),
      voice: body.voice === true,
    },
  };
}

function readTextbee(req: WebhookRequest, secret: string): WebhookReading {
  if (!sameHex(hmacHex(secret, req.raw), header(req, 'x-signature')))
    throw new AppError('INBOUND_SIGNATURE_INVALID');
  const body = jsonBody(req);
  const event = str(body.webhookEvent) ?? '';
  if (event !== 'MESSAGE_RECEIVED') {
    if (!event) throw invalid('webhookEvent');
    return { kind: 'ignored', event };
  }
  return {
    kind: 'sms',
    sms: {
      externalId: str(body.smsId),
      to: null,
      deviceId: str(body.deviceId),
      from: requiredText(body, 'sender', 64),
      text: requiredText(body, 'message', 4096),
      receivedAt: dateOf(body.receivedAt, 'receivedAt'),
      voice: false,
    },
  };
}

/** Form body (POST) merged over the query string (GET), as Jasmin and Kannel send either. */
function params(req: WebhookRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (typeof v === 'string') out[key] = v;
  }
  if (req.raw.length > 0 && req.contentType.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(req.raw.toString('utf8'))) out[key] = value;
  }
  return out;
}

function verifyUrlSecret(req: WebhookRequest, p: Record<string, string>, secret: string) {
  const given = header(req, 'x-gateway-secret') || p.secret || '';
  if (!sameSecret(secret, given)) throw new AppError('INBOUND_SIGNATURE_INVALID');
}

/** Jasmin passes UCS-2 (coding 8) texts hexlified in `binary`. */
function jasminText(p: Record<string, string>): string {
  if (p.coding === '8' && p.binary && /^([0-9a-f]{4})+$/i.test(p.binary)) {
    const bytes = Buffer.from(p.binary, 'hex');
    return bytes.swap16().toString('utf16le');
  }
  return p.content ?? '';
}

function readJasmin(req: WebhookRequest, secret: string): WebhookReading {
  const p = params(req);
  verifyUrlSecret(req, p, secret);
  const text = jasminText(p);
  if (!p.from) throw invalid('from');
  if (!p.to) throw invalid('to');
  if (!text) throw invalid('content');
  return {
    kind: 'sms',
    sms: {
      externalId: p.id || null,
      to: p.to,
      deviceId: null,
      from: p.from,
      text,
      receivedAt: null,
      voice: false,
    },
  };
}

function readKannel(req: WebhookRequest, secret: string): WebhookReading {
  const p = params(req);
  verifyUrlSecret(req, p, secret);
  if (!p.from) throw invalid('from');
  if (!p.to) throw invalid('to');
  if (!p.text) throw invalid('text');
  return {
    kind: 'sms',
    sms: {
      externalId: p.id || null,
      to: p.to,
      deviceId: null,
      from: p.from,
      text: p.text,
      receivedAt: dateOf(p.ts, 'ts'),
      voice: false,
    },
  };
}

/** Authenticates and reads one webhook request of a gateway's kind. */
export function readWebhook(
  gateway: GatewayForWebhook,
  req: WebhookRequest,
  nowSeconds: number,
): WebhookReading {
  switch (gateway.kind) {
    case 'smsgate':
      verifyTimestamped(req, gateway.secret, nowSeconds);
      return readSmsGate(req);
    case 'generic':
      verifyTimestamped(req, gateway.secret, nowSeconds);
      return readGeneric(req);
    case 'textbee':
      return readTextbee(req, gateway.secret);
    case 'jasmin':
      return readJasmin(req, gateway.secret);
    case 'kannel':
      return readKannel(req, gateway.secret);
    default:
      throw new AppError('INBOUND_KIND_MISMATCH');
  }
}

/** The receiving number: from the request, else the device's number, else the gateway's own. */
export function receivingNumber(sms: ParsedSms, config: Record<string, unknown>): string | null {
  if (sms.to) return sms.to;
  const devices = config.deviceNumbers as Record<string, string> | undefined;
  if (sms.deviceId && devices && typeof devices[sms.deviceId] === 'string') return devices[sms.deviceId]!;
  return typeof config.defaultNumber === 'string' && config.defaultNumber ? config.defaultNumber : null;
}
