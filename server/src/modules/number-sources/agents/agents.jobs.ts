import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
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
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    let busy = false;
    const run = () => {
      if (busy || stopped) return;
      busy = true;
      const p = job()
        .catch((error) => log.error({ err: error }, `agents ${name} failed`))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };
  if (config.agents.pollMs > 0) {
    // Ticks well inside the interval: the claim, not the tick, decides that an agent is polled once.
    every(Math.min(1_000, config.agents.pollMs), 'poll', () => pollDueAgents(db, config));
    every(1_000, 'finish', () => sendDueFinishes(db, config));
    every(5_000, 'reconciliation', () => reconcileAgentActivations(db, config.upstream.buyBudgetMs + 30_000));
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
    },
  };
}
