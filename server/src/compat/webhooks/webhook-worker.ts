import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../lib/metrics';
import { guardedPost } from '../../lib/outbound/guarded-post';
import { claimDue, type Delivery, markDelivered, markFailed } from './compat-settings.repository';

/** sms-activate: "no more than 8 times" within about 2 hours. Seconds before attempts 2…8. */
export const RETRY_DELAYS = [30, 60, 120, 300, 600, 1200, 2400];
const TIMEOUT_MS = 10_000;
const BATCH = 20;

export type CompatPostOptions = {
  /** Lets the URL point to loopback and private networks (CODE_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  signal?: AbortSignal;
  log?: FastifyBaseLogger;
};

/**
 * One POST of the sms-activate webhook JSON through the guarded path; HTTP 200 (any 2xx) is
 * delivered. Null when delivered, else `refused` or `failed`: the customer sees no more than that.
 */
async function post(d: Delivery, options: CompatPostOptions): Promise<'refused' | 'failed' | null> {
  const outcome = await guardedPost({
    url: d.url,
    body: d.payload,
    headers: { 'content-type': 'application/json', 'user-agent': 'Jiema-Compat-Webhook/1' },
    timeoutMs: TIMEOUT_MS,
    allowPrivate: options.allowPrivate,
    signal: options.signal,
  });
  if (outcome.detail)
    options.log?.debug({ delivery: d.id, detail: outcome.detail }, 'compat webhook not delivered');
  return outcome.ok ? null : (outcome.error ?? 'failed');
}

/** Delivers every due webhook once; returns how many were tried. Tests call it directly. */
export async function deliverDueWebhooks(db: Db, options: CompatPostOptions) {
  let tried = 0;
  for (;;) {
    const due = await claimDue(db, BATCH, TIMEOUT_MS / 1000 + 20);
    await Promise.all(
      due.map(async (d) => {
        const error = await post(d, options);
        if (options.signal?.aborted) return; // the lease ends and it is tried again
        webhookDeliveries.inc({ kind: 'compat', outcome: error === null ? 'delivered' : 'failed' });
        if (error === null) await markDelivered(db, d.id);
        else await markFailed(db, d.id, error, RETRY_DELAYS[d.attempts] ?? null);
      }),
    );
    tried += due.length;
    if (due.length < BATCH || options.signal?.aborted) return tried;
  }
}

/**
 * The outbox worker: every `intervalMs`, never two runs at once in this process; `stop()` aborts
 * the posts in flight (they are tried again later) and waits for the run to end (SIGTERM).
 */
export function startCompatWebhookWorker(
  db: Db,
  options: { intervalMs: number; allowPrivate: boolean; log: FastifyBaseLogger },
) {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || abort.signal.aborted) return;
    running = deliverDueWebhooks(db, {
      allowPrivate: options.allowPrivate,
      signal: abort.signal,
      log: options.log,
    })
      .then((n) => {
        if (n) options.log.info({ tried: n }, 'compat webhooks');
      })
      .catch((error) => options.log.error({ err: error }, 'compat webhooks failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = options.intervalMs > 0 ? setInterval(run, options.intervalMs) : null;
  timer?.unref();
  return {
    async stop() {
      abort.abort();
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
