import { createHmac, timingSafeEqual } from 'node:crypto';
import { guardedPost } from '../../lib/outbound/guarded-post';
import { SmppError, WithdrawnError } from '../smpp/errors';
import { TokenBucket } from '../smpp/flow-control';
import type { LinkState } from '../smpp/link-types';
import type { DeliveryReceipt } from '../smpp/receipt';
import { SmppLink } from '../smpp/smpp-link';
import type { ConnectorRecord } from './connectors.repository';

/** What a sender hands over; `id` is our message id (android/http gateways echo it in their status webhooks). */
export type OutgoingSms = {
  id: string;
  to: string;
  from: string;
  text: string;
  /**
   * Asked right before the message is handed over (after any wait for the connector's window or msg/s
   * limit): false gives it up, and send throws `WithdrawnError` having sent nothing.
   */
  stillWanted?: () => boolean;
};
export type SendOutcome = { externalIds: string[] };

/** A refusal; `transient` = the same message may go through later (or on another connector). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

export interface Sender {
  readonly connector: ConnectorRecord;
  /** How many sends it takes at once (an SMPP bind's window); the worker keeps about that many going. */
  readonly capacity: number;
  /** Whether a send may be tried now (an SMPP bind is up). */
  available(): boolean;
  send(sms: OutgoingSms): Promise<SendOutcome>;
  state(): Record<string, unknown> | null;
  stop(): Promise<void>;
}

const HTTP_TIMEOUT_MS = 15_000;

/** Paces sends: the connector's msg/s limit (the worker's is shared by every process, see send-rate.ts). */
export type SendPace = { take(): Promise<void> };

/** SMPP transceiver: our own splitting/encoding, window and msg/s bucket live in SmppLink's submitter. */
export class SmppSender implements Sender {
  readonly link: SmppLink;
  readonly capacity: number;
  constructor(
    readonly connector: ConnectorRecord,
    onReceipt: (connectorId: number, receipt: DeliveryReceipt) => Promise<void>,
    onState?: (state: LinkState) => void,
    pace?: SendPace,
  ) {
    const c = connector.config as Record<string, string | number>;
    this.link = new SmppLink(
      {
        host: String(c.host),
        port: Number(c.port),
        systemId: String(c.systemId),
        password: connector.password,
        systemType: String(c.systemType ?? ''),
        bindMode: 'transceiver',
        window: Number(c.window ?? 50),
        throughputPerSecond: connector.throughputPerSecond,
        rateLimiter: pace,
        enquireLinkMs: Number(c.enquireLinkSeconds ?? 30) * 1000,
        reconnectInitialMs: 500,
        reconnectMaxMs: 30_000,
      },
      {
        onReceipt: (receipt) => onReceipt(connector.id, receipt),
        // MO on a sending bind is not ours to attribute: acknowledged and dropped (inbound gateways receive).
        onMessage: async () => {},
        onState,
      },
    );
    this.link.start();
    this.capacity = this.link.config.window;
  }
  available() {
    return this.link.isBound;
  }
  async send(sms: OutgoingSms): Promise<SendOutcome> {
    try {
      const result = await this.link.submit({
        from: sms.from,
        to: sms.to,
        text: sms.text,
        stillWanted: sms.stillWanted,
      });
      return { externalIds: result.messageIds };
    } catch (error) {
      if (error instanceof WithdrawnError) throw error;
      const transient = error instanceof SmppError ? error.transient : true;
      throw new SendError((error as Error).message, transient);
    }
  }
  state() {
    return this.link.state() as unknown as Record<string, unknown>;
  }
  stop() {
    return this.link.stop();
  }
}

/**
 * One POST to an HTTP connector, through the server's one guarded path for addresses a user chose
 * (no redirects, bounded answer, timeout). Private addresses are allowed: connectors are set by an
 * administrator holding the connector permissions, and an Android gateway usually sits on the LAN.
 * The administrator sees the gateway's status and answer; customers never see these errors.
 */
async function postJson(url: string, body: unknown, headers: Record<string, string>) {
  const outcome = await guardedPost({
    url,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
    timeoutMs: HTTP_TIMEOUT_MS,
    allowPrivate: true,
    readBodyBytes: 16 * 1024,
  });
  if (outcome.status === null) throw new SendError(`request failed: ${outcome.detail ?? 'failed'}`, true);
  if (!outcome.ok) {
    // 429 and 5xx: try again later (SMS Gateway's queue limits answer 503); other 4xx: refused for good.
    const transient = outcome.status === 429 || outcome.status >= 500;
    throw new SendError(`HTTP ${outcome.status}: ${outcome.body.slice(0, 200)}`, transient);
  }
  try {
    return JSON.parse(outcome.body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Requests an HTTP gateway is sent at once by one worker loop. */
const HTTP_CONCURRENCY = 16;

class PacedHttpSender {
  readonly capacity = HTTP_CONCURRENCY;
  private readonly bucket: SendPace;
  constructor(
    readonly connector: ConnectorRecord,
    pace?: SendPace,
  ) {
    this.bucket = pace ?? new TokenBucket(connector.throughputPerSecond);
  }
  available() {
    return true;
  }
  /** Waits for the msg/s limit, then for the message to be still wanted. */
  protected pace(sms: OutgoingSms): Promise<void> {
    const taken = this.bucket.take();
    const wanted = sms.stillWanted;
    if (!wanted) return taken;
    return taken.then(() => {
      if (!wanted()) throw new WithdrawnError();
    });
  }
  state() {
    return null;
  }
  async stop() {}
}

/**
 * SMS Gateway for Android (capcom6/android-sms-gateway): `POST {baseUrl}/messages`, Basic auth, body
 * `{ id, textMessage: { text }, phoneNumbers, withDeliveryReport, simNumber?, deviceId? }`. We give our
 * own id, so the app's `sms:sent` / `sms:delivered` / `sms:failed` webhooks name our message.
 */
export class AndroidSender extends PacedHttpSender implements Sender {
  async send(sms: OutgoingSms): Promise<SendOutcome> {
    await this.pace(sms);
    const c = this.connector.config as {
      baseUrl: string;
      username: string;
      simNumber?: number | null;
      deviceId?: string;
    };
    const auth = Buffer.from(`${c.username}:${this.connector.password}`).toString('base64');
    const body: Record<string, unknown> = {
      id: androidMessageId(sms.id),
      textMessage: { text: sms.text },
      phoneNumbers: [sms.to],
      withDeliveryReport: true,
    };
    if (c.simNumber) body.simNumber = c.simNumber;
    if (c.deviceId) body.deviceId = c.deviceId;
    const answer = await postJson(`${c.baseUrl.replace(/\/+$/, '')}/messages`, body, {
      authorization: `Basic ${auth}`,
    });
    return { externalIds: [String(answer.id ?? body.id)] };
  }
}

export const androidMessageId = (messageId: string) => `jiema-${messageId}`;

/** Generic HTTP provider: `POST {url}` JSON `{ to, from, text, reference }`, bearer token; the answer's id. */
export class HttpSender extends PacedHttpSender implements Sender {
  async send(sms: OutgoingSms): Promise<SendOutcome> {
    await this.pace(sms);
    const c = this.connector.config as { url: string };
    const headers: Record<string, string> = {};
    if (this.connector.password) headers.authorization = `Bearer ${this.connector.password}`;
    const answer = await postJson(
      c.url,
      { to: sms.to, from: sms.from, text: sms.text, reference: sms.id },
      headers,
    );
    const id = answer.id ?? answer.messageId ?? sms.id;
    return { externalIds: [String(id)] };
  }
}

export function createSender(
  connector: ConnectorRecord,
  onReceipt: (connectorId: number, receipt: DeliveryReceipt) => Promise<void>,
  onState?: (state: LinkState) => void,
  pace?: SendPace,
): Sender {
  if (connector.kind === 'smpp') return new SmppSender(connector, onReceipt, onState, pace);
  if (connector.kind === 'android') return new AndroidSender(connector, pace);
  return new HttpSender(connector, pace);
}

/** SMS Gateway for Android's webhook signature: hex HMAC-SHA256(key, rawBody + X-Timestamp), ±5 minutes. */
export function verifyAndroidSignature(
  raw: Buffer,
  timestamp: string,
  signature: string,
  key: string,
): boolean {
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const want = createHmac('sha256', key)
    .update(Buffer.concat([raw, Buffer.from(timestamp)]))
    .digest('hex');
  const got = signature.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(got) && timingSafeEqual(Buffer.from(want, 'hex'), Buffer.from(got, 'hex'));
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
