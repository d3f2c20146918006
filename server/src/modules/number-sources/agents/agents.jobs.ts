import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { createPeriodicJobs } from '../../../lib/periodic-jobs';
import { reconcileAgentActivations } from './agent-endings';
import { pollDueAgents } from './agents-poll';
import { sendDueFinishes } from './finish-outbox';

/**
 * The agents' background work in this process, safe with several processes: GET_SERVICES to each
 * agent once per interval (claimed by moving its next poll), the FINISH_ACTIVATION outbox (rows
 * claimed SKIP LOCKED under a lease) and the reconciliation of activations (SKIP LOCKED).
 * AGENT_POLL_SECONDS=0: none of it (tests drive each step).
 */
export function startAgentWorkers(
  db: Db,
  config: Pick<Config, 'agents' | 'upstream' | 'storeCooldownMinutes'>,
  log: FastifyBaseLogger,
) {
  const jobs = createPeriodicJobs(log, 'agents');
  const every = jobs.every;
  if (config.agents.pollMs > 0) {
    // Ticks well inside the interval: the claim, not the tick, decides that an agent is polled once.
    every(Math.min(1_000, config.agents.pollMs), 'poll', () => pollDueAgents(db, config));
    every(1_000, 'finish', () => sendDueFinishes(db, config));
    every(5_000, 'reconciliation', () => reconcileAgentActivations(db, config.upstream.buyBudgetMs + 30_000));
  }
  return { stop: jobs.stop };
}
