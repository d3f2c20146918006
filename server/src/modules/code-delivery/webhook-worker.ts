import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../lib/metrics';
import { guardedPost } from '../../lib/outbound/guarded-post';
import type { SmsArrivals } from './sms-arrivals';
import { isoInZone } from './time-format';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  deliveryContent,
  recordOutcome,
} from './webhook.repository';
import { signWebhook } from './webhook-signature';

export type WebhookWorkerOptions = {
  /** Tries in all, the first included (6: the first, then after 2, 4, 8, 16 and 32 minutes by default). */
  maxAttempts: number;
  /** The wait after the first failure; doubled after each further one. */
  retryBaseMs: number;
  timeoutMs: number;
  allowPrivate: boolean;
  /** How often due retries are looked for when nothing wakes the worker. */
  pollMs?: number;
  batchSize?: number;
};

/**
 * Sends the outbox `code_webhook_deliveries` (filled by migration 0022's trigger in the SMS's own
 * transaction): each code POSTed as JSON, signed, retried with exponential backoff. Safe with any
 * number of workers in any number of processes (rows claimed with SKIP LOCKED under a lease); wakes
 * on `jiema_sms` for new codes; `stop()` ends the loop and interrupts POSTs in flight (their attempt
 * is given back), so a SIGTERM never waits for a slow receiver.
 */
export function createWebhookWorker(
  db: Db,
  options: WebhookWorkerOptions,
  deps: { arrivals?: SmsArrivals; log?: FastifyBaseLogger } = {},
) {
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseSeconds = Math.ceil(options.timeoutMs / 1000) + 30;
  const stopping = new AbortController();
  let wake: () => void = () => undefined;
  let loop: Promise<void> | null = null;
  let unsubscribe: () => void = () => undefined;

  const deliver = async (d: ClaimedDelivery) => {
    const content = await deliveryContent(db, d.sms_id, d.user_id);
    if (!content?.webhook_secret) {
      await recordOutcome(db, d, {
        kind: 'failed',
        status: null,
        error: 'the SMS or the webhook secret is gone',
      });
      return;
    }
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = JSON.stringify({
      event: 'code.received',
      deliveryId: d.id,
      smsId: content.sms_id,
      rentalId: content.rental_id,
      number: content.phone_number,
      application: content.application_code,
      sender: content.sender,
      text: content.text,
      code: content.code,
      time: isoInZone(content.received_at, content.time_zone),
    });
    const outcome = await guardedPost({
      url: d.url,
      body,
      timeoutMs: options.timeoutMs,
      allowPrivate: options.allowPrivate,
      signal: stopping.signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Jiema-Webhook/1',
        'x-jiema-event': 'code.received',
        'x-jiema-delivery': String(d.id),
        'x-jiema-timestamp': timestamp,
        'x-jiema-signature': signWebhook(content.webhook_secret, timestamp, body),
      },
    });
    if (outcome.detail)
      deps.log?.debug({ delivery: d.id, detail: outcome.detail }, 'code webhook not delivered');
    if (!outcome.aborted)
      webhookDeliveries.inc({ kind: 'code', outcome: outcome.ok ? 'delivered' : 'failed' });
    if (outcome.aborted) await recordOutcome(db, d, { kind: 'interrupted' });
    else if (outcome.ok) await recordOutcome(db, d, { kind: 'delivered', status: outcome.status! });
    else if (d.attempts >= options.maxAttempts) {
      await recordOutcome(db, d, {
        kind: 'failed',
        status: outcome.status,
        error: outcome.error ?? 'failed',
      });
    } else {
      const delaySeconds = (options.retryBaseMs * 2 ** (d.attempts - 1)) / 1000;
      await recordOutcome(db, d, {
        kind: 'retry',
        status: outcome.status,
        error: outcome.error ?? 'failed',
        delaySeconds,
      });
    }
  };

  /** Claims one batch and delivers it; the number claimed. */
  const runOnce = async (): Promise<number> => {
    const claimed = await claimDueDeliveries(db, batchSize, leaseSeconds);
    await Promise.all(
      claimed.map((d) =>
        deliver(d).catch((error) => deps.log?.error({ err: error, delivery: d.id }, 'webhook delivery')),
      ),
    );
    return claimed.length;
  };

  const run = async () => {
    while (!stopping.signal.aborted) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        if (!stopping.signal.aborted) deps.log?.error({ err: error }, 'webhook worker');
      }
      if (claimed > 0 || stopping.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };

  return {
    runOnce,
    start() {
      if (loop) return;
      unsubscribe = deps.arrivals?.onAny(() => wake()) ?? (() => undefined);
      loop = run();
    },
    async stop() {
      stopping.abort();
      unsubscribe();
      wake();
      await loop;
    },
  };
}
