import type { Db } from '../../../db/client';
import { claimDueFinishes, markFinishRetry, markFinishSent } from './agent-activations.repository';
import { agentPost } from './agent-http';
import { type FinishStatus, finishJson, readFinish } from './agent-protocol';
import type { AgentsConfig } from './agent-purchase';
import { noteError } from './agents.repository';

/** Waits between two tries of one FINISH_ACTIVATION: doubling from 5 s, at most 10 minutes. */
const retryWaitMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

/**
 * Sends the due FINISH_ACTIVATIONs: each row claimed under a lease (one process sends it at a time),
 * marked sent only on the agent's SUCCESS, tried again later otherwise. The protocol makes the agent
 * answer SUCCESS to a repeat, so a send whose answer was lost is safe to repeat; a status is queued
 * once per activation, so it is never in effect twice.
 */
export async function sendDueFinishes(db: Db, config: AgentsConfig, limit = 50) {
  const due = await claimDueFinishes(db, limit, config.agents.requestTimeoutMs * 3 + 5_000);
  await Promise.all(
    due.map(async (f) => {
      const answer = await agentPost({
        url: f.url,
        json: finishJson(f.api_key, f.agent_activation_id, f.status as FinishStatus),
        timeoutMs: config.agents.requestTimeoutMs,
        allowPrivate: config.upstream.allowPrivate,
      });
      let error: string | null = null;
      if (!answer.ok) error = answer.error;
      else {
        try {
          const read = readFinish(answer.body);
          if (!read.done) error = read.error;
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
      }
      if (error === null) return markFinishSent(db, f.id);
      await markFinishRetry(db, f.id, retryWaitMs(f.attempts), error);
      await noteError(db, f.agent_id, `FINISH_ACTIVATION ${f.status}: ${error}`);
    }),
  );
  return due.length;
}
