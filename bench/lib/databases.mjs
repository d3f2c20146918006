import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { importFromServer, serverPackageVersion } from './server-packages.mjs';

export const DEFAULT_POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * A database nobody else uses, removed at cleanup: `{ kind, env, description, backendPids }`, where `env`
 * is what the server needs to reach it (DATABASE_URL or DATA_DIR) and `backendPids()` lists the
 * database's own processes (PostgreSQL backends serving it; none for PGlite, which runs in the server).
 */
export function freshDatabase(kind, { postgresAdminUrl = DEFAULT_POSTGRES_ADMIN_URL } = {}) {
  if (kind === 'postgres') return freshPostgresDatabase(postgresAdminUrl);
  if (kind === 'pglite') return freshPgliteDirectory();
  throw new Error(`unknown database kind "${kind}" (pglite or postgres)`);
}

async function freshPostgresDatabase(adminUrl) {
  const url = new URL(adminUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname))
    throw new Error(`PostgreSQL must be on a loopback address, not ${url.host}`);
  const pg = await importFromServer('pg');
  const name = `jiema_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const { rows } = await admin.query('show server_version');
    onCleanup(() => dropPostgresDatabase(adminUrl, name));
    url.pathname = `/${name}`;
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.href },
      description: `PostgreSQL ${rows[0].server_version.split(' ')[0]} on ${url.host} (fresh database)`,
      backendPids: () => postgresBackendPids(adminUrl, name),
    };
  } finally {
    await admin.end();
  }
}

/** A database that already exists (created by hand), used as is and never dropped. */
export async function existingDatabase(adminUrl, name) {
  const url = new URL(adminUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname))
    throw new Error(`PostgreSQL must be on a loopback address, not ${url.host}`);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.href },
    description: `PostgreSQL database ${name} (kept)`,
    backendPids: () => postgresBackendPids(adminUrl, name),
  };
}

async function postgresBackendPids(adminUrl, name) {
  const pg = await importFromServer('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [name]);
    return rows.map((row) => row.pid);
  } finally {
    await admin.end();
  }
}

async function dropPostgresDatabase(adminUrl, name) {
  const pg = await importFromServer('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

async function freshPgliteDirectory() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'jiema-bench-'));
  onCleanup(() => rm(directory, { recursive: true, force: true }));
  return {
    kind: 'pglite',
    env: { DATA_DIR: directory },
    description: `PGlite ${serverPackageVersion('@electric-sql/pglite')} (embedded, temp directory)`,
    backendPids: async () => [],
  };
}
