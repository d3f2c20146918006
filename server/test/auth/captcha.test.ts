import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, expectErrorEnvelope, postLogin, solveCaptcha, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CAPTCHA_MESSAGE = '验证码错误或已过期，请重新获取';

/** The key the client sends back, decoded: the challenge as issued. */
const decodeKey = (key: string) => JSON.parse(Buffer.from(key, 'base64url').toString());
const encodeKey = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('GET /auth/code', () => {
  test('issues a signed proof-of-work challenge that expires, and is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/code' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data).toEqual({
      key: expect.any(String),
      algorithm: 'SHA-256',
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      salt: expect.stringMatching(/^[0-9a-f]+\?expires=\d+&$/),
      maxNumber: 1000,
      expiresInSeconds: 300,
      enabled: true,
    });
    const expires = Number(/expires=(\d+)/.exec(data.salt)![1]);
    expect(expires * 1000).toBeGreaterThan(Date.now() + 290_000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 300_000);
    expect(decodeKey(data.key)).toEqual({
      algorithm: 'SHA-256',
      challenge: data.challenge,
      salt: data.salt,
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  test('has exactly one answer below maxNumber, found by trying: nothing a script can read off', async () => {
    const { challenge, salt, maxNumber } = (await t.app.inject({ method: 'GET', url: '/auth/code' })).json()
      .data;
    const answers: number[] = [];
    for (let n = 0; n <= maxNumber; n++)
      if (
        createHash('sha256')
          .update(salt + n)
          .digest('hex') === challenge
      )
        answers.push(n);
    expect(answers).toHaveLength(1);
  });

  test('gives a different challenge each time', async () => {
    const keys = await Promise.all([1, 2, 3].map(async () => (await solveCaptcha(t)).captchaKey));
    expect(new Set(keys).size).toBe(3);
  });

  test('writes no row per challenge: 50 challenges leave one counter row for the address and nothing else', async () => {
    const ip = '203.0.113.50';
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from captcha_uses');
    for (let i = 0; i < 50; i++)
      expect((await t.app.inject({ method: 'GET', url: '/auth/code', remoteAddress: ip })).statusCode).toBe(
        200,
      );
    expect(await t.db.query('select count(*)::int as n from captcha_uses')).toEqual(before);
    const counters = await t.db.query<{ count: number }>('select count from rate_counters where key = $1', [
      `captcha-ip:${ip}`,
    ]);
    expect(counters.length).toBeLessThanOrEqual(2); // a minute boundary may fall inside the loop
    expect(counters.reduce((sum, c) => sum + c.count, 0)).toBe(50);
  });
});

describe('the captcha on POST /auth/login', () => {
  test('is required', async () => {
    const body = expectErrorEnvelope(
      await postLogin(t, ADMIN.username, ADMIN.password, { captcha: {} }),
      400,
    );
    expect(body.message).toBe(CAPTCHA_MESSAGE);
  });

  test('needs the solution as well as the key', async () => {
    const { captchaKey } = await solveCaptcha(t);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha: { captchaKey } }), 400);
  });

  test('refuses a wrong number; the right one still opens one session', async () => {
    const captcha = await solveCaptcha(t);
    const wrong = { ...captcha, captchaCode: String((Number(captcha.captchaCode) + 1) % 1001) };
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha: wrong }), 400);
    expect((await postLogin(t, ADMIN.username, ADMIN.password, { captcha })).statusCode).toBe(200);
  });

  test.each([
    ['an unknown key', { captchaKey: 'no-such-key', captchaCode: '12' }],
    ['a code that is not a number', { captchaKey: 'x', captchaCode: 'abcd' }],
  ])('refuses %s', async (_, captcha) => {
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
  });

  test('refuses a challenge it did not sign, or one whose salt or algorithm was changed', async () => {
    const solved = await solveCaptcha(t);
    const issued = decodeKey(solved.captchaKey);
    // A challenge made up by the client (it knows its own answer) has no valid signature.
    const salt = 'abcdef?expires=9999999999&';
    const forged = {
      ...issued,
      salt,
      challenge: createHash('sha256').update(`${salt}1`).digest('hex'),
    };
    for (const key of [
      forged,
      { ...issued, signature: '0'.repeat(64) },
      { ...issued, salt: issued.salt.replace(/expires=\d+/, 'expires=9999999999') },
      { ...issued, algorithm: 'SHA-1' },
    ]) {
      const captcha = { captchaKey: encodeKey(key), captchaCode: key === forged ? '1' : solved.captchaCode };
      const body = expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
      expect(body.message).toBe(CAPTCHA_MESSAGE);
    }
    expect((await postLogin(t, ADMIN.username, ADMIN.password, { captcha: solved })).statusCode).toBe(200);
  });

  test('accepts the solution with spaces around', async () => {
    const captcha = await solveCaptcha(t);
    const typed = { ...captcha, captchaCode: ` ${captcha.captchaCode} ` };
    expect((await postLogin(t, ADMIN.username, ADMIN.password, { captcha: typed })).statusCode).toBe(200);
  });

  test('is single-use: a solution that opened a session cannot be used again', async () => {
    const captcha = await solveCaptcha(t);
    expect((await postLogin(t, ADMIN.username, ADMIN.password, { captcha })).statusCode).toBe(200);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
  });

  test('is single-use under concurrency: the same solution sent 10 times at once opens one session', async () => {
    const captcha = await solveCaptcha(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => postLogin(t, ADMIN.username, ADMIN.password, { captcha })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
  });

  test('is used up by a failed login too', async () => {
    const captcha = await solveCaptcha(t);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, 'wrong-password', { captcha }), 400);
    expectErrorEnvelope(await postLogin(t, ADMIN.username, ADMIN.password, { captcha }), 400);
  });

  test('is checked before the password, so a wrong captcha reveals nothing about the account', async () => {
    const res = await postLogin(t, ADMIN.username, 'wrong-password', {
      captcha: { captchaKey: 'x', captchaCode: '1' },
    });
    expect(expectErrorEnvelope(res, 400).message).toBe(CAPTCHA_MESSAGE);
  });
});

describe('expiry and the per-IP limit on GET /auth/code', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ CAPTCHA_TTL_SECONDS: '1', CAPTCHA_LIMIT_PER_IP: '5' });
  });
  afterAll(() => short?.close());

  test('refuses an expired solution', async () => {
    const captcha = await solveCaptcha(short, { remoteAddress: '203.0.113.1' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const body = expectErrorEnvelope(
      await postLogin(short, ADMIN.username, ADMIN.password, { captcha }),
      400,
    );
    expect(body.message).toBe(CAPTCHA_MESSAGE);
  });

  test('answers 429 with Retry-After, in the caller language, past 5 challenges a minute from one IP, all at once', async () => {
    const ip = '203.0.113.2';
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        short.app.inject({
          method: 'GET',
          url: '/auth/code',
          remoteAddress: ip,
          headers: { 'accept-language': 'en-US' },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 429);
    // Counted per minute: a burst that straddles a minute boundary is split over two windows.
    const windows = await short.db.query<{ count: number }>(
      'select count from rate_counters where key = $1',
      [`captcha-ip:${ip}`],
    );
    expect(windows.reduce((sum, w) => sum + w.count, 0)).toBe(12);
    const issued = windows.reduce((sum, w) => sum + Math.min(w.count, 5), 0);
    expect(ok).toHaveLength(issued);
    expect(refused).toHaveLength(12 - issued);
    const body = expectErrorEnvelope(refused[0]!, 429);
    const retryAfter = Number(refused[0]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.message).toBe(`Too many attempts, please try again in ${retryAfter} seconds`);
    // Another address is not affected.
    expect(
      (await short.app.inject({ method: 'GET', url: '/auth/code', remoteAddress: '203.0.113.3' })).statusCode,
    ).toBe(200);
  });
});
