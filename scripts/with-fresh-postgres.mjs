#!/usr/bin/env node
// Runs a command against the machine's PostgreSQL: `node scripts/with-fresh-postgres.mjs npm test -w server`.
// It sets DATABASE_URL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres); the server
// tests then make a brand-new database per test file on that server and drop it afterwards.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-fresh-postgres.mjs <command> [args...]');
  process.exit(2);
}

const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
/** The URL without its password, for messages. */
const shown = (() => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
})();

// pg is a dependency of the server workspace; resolve it from there.
const pg = createRequire(new URL('../server/package.json', import.meta.url))('pg');
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query(
    "select current_setting('server_version') as version, rolcreatedb or rolsuper as can_create from pg_roles where rolname = current_user",
  );
  if (!rows[0]?.can_create) throw new Error('the user may not create databases (needs CREATEDB)');
  console.error(`with-fresh-postgres: PostgreSQL ${rows[0].version} at ${shown}`);
} catch (error) {
  console.error(`with-fresh-postgres: PostgreSQL is not usable at ${shown}: ${error.message}`);
  console.error(
    'Start it (scripts/ensure-postgres.sh), or point TEST_DATABASE_URL at a server where this user may create databases.',
  );
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
  shell: process.platform === 'win32',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`with-fresh-postgres: cannot run ${command[0]}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
