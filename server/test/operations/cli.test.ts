import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startControlSocket } from '../../src/cli/control-socket';
import { createDb, type Db } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed';
import { verifyPassword } from '../../src/lib/password';
import { applyBalanceChange } from '../../src/modules/ledger/ledger.service';
import { createUser } from '../helpers';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Bundled as `npm run build` bundles it (starting tsx per run costs seconds); npm packages resolve from server/. */
const CLI = path.join(SERVER_DIR, 'node_modules/.cache/jiema-cli-test/cli.mjs');
const SLOW = 180_000;
// Each run is a process of its own (about half a second, several on a loaded machine).
vi.setConfig({ testTimeout: SLOW, hookTimeout: SLOW });

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
}, SLOW);

type Run = { code: number; stdout: string; stderr: string };

/** The CLI as an operator runs it: its own process, configured by the environment only. */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...base, PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const passwordOf = async (db: Db, username: string) =>
  (
    await db.query<{ password_hash: string }>('select password_hash from users where username = $1', [
      username,
    ])
  )[0]!.password_hash;

const printedPassword = (stdout: string) => /(?:New password|Password): (\S+)/.exec(stdout)?.[1];

async function addEntries(db: Db, userId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await db.transaction((tx) =>
      applyBalanceChange(tx, {
        userId,
        type: 'recharge',
        amount: '1.250000',
        reference: `cli-test:${userId}:${Date.now()}:${Math.random()}`,
      }),
    );
  }
}

describe('jiema CLI: usage', () => {
  test('--help lists every command; each command has its own --help; wrong usage exits 2', async () => {
    const help = await cli(['--help'], {});
    expect(help.code).toBe(0);
    for (const name of [
      'reset-password',
      'unlock',
      'create-admin',
      'show-config',
      'reconcile',
      'backup',
      'restore',
    ]) {
      expect(help.stdout).toContain(name);
      const own = await cli([name, '--help'], {});
      expect(own.code, name).toBe(0);
      expect(own.stdout, name).toContain(`Usage: jiema ${name}`);
    }
    expect((await cli([], {})).code).toBe(2);
    const unknown = await cli(['drop-everything'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  });

  test('show-config prints the configuration with every secret masked', async () => {
    const run = await cli(['show-config'], {
      DATA_DIR: '/nowhere',
      ADMIN_PASSWORD: 'first-admin-secret',
      TRONGRID_API_KEY: 'trongrid-key-secret',
      SMTP_URL: 'smtp://mailer:smtp-pass-secret@mail.example:587',
      PUBLIC_URL: 'https://jiema.example',
      METRICS_TOKEN: 'metrics-token-secret-0123456',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/secret/);
    const shown = JSON.parse(run.stdout);
    expect(shown.adminPassword).toBe('***');
    expect(shown.trongridApiKey).toBe('***');
    expect(shown.metrics.token).toBe('***');
    expect(JSON.stringify(shown.mail)).toContain('mailer:***@mail.example');
    expect(shown.dataDir).toBe('/nowhere');
    const bad = await cli(['show-config'], { PORT: 'eighty' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('PORT');
  });
});

describe('jiema CLI on the embedded database', () => {
  let dir: string;
  let dataDir: string;
  let env: Record<string, string>;
  let customer: { userId: number; username: string };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiema-cli-'));
    dataDir = path.join(dir, 'data');
    env = { DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'Admin#Pass1' };
    const db = await createDb({ dataDir });
    try {
      await migrate(db);
      await seed(db, testConfig({ DATA_DIR: dataDir }));
      customer = await createUser(db);
      await addEntries(db, customer.userId, 3);
    } finally {
      await db.close();
    }
  }, SLOW);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('with the server stopped: reset-password prints a new password once and it works', async () => {
    const run = await cli(['reset-password', 'admin'], env);
    expect(run.code, run.stderr).toBe(0);
    const password = printedPassword(run.stdout);
    expect(password).toMatch(/^\S{16}$/);
    const db = await createDb({ dataDir });
    try {
      expect(await verifyPassword(password!, await passwordOf(db, 'admin'))).toBe(true);
      const [audit] = await db.query<{ actor_name: string }>(
        "select actor_name from audit_logs where action = 'reset-password' order by id desc limit 1",
      );
      expect(audit?.actor_name).toBe('cli');
    } finally {
      await db.close();
    }
    expect((await cli(['reset-password', 'nobody_here'], env)).code).toBe(1);
    expect((await cli(['reset-password'], env)).code).toBe(2);
    expect((await cli(['reset-password', 'admin', '--password', 'short'], env)).code).toBe(2);
    expect((await cli(['reconcile'], { DATA_DIR: path.join(dir, 'empty') })).code).toBe(1);
  });

  describe('with the server running (the database open in this process)', () => {
    let db: Db;
    let control: { close(): Promise<void> };
    beforeAll(async () => {
      db = await createDb({ dataDir });
      control = await startControlSocket({
        db,
        config: testConfig({ DATA_DIR: dataDir }),
        log: { info() {}, error() {} } as never,
      });
    });
    afterAll(async () => {
      await control?.close();
      await db?.close();
    });

    test('commands are carried out by the server: create-admin, unlock, reset-password', async () => {
      const created = await cli(['create-admin', 'rescuer', '--email', 'rescuer@jiema.test'], env);
      expect(created.code, created.stderr).toBe(0);
      const [row] = await db.query<{ user_type: number; roles: string[] }>(
        `select u.user_type, array(select role from user_roles r where r.user_id = u.id) as roles
           from users u where username = 'rescuer'`,
      );
      expect(row).toEqual({ user_type: 1, roles: ['ADMIN'] });
      expect(await verifyPassword(printedPassword(created.stdout)!, await passwordOf(db, 'rescuer'))).toBe(
        true,
      );
      expect((await cli(['create-admin', 'rescuer', '--email', 'again@jiema.test'], env)).code).toBe(1);
      expect((await cli(['create-admin', 'x', '--email', 'x@jiema.test'], env)).code).toBe(2);

      await db.query(
        `insert into login_records (user_id, account, account_key, ip, user_agent, success, reason)
         select $1::int, $2, 'user:' || $1::text, '203.0.113.9', 'test', false, 'bad_password' from generate_series(1, 6)`,
        [customer.userId, customer.username],
      );
      const unlocked = await cli(['unlock', customer.username], env);
      expect(unlocked.code, unlocked.stderr).toBe(0);
      expect(unlocked.stdout).toContain('6 recent failed login(s)');
      const [left] = await db.query<{ n: number }>(
        `select count(*)::int as n from login_records where account_key = $1 and reason = 'bad_password'`,
        [`user:${customer.userId}`],
      );
      expect(left?.n).toBe(0);

      const reset = await cli(['reset-password', customer.username, '--password', 'Typed#Pass9'], env);
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).not.toContain('Typed#Pass9');
      expect(await verifyPassword('Typed#Pass9', await passwordOf(db, customer.username))).toBe(true);
    });

    test('reconcile exits 0 on a consistent ledger and 1 with the mismatches listed', async () => {
      const ok = await cli(['reconcile'], env);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Every balance equals the sum of its entries.');
      await db.query('update users set balance = balance + 1 where id = $1', [customer.userId]);
      try {
        const bad = await cli(['reconcile', '--json'], env);
        expect(bad.code).toBe(1);
        expect(JSON.parse(bad.stdout).mismatches).toEqual([
          expect.objectContaining({ userId: customer.userId, difference: '1.000000' }),
        ]);
      } finally {
        await db.query('update users set balance = balance - 1 where id = $1', [customer.userId]);
      }
    });
  });
});

describe.runIf(process.env.DATABASE_URL)('jiema CLI on PostgreSQL', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url! };
  });
  afterAll(() => database?.drop());

  test('reset-password and reconcile run against DATABASE_URL', async () => {
    const run = await cli(['reset-password', 'admin'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(await verifyPassword(printedPassword(run.stdout)!, await passwordOf(database.db, 'admin'))).toBe(
      true,
    );
    expect((await cli(['reconcile'], env)).code).toBe(0);
  });
});
