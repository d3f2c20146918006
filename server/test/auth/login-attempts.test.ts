import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createTestApp,
  createUser,
  expectErrorEnvelope,
  postLogin,
  solveCaptcha,
  type TestApp,
  uniqueName,
} from '../helpers';

const LIMIT_PER_IP = 3;
const LIMIT_PER_ACCOUNT = 2;
const WINDOW_SECONDS = 600;
const REGISTER_LIMIT = 2;
const SLOWDOWN_BASE_MS = 40;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_LIMIT_PER_IP: String(LIMIT_PER_IP),
    LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT_PER_ACCOUNT),
    LOGIN_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    REGISTER_LIMIT_PER_IP: String(REGISTER_LIMIT),
    LOGIN_SLOWDOWN_BASE_MS: String(SLOWDOWN_BASE_MS),
    LOGIN_SLOWDOWN_MAX_MS: String(8 * SLOWDOWN_BASE_MS),
  });
});
afterAll(() => t?.close());

/** Every test logs in from its own addresses, so the per-IP limit of one test never spills into another. */
let lastOctet = 0;
const newIp = () => `198.51.100.${++lastOctet}`;

const loginFrom = (ip: string, account: string, password: string, userAgent = 'vitest') =>
  postLogin(t, account, password, { request: { remoteAddress: ip, headers: { 'user-agent': userAgent } } });

/** The slow-down applied before each password check of the account, oldest first. */
const delaysOf = async (userId: number) =>
  (
    await t.db.query<{ delay_ms: number }>(
      'select delay_ms from login_records where user_id = $1 order by id',
      [userId],
    )
  ).map((r) => r.delay_ms);

function expectRateLimited(res: Awaited<ReturnType<typeof loginFrom>>, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const body = expectErrorEnvelope(res, 429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(body.message).toBe(
    locale === 'zh-CN'
      ? `操作过于频繁，请 ${retryAfter} 秒后再试`
      : `Too many attempts, please try again in ${retryAfter} seconds`,
  );
}

describe('login rate limits', () => {
  test(`allow ${LIMIT_PER_IP} attempts per IP in the window, then 429 with Retry-After`, async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT_PER_IP; i++) {
      expect((await loginFrom(ip, uniqueName(), 'whatever1')).statusCode).toBe(400);
    }
    expectRateLimited(await loginFrom(ip, uniqueName(), 'whatever1'));
    const english = await postLogin(t, uniqueName(), 'whatever1', {
      request: { remoteAddress: ip, headers: { 'accept-language': 'en-US' } },
    });
    expectRateLimited(english, 'en-US');
  });

  test('count successful logins against the IP too, and refuse even the right password once reached', async () => {
    const user = await createUser(t.db);
    const ip = newIp();
    for (let i = 0; i < LIMIT_PER_IP; i++)
      expect((await loginFrom(ip, user.username, user.password)).statusCode).toBe(200);
    expectRateLimited(await loginFrom(ip, user.username, user.password));
  });

  test('limit one IP without touching another', async () => {
    const user = await createUser(t.db);
    const busy = newIp();
    for (let i = 0; i <= LIMIT_PER_IP; i++) await loginFrom(busy, uniqueName(), 'whatever1');
    expect((await loginFrom(busy, user.username, user.password)).statusCode).toBe(429);
    expect((await loginFrom(newIp(), user.username, user.password)).statusCode).toBe(200);
  });

  test(`slow an account down after ${LIMIT_PER_ACCOUNT} wrong passwords from any IPs, by username or email in any case, never refusing the right password`, async () => {
    const user = await createUser(t.db);
    expect((await loginFrom(newIp(), user.username, 'wrong-1')).statusCode).toBe(400);
    expect((await loginFrom(newIp(), user.email.toUpperCase(), 'wrong-2')).statusCode).toBe(400);
    expect((await loginFrom(newIp(), user.username, 'wrong-3')).statusCode).toBe(400);
    expect((await loginFrom(newIp(), user.email, user.password)).statusCode).toBe(200);
    expect(await delaysOf(user.userId)).toEqual([0, 0, SLOWDOWN_BASE_MS, 2 * SLOWDOWN_BASE_MS]);
  });

  test('do not slow an account down for failed captchas or for another account failing', async () => {
    const user = await createUser(t.db);
    const badCaptcha = { captchaKey: 'nope', captchaCode: 'nope' };
    for (let i = 0; i < LIMIT_PER_ACCOUNT + 1; i++) {
      const res = await postLogin(t, user.username, 'wrong-1', {
        captcha: badCaptcha,
        request: { remoteAddress: newIp() },
      });
      expect(res.statusCode).toBe(400);
    }
    for (let i = 0; i < LIMIT_PER_ACCOUNT + 1; i++) await loginFrom(newIp(), `${user.username}x`, 'wrong-1');
    expect((await loginFrom(newIp(), user.username, user.password)).statusCode).toBe(200);
    expect((await delaysOf(user.userId)).at(-1)).toBe(0);
  });

  test('let the window pass: old failures stop counting', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i <= LIMIT_PER_ACCOUNT; i++) await loginFrom(newIp(), user.username, 'wrong-1');
    await t.db.query(
      `update login_records set created_at = created_at - make_interval(secs => $2) where user_id = $1`,
      [user.userId, WINDOW_SECONDS + 1],
    );
    expect((await loginFrom(newIp(), user.username, user.password)).statusCode).toBe(200);
    expect((await delaysOf(user.userId)).at(-1)).toBe(0);
  });
});

describe('login records', () => {
  type LoginRecord = {
    user_id: number | null;
    account: string;
    ip: string;
    user_agent: string;
    success: boolean;
    reason: string;
  };
  const recordsFrom = (ip: string) =>
    t.db.query<LoginRecord>(
      'select user_id, account, ip, user_agent, success, reason from login_records where ip = $1 order by id',
      [ip],
    );

  test('are written for every attempt: user, IP, user agent and result', async () => {
    const user = await createUser(t.db);
    const disabled = await createUser(t.db, { enabled: false });
    const ip = newIp();
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) vitest';
    await loginFrom(ip, user.username, user.password, agent);
    await loginFrom(ip, user.email, 'wrong-password', agent);
    await loginFrom(ip, 'no_such_user', 'whatever1', agent);
    const other = newIp();
    await loginFrom(other, disabled.username, disabled.password, agent);
    await postLogin(t, user.username, user.password, {
      captcha: { captchaKey: 'nope', captchaCode: 'nope' },
      request: { remoteAddress: other, headers: { 'user-agent': agent } },
    });
    await loginFrom(other, user.username, user.password, agent);
    await loginFrom(other, user.username, user.password, agent);

    const common = { ip, user_agent: agent };
    expect(await recordsFrom(ip)).toEqual([
      { ...common, user_id: user.userId, account: user.username, success: true, reason: 'success' },
      { ...common, user_id: user.userId, account: user.email, success: false, reason: 'bad_password' },
      { ...common, user_id: null, account: 'no_such_user', success: false, reason: 'unknown_account' },
    ]);
    const elsewhere = { ip: other, user_agent: agent };
    expect(await recordsFrom(other)).toEqual([
      {
        ...elsewhere,
        user_id: disabled.userId,
        account: disabled.username,
        success: false,
        reason: 'disabled',
      },
      { ...elsewhere, user_id: user.userId, account: user.username, success: false, reason: 'captcha' },
      { ...elsewhere, user_id: user.userId, account: user.username, success: true, reason: 'success' },
      {
        ...elsewhere,
        user_id: user.userId,
        account: user.username,
        success: false,
        reason: 'rate_limited',
      },
    ]);
  });

  test('keep a very long user agent, cut to 512 characters', async () => {
    const ip = newIp();
    await loginFrom(ip, 'no_such_user', 'whatever1', 'x'.repeat(5000));
    const [record] = await recordsFrom(ip);
    expect(record?.user_agent).toHaveLength(512);
  });
});

describe('registration rate limit', () => {
  test(`allows ${REGISTER_LIMIT} accounts per IP in the window, then 429 with Retry-After`, async () => {
    const ip = newIp();
    const registerFrom = async () => {
      const username = uniqueName();
      return t.app.inject({
        method: 'POST',
        url: '/api/authSms/register',
        remoteAddress: ip,
        payload: {
          username,
          email: `${username}@example.com`,
          password: 'secret123',
          ...(await solveCaptcha(t)),
        },
      });
    };
    for (let i = 0; i < REGISTER_LIMIT; i++) expect((await registerFrom()).statusCode).toBe(200);
    const refused = await registerFrom();
    expectErrorEnvelope(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
