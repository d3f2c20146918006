import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed';
import { testConfig } from './test-config';

/** Prefix of the throw-away PostgreSQL databases; the global setup drops stale ones left by a killed run. */
export const TEST_DATABASE_PREFIX = 'jiema_t_';

/**
 * A migrated and seeded database made once per run, which every test file copies: starting PGlite
 * from scratch (initdb) and seeding the catalog cost seconds per file, a copy a fraction of that.
 * On PostgreSQL: the name of a template database; on PGlite: a data directory.
 */
export type DatabaseTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; dataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | null;
  }
}

export type TestDatabase = { db: Db; url: string | undefined; drop(): Promise<void> };

/** The creation time is part of the name, so a later run can tell a stale database from a live one. */
const newDatabaseName = (prefix = TEST_DATABASE_PREFIX) =>
  `${prefix}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** PGlite keeps its files in memory-backed /dev/shm where there is one: copies cost no disk writes. */
const scratchRoot = () => (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const SCRATCH_PREFIX = 'jiema-test-';

/**
 * A brand-new database for one test file: on PostgreSQL (DATABASE_URL) a new database on that server,
 * dropped by `drop()`; else PGlite. A copy of the run's template when there is one and `fromTemplate`.
 */
export async function createTestDatabase({ fromTemplate = true } = {}): Promise<TestDatabase> {
  const template = fromTemplate ? inject('databaseTemplate') : null;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = newDatabaseName();
    const source = template?.kind === 'postgres' ? ` template "${template.name}"` : '';
    await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"${source}`));
    const db = await createDb({ databaseUrl: urlOf(adminUrl, name), dataDir: '', poolSize: 4 });
    return {
      db,
      url: urlOf(adminUrl, name),
      async drop() {
        await db.close();
        await withAdminClient(adminUrl, (client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        );
      },
    };
  }
  if (template?.kind !== 'pglite') {
    const db = await createDb({ dataDir: 'memory://' });
    return { db, url: undefined, drop: () => db.close() };
  }
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), SCRATCH_PREFIX));
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const db = await createDb({ dataDir });
  return {
    db,
    url: undefined,
    async drop() {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function prepare(db: Db) {
  try {
    await migrate(db);
    await seed(db, testConfig());
  } finally {
    await db.close();
  }
}

/** Makes the run's template (see `DatabaseTemplate`); returns it and how to remove it. */
export async function createDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  remove(): Promise<void>;
}> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = newDatabaseName(`${TEST_DATABASE_PREFIX}tpl_`);
    const drop = () =>
      withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
    try {
      await prepare(await createDb({ databaseUrl: urlOf(adminUrl, name), dataDir: '', poolSize: 1 }));
    } catch (error) {
      await drop();
      throw error;
    }
    return {
      template: { kind: 'postgres', name },
      async remove() {
        await drop();
      },
    };
  }
  const root = fs.mkdtempSync(path.join(scratchRoot(), `${SCRATCH_PREFIX}template-`));
  const remove = async () => fs.rmSync(root, { recursive: true, force: true });
  const dataDir = path.join(root, 'pgdata');
  try {
    await prepare(await createDb({ dataDir }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { template: { kind: 'pglite', dataDir }, remove };
}

/** Drops test databases older than `maxAgeMs` (left behind when a run was killed before its teardown). */
export async function dropStaleTestDatabases(adminUrl: string, maxAgeMs: number): Promise<string[]> {
  return withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DATABASE_PREFIX}%`],
    );
    const stale = rows
      .map((r) => r.datname)
      .filter((name) => {
        const stamp = name.slice(TEST_DATABASE_PREFIX.length).replace(/^tpl_/, '').split('_')[0] ?? '';
        const createdAt = Number.parseInt(stamp, 36);
        return Number.isFinite(createdAt) && Date.now() - createdAt > maxAgeMs;
      });
    for (const name of stale) await client.query(`drop database if exists "${name}" with (force)`);
    return stale;
  });
}

/** Removes PGlite copies older than `maxAgeMs` (left behind when a run was killed before its teardown). */
export function removeStaleScratchDirs(maxAgeMs: number): void {
  const root = scratchRoot();
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const dir = path.join(root, name);
    if (Date.now() - fs.statSync(dir).mtimeMs > maxAgeMs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
