import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup.mjs';

const PRELOAD = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));
const OUTPUT_KEPT = 8_000;

/**
 * Starts `node script` as a child on the loopback address and resolves once `readyUrl` answers 200.
 * The child stops at cleanup, when this process dies, or after `maxLifetimeMs`.
 */
export async function startNodeChild({
  name,
  script,
  env,
  readyUrl,
  maxLifetimeMs,
  startTimeoutMs = 60_000,
}) {
  // BENCH_CHILD_NODE_OPTIONS (e.g. `--import /path/to/profiler.mjs`) reaches the servers, to profile them under load.
  const nodeOptions = process.env.BENCH_CHILD_NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', PRELOAD, script], {
    env: {
      PATH: process.env.PATH,
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...env,
      BENCH_MAX_LIFETIME_MS: String(maxLifetimeMs),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  };
  onCleanup(stop);

  const failedToStart = exited.then(({ code, signal }) => {
    throw new Error(`${name} exited during start (code ${code}, signal ${signal})`);
  });
  failedToStart.catch(() => undefined);
  try {
    await Promise.race([waitForOk(readyUrl, startTimeoutMs, name), failedToStart]);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n--- ${name} output ---\n${output}`);
  }
  return { pid: child.pid, stop, output: () => output };
}

async function waitForOk(url, timeoutMs, name) {
  const giveUpAt = Date.now() + timeoutMs;
  while (Date.now() < giveUpAt) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}
