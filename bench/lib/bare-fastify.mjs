import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { startNodeChild } from './node-child.mjs';
import { serverPackageVersion } from './server-packages.mjs';

const SCRIPT = fileURLToPath(new URL('./bare-fastify-server.mjs', import.meta.url));

/** Starts the bare Fastify hello-world in its own process; `path` is answered as well as `/`. */
export async function startBareFastify({ path = '/', maxLifetimeMs }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = await startNodeChild({
    name: 'bare Fastify',
    script: SCRIPT,
    env: { PORT: String(port), BENCH_PATH: path },
    readyUrl: `${origin}/`,
    maxLifetimeMs,
  });
  return { ...child, origin, label: `bare Fastify ${serverPackageVersion('fastify')}` };
}
