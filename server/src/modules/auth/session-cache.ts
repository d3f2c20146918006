import type { Db, Listener } from '../../db/client';
import type { SessionLookup } from './sessions.repository';

/** The channel the triggers of migration 0010 announce changed users on (payload: the user id). */
export const AUTH_CHANGES_CHANNEL = 'jiema_auth';

type Entry = { lookup: SessionLookup; epoch: number; storedAt: number };
export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Session lookups (the session and its user row) kept in memory, so that a signed-in user's
 * requests need no database round trip while nothing about that user changed. Exact, not
 * "eventually consistent": an entry is used only while
 * - this process has finished no write since it was read (`Db.writeEpoch`),
 * - no other process has announced a change of its user (triggers notify `jiema_auth` on every
 *   change of users, roles, grants and sessions; the entry is dropped when one arrives),
 * - the listener is connected (while it is down some announcements may be missed: nothing is kept),
 * and for at most `ttlMs` besides. A lookup that was in flight while anything changed is not kept.
 * `ttlMs` 0 turns the cache off.
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
  const entries = new Map<string, Entry>();
  const hashesOfUser = new Map<number, Set<string>>();
  /** Announcements received so far: a lookup that saw one arrive while it ran is not kept. */
  let announcements = 0;
  let listening = false;
  let listener: Listener | null = null;
  const stats = { hits: 0, misses: 0 };

  const remove = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const hashes = hashesOfUser.get(entry.lookup.user.id);
    hashes?.delete(hash);
    if (hashes?.size === 0) hashesOfUser.delete(entry.lookup.user.id);
  };
  const clear = () => {
    entries.clear();
    hashesOfUser.clear();
  };
  const onNotify = (payload: string) => {
    announcements += 1;
    const userId = Number(payload);
    if (!Number.isInteger(userId)) return clear();
    for (const hash of hashesOfUser.get(userId) ?? []) entries.delete(hash);
    hashesOfUser.delete(userId);
  };
  const store = (hash: string, lookup: SessionLookup, epoch: number) => {
    if (entries.size >= maxEntries) clear();
    entries.set(hash, { lookup, epoch, storedAt: Date.now() });
    const hashes = hashesOfUser.get(lookup.user.id) ?? new Set<string>();
    hashes.add(hash);
    hashesOfUser.set(lookup.user.id, hashes);
  };

  return {
    stats,
    async start() {
      if (ttlMs <= 0) return;
      listener = await db.listen(AUTH_CHANGES_CHANNEL, {
        onNotify,
        onState: (on) => {
          listening = on;
          if (!on) clear();
        },
      });
    },
    async stop() {
      await listener?.close();
      listener = null;
      listening = false;
      clear();
    },
    /** The lookup of a token hash: from memory while still exact, else through `load` (then kept). */
    async lookup(hash: string, load: () => Promise<SessionLookup | undefined>) {
      const entry = entries.get(hash);
      if (entry) {
        if (listening && entry.epoch === db.writeEpoch() && Date.now() - entry.storedAt < ttlMs) {
          stats.hits += 1;
          return entry.lookup;
        }
        remove(hash);
      }
      stats.misses += 1;
      const epoch = db.writeEpoch();
      const seen = announcements;
      const found = await load();
      if (found && listening && epoch === db.writeEpoch() && seen === announcements)
        store(hash, found, epoch);
      return found;
    },
  };
}
