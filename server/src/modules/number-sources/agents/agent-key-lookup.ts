import type { Db } from '../../../db/client';
import { createExactCache } from '../../../lib/exact-cache';
import { findAgentByKey } from './agents.repository';

/** The channel the trigger of migration 0200 announces changed keys and deleted agents on (payload: its id). */
export const AGENT_KEY_CHANGES_CHANNEL = 'jiema_agents';

/**
 * Agent writes of this process, counted after their commit (agents.service.ts): a key kept in memory is
 * exact only while the count has not moved (between our commit and our hearing of the announcement).
 */
let agentWrites = 0;
export const agentsWritten = () => {
  agentWrites += 1;
};

/**
 * Which agent a PUSH_SMS key belongs to, from memory while exact (lib/exact-cache.ts: a changed key or a
 * deleted agent is announced to every process), so a push at thousands a second costs no key lookup.
 * An unknown key is not remembered: the agent an administrator has just added works at its first push.
 */
export function createAgentKeyLookup({ db, ttlMs }: { db: Db; ttlMs: number }) {
  const cache = createExactCache<{ id: number }>({
    db,
    channel: AGENT_KEY_CHANGES_CHANNEL,
    ttlMs,
    maxEntries: 10_000,
    epoch: () => agentWrites,
  });
  return {
    start: () => cache.start(),
    stop: () => cache.stop(),
    async agentOf(key: string): Promise<number | null> {
      const found = await cache.get(
        key,
        async () => {
          const id = await findAgentByKey(db, key);
          return id === null ? null : { id };
        },
        (agent) => agent.id,
      );
      return found?.id ?? null;
    },
  };
}
