import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { startNodeChild } from './node-child.mjs';

export const BUILT_SERVER = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/**
 * Starts the built server (`npm run build -w server`) on a free loopback port against `database`
 * (from `freshDatabase`), with an administrator whose credentials are returned.
 */
export async function startJiemaServer({
  database,
  logLevel,
  maxLifetimeMs,
  env = {},
  script = BUILT_SERVER,
  adminUsername = 'benchadmin',
}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const admin = { username: adminUsername, password: randomBytes(12).toString('hex') };
  const child = await startNodeChild({
    name: 'Jiema server',
    script,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...database.env,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      CAPTCHA: 'off',
      // Only the seeded password is hashed at this cost; nothing measured depends on it.
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: logLevel,
      ...env,
    },
    readyUrl: `${origin}/healthz`,
    maxLifetimeMs,
  });
  return { ...child, origin, admin, label: 'Jiema server' };
}

/** Logs in (captcha is off) and returns the bearer token. */
export async function logIn(origin, { username, password }) {
  const response = await fetch(`${origin}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.json();
  const token = body?.data?.token;
  if (!response.ok || body.code !== 200 || !token) {
    throw new Error(`login failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return token;
}
