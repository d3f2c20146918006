import type { Db, Listener } from '../../db/client';

type Entry<V> = { value: V; group: number; epoch: number; storedAt: number };

/**
 * Rows read from the database kept in memory while they are still exact (the pattern of the
 * session cache, modules/auth/session-cache.ts): an entry is used only while this process has
 * finished no write since it was read (`Db.writeEpoch`), no trigger announced a change of its group
 * on `channel` (payload: the group id, e.g. a user or a rental id), the listener is connected, and
 * for at most `ttlMs`. A read that was in flight while anything changed is not kept. `ttlMs` 0 = off.
 */
export function createExactCache<V>({
  db,
  channel,
  ttlMs,
  maxEntries = 50_000,
}: {
  db: Db;
  channel: string;
  ttlMs: number;
  maxEntries?: number;
}) {
  const entries = new Map<string, Entry<V>>();
  const keysOfGroup = new Map<number, Set<string>>();
  let announcements = 0;
  let listening = false;
  let listener: Listener | null = null;

  const clear = () => {
    entries.clear();
    keysOfGroup.clear();
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfGroup.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) keysOfGroup.delete(entry.group);
  };
  const onNotify = (payload: string) => {
    announcements += 1;
    const group = Number(payload);
    if (!Number.isInteger(group)) return clear();
    for (const key of keysOfGroup.get(group) ?? []) entries.delete(key);
    keysOfGroup.delete(group);
  };

  return {
    async start() {
      if (ttlMs <= 0) return;
      listener = await db.listen(channel, {
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
    /** The value of `key`: from memory while exact, else through `load` (kept when it names its group). */
    async get(key: string, load: () => Promise<V | null>, groupOf: (value: V) => number): Promise<V | null> {
      const entry = entries.get(key);
      if (entry) {
        if (listening && entry.epoch === db.writeEpoch() && Date.now() - entry.storedAt < ttlMs)
          return entry.value;
        remove(key);
      }
      const epoch = db.writeEpoch();
      const seen = announcements;
      const value = await load();
      if (value !== null && listening && epoch === db.writeEpoch() && seen === announcements) {
        if (entries.size >= maxEntries) clear();
        const group = groupOf(value);
        entries.set(key, { value, group, epoch, storedAt: Date.now() });
        const keys = keysOfGroup.get(group) ?? new Set<string>();
        keys.add(key);
        keysOfGroup.set(group, keys);
      }
      return value;
    },
  };
}
