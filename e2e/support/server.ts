import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'server/dist/main.js');
const WEB_DIST = path.join(REPO_ROOT, 'web/dist');
const WEB_INDEX = path.join(WEB_DIST, 'index.html');
// A first start (initdb, migrations, seed) takes a minute on a 2-core machine others are busy on.
const STARTUP_TIMEOUT_MS = 180_000;

export type ServerCredentials = { adminUsername: string; adminPassword: string };

export type RunningServer = {
  baseUrl: string;
  stop: () => Promise<void>;
};

function assertBuilt() {
  const missing = [SERVER_ENTRY, WEB_INDEX].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The e2e tests run the built app, but ${missing.map((f) => path.relative(REPO_ROOT, f)).join(' and ')} ` +
        'is missing. Run `npm run test:e2e` at the repository root (it builds first), or `npm run build`.',
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} while starting:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /healthz within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts `node server/dist/main.js` on a free port with a fresh embedded database (PGlite in a
 * temporary folder, removed by `stop`). The captcha is off (unless `env` turns it on)
 * and the login and registration limits are lifted, because every journey logs in from 127.0.0.1.
 */
export async function startServer(
  credentials: ServerCredentials,
  logFile: string,
  /** Extra environment for this server, e.g. `{ CAPTCHA: 'on' }` for the captcha journey. */
  env: Record<string, string> = {},
): Promise<RunningServer> {
  assertBuilt();
  const port = await freePort();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiema-e2e-'));
  const dataDir = path.join(workDir, 'data');
  // The server reads index.html once; a rebuild during the run (another terminal) would replace the
  // hashed chunks under it, so it serves a snapshot of the web build instead.
  const webDist = path.join(workDir, 'web');
  fs.cpSync(WEB_DIST, webDist, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _external, ...inherited } = process.env;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  let recent = '';

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      ADMIN_USERNAME: credentials.adminUsername,
      ADMIN_PASSWORD: credentials.adminPassword,
      CAPTCHA: 'off',
      // The public price list is computed on every request, so a journey sees the stock it just added.
      PUBLIC_PRICES_CACHE_SECONDS: '0',
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '1000',
      REGISTER_LIMIT_PER_IP: '100000',
      CAPTCHA_LIMIT_PER_IP: '100000',
      // No journey reaches the real chain API; one that needs the watcher points it at a fake.
      TRON_WATCHER: 'off',
      ...env,
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      recent = (recent + chunk.toString()).slice(-4000);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    log.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => recent);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
