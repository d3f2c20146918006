import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { refreshDueProviders } from './offers-refresh';
import { reconcileUnsold } from './reconcile';
import { relayDue } from './relay';

/**
 * The upstream providers' background work in this process, all of it safe with several processes:
 * the reconciliation at start and every UPSTREAM_RECONCILE_SECONDS (rows claimed SKIP LOCKED), the
 * relay of open activations every poll tick (claimed SKIP LOCKED with a lease), and the refresh of
 * the providers' prices and stock (each provider claimed by moving its refresh time).
 */
export function startUpstreamWorkers(
  db: Db,
  config: Pick<Config, 'upstream' | 'storeCooldownMinutes'>,
  log: FastifyBaseLogger,
) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    let busy = false;
    const run = () => {
      if (busy || stopped) return;
      busy = true;
      const p = job()
        .catch((error) => log.error({ err: error }, `upstream ${name} failed`))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    run();
    if (ms > 0) {
      const timer = setInterval(run, ms);
      timer.unref();
      timers.push(timer);
    }
  };
  every(config.upstream.reconcileMs, 'reconciliation', () => reconcileUnsold(db, config));
  if (config.upstream.pollMs > 0) {
    every(Math.max(200, Math.round(config.upstream.pollMs / 4)), 'relay', () => relayDue(db, config));
    every(5_000, 'refresh', () => refreshDueProviders(db, config));
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
    },
  };
}
