import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { createPeriodicJobs } from '../../../lib/periodic-jobs';
import { readLateRefunds } from './late-refunds';
import { refreshDueProviders } from './offers-refresh';
import { reconcileUnsold } from './reconcile';
import { relayDue, relayTickMs } from './relay';

/**
 * The upstream providers' background work in this process, all of it safe with several processes:
 * the reconciliation at start and every UPSTREAM_RECONCILE_SECONDS (rows claimed SKIP LOCKED), the
 * relay of open activations every poll tick (claimed SKIP LOCKED with a lease), the reads of ended
 * activations still in their late-refund window (claimed SKIP LOCKED with a lease), and the refresh of
 * the providers' balances, prices and stock (each provider claimed by moving its refresh time).
 */
export function startUpstreamWorkers(
  db: Db,
  config: Pick<Config, 'upstream' | 'storeCooldownMinutes'>,
  log: FastifyBaseLogger,
) {
  const jobs = createPeriodicJobs(log, 'upstream');
  const every = jobs.every;
  every(config.upstream.reconcileMs, 'reconciliation', () => reconcileUnsold(db, config));
  if (config.upstream.pollMs > 0) {
    every(relayTickMs(config), 'relay', () => relayDue(db, config));
    every(15_000, 'late refunds', () => readLateRefunds(db, config));
    every(5_000, 'refresh', () => refreshDueProviders(db, config));
  }
  return { stop: jobs.stop };
}
