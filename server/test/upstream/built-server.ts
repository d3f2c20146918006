import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = path.join(SERVER_DIR, 'dist/main.js');
const STARTUP_MS = 120_000;
let built: Promise<unknown> | undefined;

/**
 * `npm run build -w server`'s own script, run once per test process: the test runs the code of this
 * checkout and does not depend on a build having run before it (CI runs the PostgreSQL suite before
 * anything builds).
 */
function buildServer() {
  built ??= promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR });
  return built;
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type BuiltServer = {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process printed `text` (stdout or stderr). */
  printed(text: string, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * The built server (`scripts/build.mjs`: dist/main.js) as a child process on an existing
 * PostgreSQL database, so a test can kill it for real (SIGKILL) and start another on the same data.
 */
export async function startBuiltServer(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<BuiltServer> {
  await buildServer();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiema-upstream-kill-'));
  const child = spawn(process.execPath, [ENTRY], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      TRON_WATCHER: 'off',
      AGENT_POLL_SECONDS: '0',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
  });
  let output = '';
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    stream!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      for (const check of waiters) check();
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: BuiltServer = {
    baseUrl,
    child,
    printed(text, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the server never printed ${text}:\n${output}`));
        }, timeoutMs);
        const check = () => {
          if (!output.includes(text)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
