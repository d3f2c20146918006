import type { Db } from '../../db/client';
import { createExactCache } from '../../lib/exact-cache';
import type { SessionLookup } from './sessions.repository';

/** The channel the triggers of migration 0010 announce changed users on (payload: the user id). */
export const AUTH_CHANGES_CHANNEL = 'jiema_auth';

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Session lookups (the session and its user row) kept in memory, so that a signed-in user's
 * requests need no database round trip while nothing about that user changed. Exact (see
 * lib/exact-cache.ts): triggers notify `jiema_auth` on every change of users, roles, grants and
 * sessions, and any write of this process counts. `ttlMs` 0 turns the cache off.
 */
export function createSessionCache({
  db,
  ttlMs,
  maxEntries = 10_000,
}: {
  db: Db;
  ttlMs: number;
  maxEntries?: number;
}) {
  const cache = createExactCache<SessionLookup>({ db, channel: AUTH_CHANGES_CHANNEL, ttlMs, maxEntries });
  return {
    stats: cache.stats,
    start: () => cache.start(),
    stop: () => cache.stop(),
    /** The lookup of a token hash: from memory while still exact, else through `load` (then kept). */
    lookup: (hash: string, load: () => Promise<SessionLookup | undefined>) =>
      cache.get(hash, load, (found) => found.user.id),
  };
}
