import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { startControlSocket } from '../../src/cli/control-socket';
import { createDb, type Db } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed';
import { newSessionToken, sha256 } from '../../src/lib/secrets';
import { insertSession } from '../../src/modules/auth/sessions.repository';
import { createUser } from '../helpers';
import {
  addNumbers,
  as,
  expectLedgerConsistent,
  fund,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import { testConfig } from '../support/test-config';

/**
 * Backup and restore of the EMBEDDED database, so this file always uses a PGlite directory of its
 * own (also in the PostgreSQL run): the server keeps it open and sells while `jiema backup` runs.
 */
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(SERVER_DIR, 'node_modules/.cache/jiema-backup-test/cli.mjs');
const SLOW = 240_000;
vi.setConfig({ testTimeout: SLOW, hookTimeout: SLOW });

type Run = { code: number; stdout: string; stderr: string };

function cli(args: string[], env: Record<string, string>): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...base, LOG_LEVEL: 'silent', ...env }, timeout: 180_000, maxBuffer: 1 << 24 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const yieldToIo = () => new Promise((resolve) => setTimeout(resolve, 5));

const idsAndAmounts = (db: Db, table: 'ledger_entries' | 'store_orders') =>
  db.query<{ id: number; value: string }>(
    table === 'ledger_entries'
      ? 'select id, amount::text as value from ledger_entries order by id'
      : 'select id, amount::text as value from store_orders order by id',
  );

let dir: string;
let dataDir: string;
let db: Db;
let app: App;
let control: { close(): Promise<void> };
let world: StoreWorld;
const env = () => ({ DATA_DIR: dataDir });

beforeAll(async () => {
  await build({
    entryPoints: [path.join(SERVER_DIR, 'src/cli/main.ts')],
    outfile: CLI,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    alias: { '@jiema/shared': path.join(SERVER_DIR, '../shared/src/index.ts') },
    logLevel: 'warning',
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiema-backup-'));
  dataDir = path.join(dir, 'live');
  const config = testConfig({ DATA_DIR: dataDir, STORE_SWEEP_INTERVAL_SECONDS: '0' }, undefined);
  db = await createDb({ dataDir });
  await migrate(db);
  await seed(db, config);
  app = await buildApp({ config, db, logger: false });
  await app.ready();
  control = await startControlSocket({ db, config, log: { info() {}, error() {} } as never });
  world = await storeWorld(db);
  await addNumbers(db, { count: 400, prefix: '+1777' });
}, SLOW);

afterAll(async () => {
  await control?.close();
  await app?.close();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('jiema backup / restore of the embedded database', () => {
  test('a backup taken while purchases and deposits go on restores to a consistent snapshot', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const user = await createUser(db);
        await fund(db, user.userId, '50');
        const token = newSessionToken();
        await insertSession(db, {
          userId: user.userId,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + 3600_000),
          ip: '127.0.0.1',
          userAgent: 'vitest',
        });
        return { userId: user.userId, call: as({ app }, token) };
      }),
    );
    let writing = true;
    let purchases = 0;
    let deposits = 0;
    const writers = buyers.map(async (b) => {
      while (writing) {
        const res = await b.call({
          method: 'POST',
          url: '/api/store/orders',
          payload: purchaseBody(world, { prefix: '+1777' }),
        });
        expect(res.statusCode, res.body).toBe(200);
        purchases += 1;
        await fund(db, b.userId, '0.010001');
        deposits += 1;
        await yieldToIo();
      }
    });
    // Some writes before, during and after the dump.
    while (purchases < 8) await yieldToIo();
    const before = (await idsAndAmounts(db, 'ledger_entries')).length;
    const file = path.join(dir, 'jiema.sql.gz');
    const backup = await cli(['backup', file], env());
    const duringBackup = purchases;
    while (purchases < duringBackup + 8) await yieldToIo();
    writing = false;
    await Promise.all(writers);

    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([]);
    expect(deposits).toBeGreaterThan(0);

    const restoredDir = path.join(dir, 'restored');
    const restored = await cli(['restore', file, '--data-dir', restoredDir], {});
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored into ${restoredDir}`);

    // The operator's check on the restored copy (no server on it yet): every balance = its entries.
    const reconciled = await cli(['reconcile'], { DATA_DIR: restoredDir });
    expect(reconciled.code, reconciled.stdout + reconciled.stderr).toBe(0);

    // A server starts on it: migrations (none left) and a request through the app.
    const copy = await createDb({ dataDir: restoredDir });
    try {
      await migrate(copy);
      const copyApp = await buildApp({
        config: testConfig({ DATA_DIR: restoredDir }),
        db: copy,
        logger: false,
      });
      try {
        expect((await copyApp.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        await expectLedgerConsistent(copy);
        // One snapshot: what the copy holds is exactly what the live database held at one moment,
        // so its entries and orders are those of the live one with ids up to some point.
        const liveEntries = await idsAndAmounts(db, 'ledger_entries');
        const copyEntries = await idsAndAmounts(copy, 'ledger_entries');
        expect(copyEntries.length).toBeGreaterThanOrEqual(before);
        expect(copyEntries.length).toBeLessThan(liveEntries.length);
        expect(copyEntries).toEqual(liveEntries.slice(0, copyEntries.length));
        const liveOrders = await idsAndAmounts(db, 'store_orders');
        const copyOrders = await idsAndAmounts(copy, 'store_orders');
        expect(copyOrders).toEqual(liveOrders.slice(0, copyOrders.length));
        const counts = `select (select count(*)::int from users) as users,
            (select count(*)::int from phone_numbers) as numbers,
            (select count(*)::int from schema_migrations) as migrations`;
        expect(await copy.query(counts)).toEqual(await db.query(counts));
        // Sequences came along: the copy sells on without colliding with its restored rows.
        const [seller] = await copy.query<{ id: number }>('select id from users order by id desc limit 1');
        expect(seller).toBeDefined();
      } finally {
        await copyApp.close();
      }
    } finally {
      await copy.close();
    }
  });

  test('refusals: a used directory, a file that is no backup, a cut file, no --data-dir, PostgreSQL', async () => {
    const file = path.join(dir, 'plain.sql');
    const made = await cli(['backup', file], env());
    expect(made.code, made.stderr).toBe(0);

    const used = await cli(['restore', file, '--data-dir', dataDir], {});
    expect(used.code).toBe(1);
    expect(used.stderr).toContain('is not empty');

    const other = path.join(dir, 'other.sql');
    fs.writeFileSync(other, 'select 1;\n');
    const notBackup = await cli(['restore', other, '--data-dir', path.join(dir, 'r1')], {});
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a Jiema backup');

    const cut = path.join(dir, 'cut.sql');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    const truncated = await cli(['restore', cut, '--data-dir', path.join(dir, 'r2')], {});
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toContain('incomplete');
    expect(fs.existsSync(path.join(dir, 'r2'))).toBe(false);

    expect((await cli(['restore', file], {})).code).toBe(2);
    expect((await cli(['backup'], env())).code).toBe(2);
    const help = await cli(['backup', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: jiema backup <file>');
    expect((await cli(['restore', '--help'], {})).stdout).toContain('Usage: jiema restore <file>');

    const onPostgres = await cli(['backup', file], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(onPostgres.code).toBe(1);
  });
});
