import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { freePort } from './free-port.mjs';
import { importFromServer } from './server-packages.mjs';

/**
 * A PostgreSQL cluster of the benchmark's own (initdb in a temporary directory, on a free loopback
 * port), for what the machine's shared server must not be changed for: here, `pg_stat_statements`,
 * which needs `shared_preload_libraries` and so a server start of its own. Uses the machine's
 * PostgreSQL binaries (`pg_config --bindir`); as root it runs them as the `postgres` user, since
 * PostgreSQL refuses to run as root. Removed at cleanup. Returns the admin URL.
 */
export async function startPrivatePostgres({ settings = {} } = {}) {
  const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  if (!existsSync(path.join(bindir, 'initdb'))) throw new Error(`no initdb in ${bindir}`);
  const asRoot = process.getuid?.() === 0;
  const run = (program, args, options = {}) => {
    const file = path.join(bindir, program);
    return asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', file, ...args], options)
      : spawn(file, args, options);
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jiema-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const data = path.join(dir, 'data');
  await finished(
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']),
    'initdb',
  );
  const port = await freePort();
  const flags = Object.entries({
    listen_addresses: '127.0.0.1',
    port,
    unix_socket_directories: dir,
    ...settings,
  }).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const server = run('postgres', ['-D', data, ...flags], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr.on('data', (chunk) => {
    log = (log + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  onCleanup(async () => {
    // Through pg_ctl: runuser does not pass a signal on to the server.
    await finished(run('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']), 'pg_ctl stop').catch(
      () => undefined,
    );
    await exited;
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = await importFromServer('pg');
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return { adminUrl: url, log: () => log };
    } catch (error) {
      if (attempt > 100 || server.exitCode !== null)
        throw new Error(`private PostgreSQL did not start: ${error.message}\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function finished(child, name) {
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${output}`)),
    ),
  );
}
