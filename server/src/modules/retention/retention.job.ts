import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { retentionPruned } from '../../lib/metrics';
import {
  claimDailyRun,
  extendLease,
  finishDailyRun,
  pruneBatch,
  type RetentionKind,
} from './retention.repository';

const DAY_MS = 86_400_000;
/** A run that takes longer renews its lease; a process that died leaves it to another after this. */
const LEASE_MS = 10 * 60_000;
const KINDS: RetentionKind[] = ['massSms', 'receipts', 'rentalSms', 'logins', 'webhookLogs'];

/** Between batches: the live traffic (and PGlite's single connection) gets its turn. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Prunes every kind whose setting is not 0, batch after batch until a batch comes back short. Returns
 * the rows pruned by kind. Used by the daily job and by tests (with `now` moved on).
 */
export async function runRetention(
  db: Db,
  settings: Config['retention'],
  options: { now?: Date; onBatch?: () => Promise<void> } = {},
): Promise<Record<RetentionKind, number>> {
  const now = options.now ?? new Date();
  const result = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<RetentionKind, number>;
  for (const kind of KINDS) {
    const days = settings.days[kind];
    if (days === 0) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    for (;;) {
      const pruned = await pruneBatch(db, kind, cutoff, settings.batch);
      result[kind] += pruned;
      if (pruned > 0) retentionPruned.inc({ kind }, pruned);
      await options.onBatch?.();
      if (pruned < settings.batch) break;
      await pause();
    }
  }
  return result;
}

/**
 * Every RETENTION_CHECK_SECONDS each process asks whether the day's run is due; the one whose claim
 * succeeds runs it (claimDailyRun), the others go on. A stop waits for the batch in progress.
 */
export function startRetentionJob(db: Db, config: Config, log: FastifyBaseLogger) {
  const { checkMs } = config.retention;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let lastRenewal = 0;

  const tick = async () => {
    if (!(await claimDailyRun(db, LEASE_MS))) return;
    lastRenewal = Date.now();
    const started = Date.now();
    const result = await runRetention(db, config.retention, {
      onBatch: async () => {
        if (stopped) throw new Error('stopping');
        if (Date.now() - lastRenewal > LEASE_MS / 3) {
          lastRenewal = Date.now();
          await extendLease(db, LEASE_MS);
        }
      },
    });
    await finishDailyRun(db, result);
    log.info({ pruned: result, ms: Date.now() - started }, 'retention: old records pruned');
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error) => {
          if (!stopped) log.error({ err: error }, 'retention run failed');
        })
        .finally(() => {
          running = null;
          schedule(checkMs);
        });
    }, delayMs);
  };
  // The first look soon after the start (a server restarted daily still prunes), then every checkMs.
  if (checkMs > 0) schedule(Math.min(checkMs, 30_000));

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
