import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../lib/metrics';
import { claimDue, type Delivery, markDelivered, markFailed } from './compat-settings.repository';

/** sms-activate: "no more than 8 times" within about 2 hours. Seconds before attempts 2…8. */
export const RETRY_DELAYS = [30, 60, 120, 300, 600, 1200, 2400];
const TIMEOUT_MS = 10_000;
const BATCH = 20;

/** One POST of the sms-activate webhook JSON; HTTP 200 (any 2xx) is delivered. */
async function post(d: Delivery, signal: AbortSignal): Promise<string | null> {
  try {
    const res = await fetch(d.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Jiema-Compat-Webhook/1' },
      body: d.payload,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    await res.body?.cancel().catch(() => undefined);
    return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message || 'network error';
  }
}

/** Delivers every due webhook once; returns how many were tried. Tests call it directly. */
export async function deliverDueWebhooks(db: Db, signal: AbortSignal = new AbortController().signal) {
  let tried = 0;
  for (;;) {
    const due = await claimDue(db, BATCH, TIMEOUT_MS / 1000 + 20);
    await Promise.all(
      due.map(async (d) => {
        const error = await post(d, signal);
        webhookDeliveries.inc({ kind: 'compat', outcome: error === null ? 'delivered' : 'failed' });
        if (error === null) await markDelivered(db, d.id);
        else await markFailed(db, d.id, error, RETRY_DELAYS[d.attempts] ?? null);
      }),
    );
    tried += due.length;
    if (due.length < BATCH || signal.aborted) return tried;
  }
}

/**
 * The outbox worker: every `intervalMs`, never two runs at once in this process; `stop()` aborts
 * the posts in flight (they are tried again later) and waits for the run to end (SIGTERM).
 */
export function startCompatWebhookWorker(db: Db, options: { intervalMs: number; log: FastifyBaseLogger }) {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || abort.signal.aborted) return;
    running = deliverDueWebhooks(db, abort.signal)
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
