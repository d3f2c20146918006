import type { Db, Listener } from '../db/client';

type Entry<V> = { value: V; groups: number[]; epoch: number; storedAt: number };

export type ExactCache<V> = ReturnType<typeof createExactCache<V>>;

/** Another channel whose announcements drop entries: `groups` reads the groups out of its payload (null: all). */
export type AlsoOn = { channel: string; groups: (payload: string) => number[] | null };

/** `12` or `12,40` (a change that concerns two users, say); anything else means "everything". */
const groupList = (payload: string): number[] | null => {
  const groups = payload.split(',').map(Number);
  return payload === '' || groups.some((g) => !Number.isInteger(g)) ? null : groups;
};

/**
 * Rows read from the database kept in memory while they are still exact, not "eventually consistent".
 * The one piece behind the session cache (/auth/info), the compat caches (getStatus, API keys), the
 * code link and the gateways of the inbound webhooks. An entry is used only while
 * - this process has finished no write since it was read (`epoch`, by default `Db.writeEpoch`: every
 *   write of this process counts; a cache whose table only a few known places write passes a counter of
 *   its own that those places bump after their commit),
 * - no trigger announced a change of one of its groups on `channel` (payload: a group id such as a user
 *   or a rental id; anything else drops everything), whichever process wrote,
 * - the listener is connected (while it is down some announcements may be missed: nothing is kept),
 * and for at most `ttlMs` besides. A read that was in flight while anything changed is not kept.
 * `ttlMs` 0 turns the cache off.
 */
export function createExactCache<V>({
  db,
  channel,
  ttlMs,
  maxEntries = 50_000,
  epoch = () => db.writeEpoch(),
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
  /** Announcements received so far: a read that saw one arrive while it ran is not kept. */
  let announcements = 0;
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
  /** Whether reads started at `epochThen` after `seen` announcements may be kept now. */
  const unchangedSince = (epochThen: number, seen: number) =>
    listening && epochThen === epoch() && seen === announcements;

  return {
    stats,
    async start() {
      if (ttlMs <= 0) return;
      const sources: AlsoOn[] = [{ channel, groups: groupList }, ...alsoOn];
      const connected = sources.map(() => false);
      for (const [i, source] of sources.entries()) {
        listeners.push(
          await db.listen(source.channel, {
            onNotify: (payload: string) => {
              announcements += 1;
              const groups = source.groups(payload);
              if (groups === null) return clear();
              for (const group of groups) dropGroup(group);
            },
            onState: (on) => {
              connected[i] = on;
              // Exact only while every channel is heard.
              listening = connected.every(Boolean);
              if (!on) clear();
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
      const entry = entries.get(key);
      if (entry) {
        if (listening && entry.epoch === epoch() && Date.now() - entry.storedAt < ttlMs) {
          stats.hits += 1;
          return entry.value;
        }
        remove(key);
      }
      stats.misses += 1;
      const epochThen = epoch();
      const seen = announcements;
      const value = await load();
      if (value !== null && value !== undefined && unchangedSince(epochThen, seen)) {
        const named = groupsOf(value);
        const groups = Array.isArray(named) ? named : [named];
        if (groups.length > 0) {
          if (entries.size >= maxEntries) clear();
          entries.set(key, { value, groups, epoch: epochThen, storedAt: Date.now() });
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
