import { Gauge } from 'prom-client';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { metricsRegistry } from '../../lib/metrics';
import { watcherHealth } from '../deposits/watcher-health';
import { queueStates } from './metrics.repository';

const GAUGE_NAMES = [
  'jiema_queue_depth',
  'jiema_queue_oldest_age_seconds',
  'jiema_chain_watcher_lag_seconds',
  'jiema_chain_watcher_consecutive_errors',
  'jiema_db_pool_connections',
];

/** How long one reading of the database serves scrapes: several scrapers (or instances) cost one read. */
const READING_TTL_MS = 5_000;

/**
 * Gauges read from the database when scraped: the queues' backlogs and ages, the chain watcher's lag, and
 * this process's pool. The shared ones are the same on every instance (take their max on a dashboard).
 */
export function registerDatabaseGauges(db: Db, config: Config) {
  let reading: Promise<Awaited<ReturnType<typeof read>>> | null = null;
  let readAt = 0;
  const read = async () => {
    const [queues, tron] = await Promise.all([
      queueStates(db),
      watcherHealth(db, config, 'en-US').catch(() => null),
    ]);
    return { queues, tron };
  };
  /** One database read per READING_TTL_MS, shared by every gauge of a scrape. */
  const current = () => {
    if (!reading || Date.now() - readAt > READING_TTL_MS) {
      readAt = Date.now();
      reading = read().catch((error) => {
        reading = null;
        throw error;
      });
    }
    return reading;
  };

  // The newest app of a process owns these (tests build several apps in one process).
  for (const name of GAUGE_NAMES) metricsRegistry.removeSingleMetric(name);
  const registers = [metricsRegistry];
  new Gauge({
    name: 'jiema_queue_depth',
    help: 'Rows waiting in a queue (mass_sms, code_webhooks, compat_webhooks, rental_sweep)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      for (const q of (await current()).queues) this.set({ queue: q.queue }, q.depth);
    },
  });
  new Gauge({
    name: 'jiema_queue_oldest_age_seconds',
    help: 'Age of the oldest row waiting in a queue (0 when it is empty)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      for (const q of (await current()).queues)
        this.set({ queue: q.queue }, Math.max(0, q.oldest_seconds ?? 0));
    },
  });
  new Gauge({
    name: 'jiema_chain_watcher_lag_seconds',
    help: 'How far behind the chain the USDT deposit watcher is (absent while it has not scanned)',
    registers,
    async collect() {
      this.reset();
      const seconds = (await current()).tron?.lagSeconds;
      if (seconds !== null && seconds !== undefined) this.set(seconds);
    },
  });
  new Gauge({
    name: 'jiema_chain_watcher_consecutive_errors',
    help: 'Chain API rounds that failed in a row (0 when the last one succeeded)',
    registers,
    async collect() {
      this.set((await current()).tron?.consecutiveErrors ?? 0);
    },
  });
  new Gauge({
    name: 'jiema_db_pool_connections',
    help: "This process's database connections by state (in_use, idle) and requests waiting for one",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const s = db.poolStats();
      this.set({ state: 'in_use' }, s.inUse);
      this.set({ state: 'idle' }, s.size - s.inUse);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  const ours = new Map(GAUGE_NAMES.map((name) => [name, metricsRegistry.getSingleMetric(name)]));
  return () => {
    for (const [name, gauge] of ours) {
      // Only if still ours: a newer app may have registered its own under the name.
      if (metricsRegistry.getSingleMetric(name) === gauge) metricsRegistry.removeSingleMetric(name);
    }
  };
}
