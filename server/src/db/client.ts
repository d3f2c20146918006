import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { dumpEmbedded } from './embedded-dump';
import { createListenHub } from './listen-postgres';
import { createWriteFence, FENCE_CHANNEL } from './write-fence';

/** Something SQL can be sent to: the database itself, or one transaction on it. */
export type Queryable = {
  query<T = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<T[]>;
  /** Runs a script of several statements, without parameters (migrations). */
  exec(script: string): Promise<void>;
};

export type QueryOptions = {
  /**
   * Makes the query a named prepared statement on PostgreSQL: each pooled connection parses and plans it
   * once, then only binds values (bench/RESULTS.md: PostgreSQL's CPU per `GET /auth/info` fell by ~70%).
   * Only for a hot query whose text never changes; one name, one text. PGlite ignores it.
   */
  prepare?: string;
};

export type Db = Queryable & {
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. `settings`: a
   * statement without parameters run first in the transaction (`set_config(…, true)` of planner
   * settings), sent with the BEGIN in one round trip on PostgreSQL.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Counts the writes this process has finished: each transaction, and each statement outside one
   * that is not a plain `select` and may have changed a row, bumps it once done. A cache of rows
   * read earlier is still exact as long as the count has not moved (and no other process has
   * written: see `listen`).
   */
  writeEpoch(): number;
  /**
   * Resolves true once the listener has handled every announcement (trigger NOTIFY) of the writes this
   * process had finished by `upTo` (a `writeEpoch` value); false when that cannot be known. An exact
   * cache may then keep trusting what it read before them (write-fence.ts).
   */
  writesHeard(upTo: number): Promise<boolean>;
  /** LISTEN on a channel: notifications sent by any process (PGlite: by this one). */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** Connections open, in use and requests waiting for one (PGlite: one connection, queued statements unknown). */
  poolStats(): PoolStats;
  /**
   * The embedded database as one plain-SQL dump (schema and rows), taken while it stays open; the
   * CLI's `backup`. PostgreSQL has pg_dump for this and throws here.
   */
  dumpSql(): Promise<string>;
  close(): Promise<void>;
};

export type TransactionOptions = { settings?: string };

export type PoolStats = { size: number; inUse: number; waiting: number };

export type ListenHandlers = {
  onNotify(payload: string): void;
  /** Whether notifications are being received; while false, some may be missed. */
  onState(listening: boolean): void;
};
export type Listener = { close(): Promise<void> };

/**
 * Statements that never change anything (everything else counts as a write, to be safe). A `select`
 * of a function that writes (`ledger_apply_change`) runs inside a transaction, whose end counts.
 */
const READ_ONLY = /^\s*(select|show|explain)\b/i;

/**
 * A plain insert, update or delete whose count of rows is that of everything it changed: when it
 * reports 0, nothing changed (its statement-level triggers saw empty transition tables). A `with`
 * statement is not one: its count is the last part's, not its data-modifying parts'. The idle
 * background jobs run such updates every second or so; counting them as writes would empty every
 * exact cache of the process each time.
 */
const COUNTED_WRITE = /^\s*(insert|update|delete)\b/i;

/** Whether a finished statement outside a transaction may have changed something. */
const mayHaveWritten = (text: string, changedRows: number | null | undefined) =>
  !READ_ONLY.test(text) && !(COUNTED_WRITE.test(text) && changedRows === 0);

const INT8_OID = 20;

/** PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (or in memory for `memory://`). */
export async function createDb(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Db> {
  return options.databaseUrl
    ? createPostgresDb(options.databaseUrl, options.poolSize ?? 10)
    : createPgliteDb(options.dataDir);
}

async function createPgliteDb(dataDir: string): Promise<Db> {
  const lite = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
  const epoch = writeCounter();
  const gate = inFlightGate();
  // Inside a transaction nothing counts until the commit: a reader must not see the bump before the data.
  const queryable = (q: Pick<PGlite, 'query' | 'exec'>, counts: boolean): Queryable => ({
    async query<T>(text: string, values?: readonly unknown[]) {
      let changedRows: number | undefined;
      try {
        const result = await q.query<T>(text, values ? [...values] : undefined);
        changedRows = result.affectedRows;
        return result.rows;
      } finally {
        if (counts && mayHaveWritten(text, changedRows)) epoch.bump();
      }
    },
    async exec(script) {
      try {
        await q.exec(script);
      } finally {
        if (counts) epoch.bump();
      }
    },
  });
  const top = queryable(lite, true);
  const listen: Db['listen'] = async (channel, handlers) => {
    const unsubscribe = await gate.run(() => lite.listen(channel, handlers.onNotify));
    handlers.onState(true);
    return { close: () => gate.run(() => unsubscribe(), { evenWhileClosing: true }) };
  };
  const fence = createWriteFence({
    epoch: epoch.read,
    notify: (payload) => gate.run(() => lite.query(`select pg_notify('${FENCE_CHANNEL}', $1)`, [payload])),
    listen,
  });
  return {
    kind: 'pglite',
    // Statements outside a transaction and whole transactions pass the gate; those inside one are
    // part of their transaction's passage.
    query: (text, values, options) => gate.run(() => top.query(text, values, options)),
    exec: (script) => gate.run(() => top.exec(script)),
    async transaction(fn, options) {
      return gate.run(async () => {
        try {
          return await lite.transaction(async (tx) => {
            if (options?.settings) await tx.exec(options.settings);
            return fn(queryable(tx, false));
          });
        } finally {
          epoch.bump();
        }
      });
    },
    writeEpoch: epoch.read,
    writesHeard: fence.heardThrough,
    listen,
    poolStats: () => {
      const active = gate.inFlight();
      return { size: 1, inUse: Math.min(active, 1), waiting: Math.max(active - 1, 0) };
    },
    dumpSql: () => gate.run(() => dumpEmbedded(lite)),
    /**
     * PGlite's close() with a statement still queued or running blocks the event loop for good (the
     * process then never exits, not even on a second SIGTERM: electric-sql/pglite#1058). So new
     * statements are refused from here on, and the ones in flight finish before it closes.
     */
    async close() {
      await fence.stop();
      await gate.drain();
      await lite.close();
    },
  };
}

/** Counts the statements and transactions in flight, so close() can wait for none. */
function inFlightGate() {
  let active = 0;
  let closing = false;
  let onIdle: (() => void) | null = null;
  return {
    inFlight: () => active,
    async run<T>(work: () => Promise<T>, options: { evenWhileClosing?: boolean } = {}): Promise<T> {
      if (closing && !options.evenWhileClosing) throw new Error('the database is closing');
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
        if (active === 0) onIdle?.();
      }
    },
    async drain(): Promise<void> {
      closing = true;
      if (active > 0) await new Promise<void>((resolve) => (onIdle = resolve));
    },
  };
}

function writeCounter() {
  let count = 0;
  return {
    bump: () => {
      count += 1;
    },
    read: () => count,
  };
}

async function createPostgresDb(url: string, poolSize: number): Promise<Db> {
  // Counts and ids come back as numbers, as PGlite gives them; numeric stays a string (exact money).
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID
        ? (v: string) => Number(v)
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  // Idle connections stay five minutes (pg's default is ten seconds): a connection keeps its prepared
  // statements and their plans, which a quiet server otherwise made again on nearly every request.
  // JIT off: on a database holding a year of history, PostgreSQL's cost estimates pass jit_above_cost
  // for everyday statements (a page of SMS records, a report), and compiling them costs more CPU than
  // it saves; the busy day's benchmark measured it (bench/RESULTS.md). A startup parameter, so it costs
  // no round trip; `options` in DATABASE_URL replaces it (the URL's parameters win in node-postgres).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    idleTimeoutMillis: 300_000,
    options: '-c jit=off',
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  await pool.query('select 1');
  const epoch = writeCounter();
  const listen = createListenHub(url, types);
  const fence = createWriteFence({
    epoch: epoch.read,
    notify: (payload) => pool.query(`select pg_notify('${FENCE_CHANNEL}', $1)`, [payload]),
    listen,
  });
  const queryable = (q: pg.Pool | pg.PoolClient, counts: boolean): Queryable => ({
    async query<T>(text: string, values?: readonly unknown[], options?: QueryOptions) {
      const config = { name: options?.prepare, text, values: values as unknown[] | undefined };
      let changedRows: number | null | undefined;
      try {
        const result = await q.query(config);
        changedRows = result.rowCount;
        return result.rows as T[];
      } finally {
        if (counts && mayHaveWritten(text, changedRows)) epoch.bump();
      }
    },
    async exec(script) {
      try {
        await q.query(script);
      } finally {
        if (counts) epoch.bump();
      }
    },
  });
  return {
    kind: 'postgres',
    ...queryable(pool, true),
    async transaction(fn, options) {
      const client = await pool.connect();
      try {
        // One simple query for both: the settings ride with the BEGIN instead of a round trip of their own.
        await client.query(options?.settings ? `begin; ${options.settings}` : 'begin');
        const result = await fn(queryable(client, false));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        epoch.bump();
        client.release();
      }
    },
    writeEpoch: epoch.read,
    writesHeard: fence.heardThrough,
    listen,
    poolStats: () => ({
      size: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
    dumpSql: () => Promise.reject(new Error('PostgreSQL is backed up with pg_dump (README, Backups)')),
    async close() {
      await fence.stop();
      await pool.end();
    },
  };
}
