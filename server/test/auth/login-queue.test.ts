import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app-types';
import {
  createTestApp,
  createUser,
  type ServerSet,
  serversSharingDatabase,
  solveCaptcha,
  type TestApp,
} from '../helpers';

/**
 * The per-account slow-down limits throughput, not only latency: checks of one account's password
 * are queued (each at least its delay after the previous one), in every process together, and an
 * address the owner logged in from before is not held by a stranger's guesses. On PostgreSQL the
 * guesses are spread over two servers sharing the database.
 */
const FREE = 2;
const BASE_MS = 200;
const MAX_MS = 2000;
const QUEUE_MAX_SECONDS = 3;

let t: TestApp;
let sharing: ServerSet | undefined;
let servers: App[] = [];
const server = (i: number) => servers[i % servers.length]!;

beforeAll(async () => {
  t = await createTestApp({
    LOGIN_LIMIT_PER_IP: '100',
    LOGIN_LIMIT_PER_ACCOUNT: String(FREE),
    LOGIN_SLOWDOWN_BASE_MS: String(BASE_MS),
    LOGIN_SLOWDOWN_MAX_MS: String(MAX_MS),
    LOGIN_QUEUE_MAX_SECONDS: String(QUEUE_MAX_SECONDS),
    CAPTCHA_LIMIT_PER_IP: '100',
  });
  sharing = await serversSharingDatabase(t);
  servers = sharing.servers;
}, 60_000);
afterAll(async () => {
  await sharing?.close();
  await t?.close();
});

let clients = 0;
const newIp = () => {
  const n = ++clients;
  return `198.51.${n >> 8}.${n & 255}`;
};
const solved = (i: number) =>
  solveCaptcha({ app: server(i) }, { remoteAddress: `203.0.113.${(i % 200) + 1}` });
const loginOn = (i: number, ip: string, username: string, password: string, captcha: object) =>
  server(i).inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: ip,
    payload: { username, password, ...captcha },
  });

describe('checks of one account are queued', () => {
  test('25 guesses at once on one account are not all checked together: one after another, the rest refused', async () => {
    const user = await createUser(t.db);
    const captchas = await Promise.all(Array.from({ length: 25 }, (_, i) => solved(i)));
    const results = await Promise.all(
      captchas.map((captcha, i) => loginOn(i, newIp(), user.username, `wrong-${i}`, captcha)),
    );
    const checked = results.filter((r) => r.statusCode === 400).length;
    const refused = results.filter((r) => r.statusCode === 429);
    // 2 free, then slots 200, 400, 800, 1,600 ms apart: only those within 3 s of their arrival are
    // checked (a few more when the burst's arrivals spread over seconds, as over two servers); before,
    // all 25 were checked side by side.
    expect(checked).toBeLessThanOrEqual(FREE + 6);
    expect(checked + refused.length).toBe(25);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const slots = await t.db.query<{ ms: string }>(
      `select (extract(epoch from check_at) * 1000)::bigint::text as ms from login_records
        where user_id = $1 and check_at is not null order by check_at`,
      [user.userId],
    );
    expect(slots.length).toBe(checked - FREE);
    for (let i = 1; i < slots.length; i++)
      expect(Number(slots[i]!.ms) - Number(slots[i - 1]!.ms)).toBeGreaterThanOrEqual(BASE_MS);
    const [counts] = await t.db.query<{ rate_limited: number }>(
      `select count(*) filter (where reason = 'rate_limited')::int as rate_limited from login_records where user_id = $1`,
      [user.userId],
    );
    expect(counts!.rate_limited).toBe(refused.length);
  }, 60_000);

  test('the owner, from an address that logged in before, is not held by a stranger’s guesses', async () => {
    const user = await createUser(t.db);
    const home = newIp();
    expect((await loginOn(0, home, user.username, user.password, await solved(0))).statusCode).toBe(200);
    const captchas = await Promise.all(Array.from({ length: 10 }, (_, i) => solved(i)));
    const guesses = Promise.all(
      captchas.map((captcha, i) => loginOn(i, newIp(), user.username, `wrong-${i}`, captcha)),
    );
    // Wait until the guesses are queued: the account is past its free failures.
    for (let n = 0; n < 200; n++) {
      const [row] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from login_records where user_id = $1 and reason in ('checking', 'bad_password')`,
        [user.userId],
      );
      if (row!.n > FREE + 1) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const captcha = await solved(1);
    const started = Date.now();
    const owner = await loginOn(1, home, user.username, user.password, captcha);
    const took = Date.now() - started;
    expect(owner.statusCode, owner.body).toBe(200);
    expect(took).toBeLessThan(BASE_MS * 4);
    const [last] = await t.db.query<{ delay_ms: number }>(
      `select delay_ms from login_records where user_id = $1 and ip = $2 order by id desc limit 1`,
      [user.userId, home],
    );
    expect(last!.delay_ms).toBe(0);
    // The guesses from elsewhere were still slowed and queued.
    const done = await guesses;
    expect(done.some((r) => r.statusCode === 429)).toBe(true);
  }, 60_000);
});
