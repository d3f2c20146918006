import pg from 'pg';
import type { Db } from '../../db/client';

/** A bind held by this process: lost when its database connection goes (then another process may take it). */
export type HeldLock = {
  /** Called once if the lock is lost without `release` (connection closed or broken). */
  onLost(callback: () => void): void;
  release(): Promise<void>;
};

export type ConnectorLocks = {
  tryAcquire(connectorId: string): Promise<HeldLock | null>;
  close(): Promise<void>;
};

const lockKey = (connectorId: string) => `jiema:smpp:${connectorId}`;

/**
 * PostgreSQL: a session-level advisory lock per connector, on a connection of its own kept for as long
 * as the bind lives. If this process dies, PostgreSQL ends its session and frees the lock at once.
 * A process that does not hold it keeps one connection per connector too, and tries again each poll.
 */
export function postgresLocks(databaseUrl: string): ConnectorLocks {
  const clients = new Map<string, pg.Client>();
  const held = new Set<string>();

  const clientFor = async (connectorId: string) => {
    const existing = clients.get(connectorId);
    if (existing) return existing;
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'jiema-smpp-lock' });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (clients.get(connectorId) === client) clients.delete(connectorId);
    });
    await client.connect();
    clients.set(connectorId, client);
    return client;
  };

  return {
    async tryAcquire(connectorId) {
      if (held.has(connectorId)) return null;
      let client: pg.Client;
      try {
        client = await clientFor(connectorId);
        const { rows } = await client.query<{ ok: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
          [lockKey(connectorId)],
        );
        if (!rows[0]?.ok) return null;
      } catch {
        clients
          .get(connectorId)
          ?.end()
          .catch(() => undefined);
        clients.delete(connectorId);
        return null;
      }
      held.add(connectorId);
      let released = false;
      const lostCallbacks: Array<() => void> = [];
      const lost = () => {
        if (released) return;
        released = true;
        held.delete(connectorId);
        for (const callback of lostCallbacks) callback();
      };
      client.once('end', lost);
      client.once('error', lost);
      return {
        onLost: (callback) => void lostCallbacks.push(callback),
        async release() {
          if (released) return;
          released = true;
          held.delete(connectorId);
          await client
            .query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(connectorId)])
            .catch(() => client.end().catch(() => undefined));
        },
      };
    },
    async close() {
      held.clear();
      await Promise.all([...clients.values()].map((client) => client.end().catch(() => undefined)));
      clients.clear();
    },
  };
}

/** PGlite: one process owns the database, so the locks are a set in memory (shared per database). */
const inProcessHeld = new WeakMap<object, Set<string>>();

export function inProcessLocks(db: Db): ConnectorLocks {
  let set = inProcessHeld.get(db);
  if (!set) {
    set = new Set();
    inProcessHeld.set(db, set);
  }
  const held = set;
  const mine = new Set<string>();
  return {
    async tryAcquire(connectorId) {
      if (held.has(connectorId)) return null;
      held.add(connectorId);
      mine.add(connectorId);
      return {
        onLost: () => undefined,
        async release() {
          held.delete(connectorId);
          mine.delete(connectorId);
        },
      };
    },
    async close() {
      for (const id of mine) held.delete(id);
      mine.clear();
    },
  };
}
