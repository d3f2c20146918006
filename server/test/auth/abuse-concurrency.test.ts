import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app-types';
import {
  createTestApp,
  createUser,
  type ServerSet,
  serversSharingDatabase,
  solveCaptcha,
  type TestApp,
  uniqueName,
} from '../helpers';

/**
 * Issue 7 item 1: the limits hold when the requests arrive at once. Every burst is fired with
 * Promise.all; on PostgreSQL it is spread over two servers (two apps, each with its own pool) on one
 * database, as two processes behind a load balancer would see it. PGlite serves one process.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const LOGIN_LIMIT_PER_IP = 10;
const LOGIN_LIMIT_PER_ACCOUNT = 5;
const REGISTER_LIMIT_PER_IP = 10;
const SLOWDOWN_BASE_MS = 10;
const SLOWDOWN_MAX_MS = 150;
const CAPTCHA_LIMIT_PER_IP = 5;

let t: TestApp;
let sharing: ServerSet | undefined;
let servers: App[] = [];
/** The i-th request of a burst goes to server i mod n. */
const server = (i: number) => servers[i % servers.length]!;

beforeAll(async () => {
  t = await createTestApp({
    LOGIN_LIMIT_PER_IP: String(LOGIN_LIMIT_PER_IP),
    LOGIN_LIMIT_PER_ACCOUNT: String(LOGIN_LIMIT_PER_ACCOUNT),
    LOGIN_SLOWDOWN_BASE_MS: String(SLOWDOWN_BASE_MS),
    LOGIN_SLOWDOWN_MAX_MS: String(SLOWDOWN_MAX_MS),
    REGISTER_LIMIT_PER_IP: String(REGISTER_LIMIT_PER_IP),
    CAPTCHA_LIMIT_PER_IP: String(CAPTCHA_LIMIT_PER_IP),
  });
  sharing = await serversSharingDatabase(t);
  servers = sharing.servers;
}, 60_000);

afterAll(async () => {
  await sharing?.close();
  await t?.close();
});

let lastOctet = 0;
const newIp = () => `192.0.2.${++lastOctet}`;

/** A challenge fetched from one server and solved, as a browser would; each from an address of its own. */
let captchaClients = 0;
function solved(i: number) {
  const n = ++captchaClients;
  return solveCaptcha({ app: server(i) }, { remoteAddress: `198.18.${n >> 8}.${n & 255}` });
}

const loginOn = (i: number, ip: string, username: string, password: string, captcha: object) =>
  server(i).inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: ip,
    payload: { username, password, ...captcha },
  });

const statuses = (results: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe(`bursts${onPostgres ? ' on two servers sharing one PostgreSQL database' : ''}`, () => {
  test(`40 logins at once from one IP: exactly ${LOGIN_LIMIT_PER_IP} are checked, the rest get 429`, async () => {
    const ip = newIp();
    const captchas = await Promise.all(Array.from({ length: 40 }, (_, i) => solved(i)));
    const results = await Promise.all(
      captchas.map((captcha, i) => loginOn(i, ip, uniqueName(), 'wrong-password', captcha)),
    );
    expect(statuses(results)).toEqual({ 400: LOGIN_LIMIT_PER_IP, 429: 40 - LOGIN_LIMIT_PER_IP });
    for (const r of results.filter((r) => r.statusCode === 429))
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const [checked] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from login_records where ip = $1 and reason <> 'rate_limited'`,
      [ip],
    );
    expect(checked?.n).toBe(LOGIN_LIMIT_PER_IP);
  });

  test('25 wrong passwords at once on one account, by username and by email: each is counted before its check, so the slow-down grows exactly; the owner still gets in', async () => {
    const user = await createUser(t.db);
    const captchas = await Promise.all(Array.from({ length: 25 }, (_, i) => solved(i)));
    // Each from its own address: the per-IP limit is not what is tested here.
    const results = await Promise.all(
      captchas.map((captcha, i) =>
        loginOn(i, newIp(), i % 2 ? user.email.toUpperCase() : user.username, `wrong-${i}`, captcha),
      ),
    );
    expect(statuses(results)).toEqual({ 400: 25 });
    const delays = await t.db.query<{ delay_ms: number }>(
      'select delay_ms from login_records where user_id = $1 order by delay_ms',
      [user.userId],
    );
    const expected = Array.from({ length: 25 }, (_, failures) =>
      failures < LOGIN_LIMIT_PER_ACCOUNT
        ? 0
        : Math.min(SLOWDOWN_BASE_MS * 2 ** (failures - LOGIN_LIMIT_PER_ACCOUNT), SLOWDOWN_MAX_MS),
    );
    expect(delays.map((d) => d.delay_ms)).toEqual(expected);
    // Never locked out: the right password works, slowed by the cap.
    const owner = await loginOn(0, newIp(), user.username, user.password, await solved(0));
    expect(owner.statusCode, owner.body).toBe(200);
    const [last] = await t.db.query<{ delay_ms: number; reason: string }>(
      'select delay_ms, reason from login_records where user_id = $1 order by id desc limit 1',
      [user.userId],
    );
    expect(last).toEqual({ delay_ms: SLOWDOWN_MAX_MS, reason: 'success' });
  });

  test(`30 registrations at once from one IP: exactly ${REGISTER_LIMIT_PER_IP} accounts are created`, async () => {
    const ip = newIp();
    const captchas = await Promise.all(Array.from({ length: 30 }, (_, i) => solved(i)));
    const results = await Promise.all(
      captchas.map((captcha, i) => {
        const username = uniqueName('burst');
        return server(i).inject({
          method: 'POST',
          url: '/api/authSms/register',
          remoteAddress: ip,
          headers: { 'accept-language': 'en-US' },
          payload: { username, email: `${username}@example.com`, password: 'secret123', ...captcha },
        });
      }),
    );
    expect(statuses(results)).toEqual({ 200: REGISTER_LIMIT_PER_IP, 429: 30 - REGISTER_LIMIT_PER_IP });
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    const [created] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from users where register_ip = $1',
      [ip],
    );
    expect(created?.n).toBe(REGISTER_LIMIT_PER_IP);
  });

  test(`30 captcha challenges at once from one IP: exactly ${CAPTCHA_LIMIT_PER_IP} are issued, the rest get 429`, async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        server(i).inject({ method: 'GET', url: '/auth/code', remoteAddress: '192.0.2.250' }),
      ),
    );
    // Counted per minute: a burst that straddles a minute boundary is split over two windows.
    const windows = await t.db.query<{ count: number }>('select count from rate_counters where key = $1', [
      'captcha-ip:192.0.2.250',
    ]);
    expect(windows.reduce((sum, w) => sum + w.count, 0)).toBe(30);
    const issued = windows.reduce((sum, w) => sum + Math.min(w.count, CAPTCHA_LIMIT_PER_IP), 0);
    expect(statuses(results)).toEqual({ 200: issued, 429: 30 - issued });
  });
});
