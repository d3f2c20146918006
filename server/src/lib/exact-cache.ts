import type { Db, Listener } from '../db/client';

type Entry<V> = { key: string; value: V; groups: number[]; epoch: number; storedAt: number };

export type ExactCache<V> = ReturnType<typeof createExactCache<V>>;

/** Another channel whose announcements drop entries: `groups` reads the groups out of its payload (null: all). */
export type AlsoOn = { channel: string; groups: (payload: string) => number[] | null };

/** `12` or `12,40` (a change that concerns two users, say); anything else means "everything". */
const groupList = (payload: string): number[] | null => {
  const groups = payload.split(',').map(Number);
  return payload === '' || groups.some((g) => !Number.isInteger(g)) ? null : groups;
};

/** Announcements kept for the reads in flight: beyond this many, a read that saw none of them is not kept. */
const LOG_LIMIT = 10_000;

/**
 * Rows read from the database kept in memory while they are still exact, not "eventually consistent".
 * The one piece behind the session cache (/auth/info), the compat caches (getStatus, API keys), the
 * code link and the gateways of the inbound webhooks. An entry is used only while
 * - no trigger announced a change of one of its groups on `channel` (payload: a group id such as a user
 *   or a rental id; anything else drops everything), whichever process wrote,
 * - every announcement of the writes this process has finished since the entry was read has been heard
 *   (`Db.writesHeard`: a reader that follows a write of its own process waits for that rather than
 *   reading again; under a steady stream of unrelated writes entries stay in use),
 *   or, for a cache that passes an `epoch` of its own (a counter that the few places writing its table
 *   bump after their commit), while that counter has not moved,
 * - the listener is connected (while it is down some announcements may be missed: nothing is kept),
 * and for at most `ttlMs` besides. A read during which one of its groups was announced is not kept.
 * `ttlMs` 0 turns the cache off.
 */
export function createExactCache<V>({
  db,
  channel,
  ttlMs,
  maxEntries = 50_000,
  epoch,
  alsoOn = [],
}: {
  db: Db;
  channel: string;
  ttlMs: number;
  maxEntries?: number;
  epoch?: () => number;
  alsoOn?: AlsoOn[];
}) {
  const entries = new Map<string, Entry<V>>();
  const keysOfGroup = new Map<number, Set<string>>();
  const writes = epoch ?? (() => db.writeEpoch());
  /** Announcements received so far. */
  let announcements = 0;
  /** The groups of announcements `logStart + 1`… (null: everything), kept only while reads are in flight. */
  let log: (number[] | null)[] = [];
  let logStart = 0;
  let loading = 0;
  /** Moves whenever a listener connection is lost: a read across a loss may have missed announcements. */
  let losses = 0;
  let sweptAt = Date.now();
  let listening = false;
  let listeners: Listener[] = [];
  const stats = { hits: 0, misses: 0 };

  const clear = () => {
    entries.clear();
    keysOfGroup.clear();
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const group of entry.groups) {
      const keys = keysOfGroup.get(group);
      keys?.delete(key);
      if (keys?.size === 0) keysOfGroup.delete(group);
    }
  };
  const dropGroup = (group: number) => {
    for (const key of keysOfGroup.get(group) ?? []) remove(key);
    keysOfGroup.delete(group);
  };
  /**
   * Drops the entries past `ttlMs`, at most once per `ttlMs`. Entries sit in the map in the order they
   * were stored, so the walk stops at the first one still young. Without it an entry nobody asks for
   * again (an activation finished long ago) stayed until the map was full: a busy server's memory grew
   * by a quarter over ten minutes (bench/busy-day.mjs).
   */
  const sweep = (now: number) => {
    if (now - sweptAt < ttlMs) return;
    sweptAt = now;
    for (const [key, entry] of entries) {
      if (now - entry.storedAt < ttlMs) break;
      remove(key);
    }
  };
  const announce = (groups: number[] | null) => {
    announcements += 1;
    if (loading === 0) return;
    log.push(groups);
    if (log.length > LOG_LIMIT) {
      log = log.slice(-LOG_LIMIT / 2);
      logStart = announcements - log.length;
    }
  };
  /** Whether none of `groups` was announced after the first `seen` announcements. */
  const unchangedSince = (seen: number, groups: number[]) => {
    if (seen < logStart) return false;
    for (let i = seen - logStart; i < log.length; i++) {
      const announced = log[i];
      if (announced === undefined || announced === null || announced.some((g) => groups.includes(g)))
        return false;
    }
    return true;
  };
  /** Whether the writes this process finished since `entry` was read have left it exact. */
  const writesAllowed = async (entry: Entry<V>): Promise<boolean> => {
    const now = writes();
    if (entry.epoch === now) return true;
    // A counter of the cache's own: its few writers move it rarely; read again.
    if (epoch) return false;
    if (!(await db.writesHeard(now))) return false;
    // Still there after every announcement up to `now`: exact as of `now`.
    if (entries.get(entry.key) !== entry) return false;
    if (entry.epoch < now) entry.epoch = now;
    return true;
  };

  return {
    stats,
    /** Entries held now (expired ones included until the next sweep). */
    size: () => entries.size,
    async start() {
      if (ttlMs <= 0) return;
      const sources: AlsoOn[] = [{ channel, groups: groupList }, ...alsoOn];
      const connected = sources.map(() => false);
      for (const [i, source] of sources.entries()) {
        listeners.push(
          await db.listen(source.channel, {
            onNotify: (payload: string) => {
              const groups = source.groups(payload);
              announce(groups);
              if (groups === null) return clear();
              for (const group of groups) dropGroup(group);
            },
            onState: (on) => {
              connected[i] = on;
              // Exact only while every channel is heard.
              listening = connected.every(Boolean);
              if (!on) {
                losses += 1;
                clear();
              }
            },
          }),
        );
      }
    },
    async stop() {
      const closing = listeners;
      listeners = [];
      listening = false;
      for (const listener of closing) await listener.close();
      clear();
    },
    /**
     * The value of `key`: from memory while exact, else through `load`, then kept under the groups
     * `groupsOf` names (a value that names none is not kept). A null or undefined value is never kept.
     */
    async get<L extends V | null | undefined>(
      key: string,
      load: () => Promise<L>,
      groupsOf: (value: V) => number | number[],
    ): Promise<V | L> {
      sweep(Date.now());
      const entry = entries.get(key);
      if (entry) {
        if (listening && Date.now() - entry.storedAt < ttlMs && (await writesAllowed(entry))) {
          stats.hits += 1;
          return entry.value;
        }
        if (entries.get(key) === entry) remove(key);
      }
      stats.misses += 1;
      const epochThen = writes();
      const seen = announcements;
      const lossesThen = losses;
      if (loading === 0) {
        log = [];
        logStart = announcements;
      }
      loading += 1;
      let value: L;
      try {
        value = await load();
      } finally {
        loading -= 1;
      }
      const stillHeard = listening && losses === lossesThen && (!epoch || epoch() === epochThen);
      if (value !== null && value !== undefined && stillHeard) {
        const named = groupsOf(value);
        const groups = Array.isArray(named) ? named : [named];
        if (groups.length > 0 && unchangedSince(seen, groups)) {
          if (entries.size >= maxEntries) clear();
          // Removed first, so the map keeps entries in the order they were stored (the sweep relies on it).
          remove(key);
          const fresh: Entry<V> = { key, value, groups, epoch: epochThen, storedAt: Date.now() };
          entries.set(key, fresh);
          for (const group of groups) {
            const keys = keysOfGroup.get(group) ?? new Set<string>();
            keys.add(key);
            keysOfGroup.set(group, keys);
          }
        }
      }
      return value;
    },
  };
}
