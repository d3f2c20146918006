import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
  /** Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

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
  const queryable = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(text: string, values?: readonly unknown[]) {
      return (await q.query<T>(text, values ? [...values] : undefined)).rows;
    },
    async exec(script) {
      await q.exec(script);
    },
  });
  return {
    kind: 'pglite',
    ...queryable(lite),
    transaction: (fn) => lite.transaction((tx) => fn(queryable(tx))),
    close: () => lite.close(),
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
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  await pool.query('select 1');
  const queryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(text: string, values?: readonly unknown[], options?: QueryOptions) {
      const config = { name: options?.prepare, text, values: values as unknown[] | undefined };
      return (await q.query(config)).rows as T[];
    },
    async exec(script) {
      await q.query(script);
    },
  });
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(queryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
