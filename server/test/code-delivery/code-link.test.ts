import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { customerWithRentals, setSettings, smsSoon, smsTo } from './code-helpers';

let t: TestApp;
let world: StoreWorld;

beforeAll(async () => {
  t = await createTestApp({ CODE_LINK_LIMIT_PER_MINUTE: '1000' });
  world = await storeWorld(t.db);
});
afterAll(() => t?.close());

const link = (token: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/code/${token}${query}`, headers });

describe('answer formats', () => {
  test('JSON by default: the envelope as before, plus number and time with the owner’s offset', async () => {
    const { rentals } = await customerWithRentals(t, world);
    const rental = rentals[0]!;
    await smsTo(t.db, rental.id, {
      text: 'Telegram code 55012',
      code: '55012',
      receivedAt: '2026-01-02T03:04:05.000Z',
      sender: 'Telegram',
    });
    // Outside the default 20-minute window: no code yet.
    expect(dataOf<{ items: { code: string | null }[] }>(await link(rental.token)).items[0]!.code).toBeNull();
    await smsTo(t.db, rental.id, { text: 'Telegram code 77123', code: '77123', sender: 'Telegram' });
    const res = await link(rental.token, '', { 'x-locale': 'en-US' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const item = dataOf<{ kind: string; items: Record<string, unknown>[] }>(res).items[0]!;
    expect(item).toMatchObject({
      number: rental.phoneNumber,
      phoneNumber: rental.phoneNumber,
      sender: 'Telegram',
      text: 'Telegram code 77123',
      code: '77123',
      waitingForAnother: false,
    });
    expect(item.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(item.time as string)).toBe(
      Math.floor(Date.parse(item.receivedAt as string) / 1000) * 1000,
    );
  }, 30_000);

  test('code only and full text answer text/plain; no code yet is 204; the time zone is the owner’s', async () => {
    const { b, rentals, orderToken } = await customerWithRentals(t, world, 2);
    const [first, second] = rentals;
    await setSettings(b, { answerFormat: 'code' });
    const none = await link(first!.token);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    // An SMS without a code does not count for the code format.
    await smsTo(t.db, first!.id, { text: 'Welcome to the service', code: null });
    expect((await link(first!.token)).statusCode).toBe(204);
    await smsTo(t.db, first!.id, { text: 'Your code is 904112. Do not share it.', code: '904112' });
    const code = await link(first!.token);
    expect(code.statusCode).toBe(200);
    expect(code.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(code.body).toBe('904112');
    expect(code.headers['cache-control']).toBe('no-store');

    await setSettings(b, { answerFormat: 'text' });
    expect((await link(first!.token)).body).toBe('Your code is 904112. Do not share it.');
    // An order token: one line per number that has something to show.
    await smsTo(t.db, second!.id, { text: 'G-318822 is your Google code', code: '318822' });
    await setSettings(b, { answerFormat: 'code' });
    const lines = (await link(orderToken)).body.split('\n').sort();
    expect(lines).toEqual([`${first!.phoneNumber} 904112`, `${second!.phoneNumber} 318822`].sort());
    // The caller may ask for another format; the JSON time follows the owner's time zone.
    await setSettings(b, { answerFormat: 'code', timeZone: 'America/New_York' });
    const json = dataOf<{ items: { time: string }[] }>(await link(first!.token, '?format=json'));
    expect(json.items[0]!.time).toMatch(/-0[45]:00$/);
  }, 30_000);

  test('the window: a code older than the owner’s window is not answered; a wider window shows it', async () => {
    const { b, rentals } = await customerWithRentals(t, world);
    await setSettings(b, { answerFormat: 'code', windowMinutes: 5 });
    await smsTo(t.db, rentals[0]!.id, { text: 'code 112233', code: '112233', minutesAgo: 10 });
    expect((await link(rentals[0]!.token)).statusCode).toBe(204);
    await setSettings(b, { answerFormat: 'code', windowMinutes: 15 });
    expect((await link(rentals[0]!.token)).body).toBe('112233');
    // `after` narrows it further (a client that has this code waits for the next one).
    const after = new Date(Date.now() - 60_000).toISOString();
    expect((await link(rentals[0]!.token, `?after=${encodeURIComponent(after)}`)).statusCode).toBe(204);
  }, 30_000);

  test('a paused rental answers no code; bad parameters are clear 400s; an unknown token 404', async () => {
    const { b, rentals } = await customerWithRentals(t, world);
    await setSettings(b, { answerFormat: 'code' });
    await smsTo(t.db, rentals[0]!.id, { code: '665544' });
    expect((await b.call({ method: 'POST', url: `/api/rentals/${rentals[0]!.id}/pause` })).statusCode).toBe(
      200,
    );
    expect((await link(rentals[0]!.token)).statusCode).toBe(204);
    const bad = await link(rentals[0]!.token, '?wait=61', { 'x-locale': 'en-US' });
    expect(expectErrorEnvelope(bad, 400).message).toContain('from 0 to 60');
    const zh = await link(rentals[0]!.token, '?after=yesterday');
    expect(expectErrorEnvelope(zh, 400).message).toContain('ISO 8601');
    expect(expectErrorEnvelope(await link('no-such-token-at-all-0000'), 404).message).toBe('取码链接无效');
  }, 30_000);
});

describe('long-poll', () => {
  test('wait answers the moment an SMS arrives, and on timeout answers no code yet', async () => {
    const { b, rentals } = await customerWithRentals(t, world);
    await setSettings(b, { answerFormat: 'code' });
    const started = Date.now();
    const [res] = await Promise.all([
      link(rentals[0]!.token, '?wait=20'),
      smsSoon(t.db, rentals[0]!.id, 300, { text: 'code 246810', code: '246810' }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('246810');
    expect(Date.now() - started).toBeLessThan(10_000);

    const other = (await customerWithRentals(t, world)).rentals[0]!;
    const before = Date.now();
    const timeout = await link(other.token, '?wait=1');
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
    // This owner has no settings: JSON, with no code.
    expect(dataOf<{ items: { code: string | null }[] }>(timeout).items[0]!.code).toBeNull();
  }, 30_000);

  test('a long-poll repeated on the same token after each code wakes for the next SMS, however soon it comes', async () => {
    const { b, rentals } = await customerWithRentals(t, world);
    await setSettings(b, { answerFormat: 'code' });
    // The first wait learns the token's rental; the later ones listen before their first read.
    for (const [round, delayMs] of [300, 0, 50, 300].entries()) {
      // The previous round's SMS is well before `after`; this round's comes after it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const after = new Date(Date.now() - 1).toISOString();
      const code = String(700000 + round);
      const [res] = await Promise.all([
        link(rentals[0]!.token, `?wait=20&after=${encodeURIComponent(after)}`),
        smsSoon(t.db, rentals[0]!.id, delayMs, { text: `code ${code}`, code }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(code);
    }
  }, 60_000);

  test('an order token wakes for an SMS on any of its numbers; a code already there answers at once', async () => {
    const { b, rentals, orderToken } = await customerWithRentals(t, world, 2);
    await setSettings(b, { answerFormat: 'text' });
    const [res] = await Promise.all([
      link(orderToken, '?wait=20'),
      smsSoon(t.db, rentals[1]!.id, 200, { text: 'WhatsApp code 123-456', code: '123456' }),
    ]);
    expect(res.body).toBe(`${rentals[1]!.phoneNumber} WhatsApp code 123-456`);
    const started = Date.now();
    expect((await link(orderToken, '?wait=20')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  }, 30_000);
});

describe('rate limit', () => {
  test('per link and minute, across the link: a clear 429 with Retry-After, other links unaffected', async () => {
    const limited = await createTestApp({ CODE_LINK_LIMIT_PER_MINUTE: '5' });
    try {
      const w = await storeWorld(limited.db);
      const { rentals } = await customerWithRentals(limited, w, 2);
      const get = (token: string) =>
        limited.app.inject({ method: 'GET', url: `/api/code/${token}`, headers: { 'x-locale': 'en-US' } });
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(rentals[0]!.token)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
      const refused = answers.find((r) => r.statusCode === 429)!;
      const body = expectErrorEnvelope(refused, 429);
      expect(body.message).toContain('at most 5 a minute');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(rentals[1]!.token)).statusCode).toBe(200);
      const [count] = await limited.db.query<{ used: number }>(
        'select sum(used)::int as used from code_link_allowances where link = $1',
        [`rental:${rentals[0]!.id}`],
      );
      expect(count!.used).toBe(5);
    } finally {
      await limited.close();
    }
  }, 30_000);
});

describe('API-key listing', () => {
  test('lists the codes of all of the key owner’s rentals since a time, and nobody else’s', async () => {
    const mine = await customerWithRentals(t, world, 2);
    const theirs = await customerWithRentals(t, world);
    const since = new Date(Date.now() - 1000).toISOString();
    await smsTo(t.db, mine.rentals[0]!.id, { text: 'code 100001', code: '100001' });
    await smsTo(t.db, mine.rentals[1]!.id, { text: 'code 100002', code: '100002' });
    await smsTo(t.db, theirs.rentals[0]!.id, { text: 'code 900009', code: '900009' });
    const [row] = await t.db.query<{ api_key: string }>('select api_key from users where id = $1', [
      mine.b.userId,
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/codes?since=${encodeURIComponent(since)}`,
      headers: { 'x-api-key': row!.api_key },
    });
    const data = dataOf<{ items: { code: string; number: string; rentalId: number }[]; until: string }>(res);
    expect(data.items.map((i) => i.code)).toEqual(['100001', '100002']);
    expect(data.items.map((i) => i.rentalId)).toEqual([mine.rentals[0]!.id, mine.rentals[1]!.id]);
    const later = dataOf<{ items: unknown[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/codes?since=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`,
        headers: { 'x-api-key': row!.api_key },
      }),
    );
    expect(later.items).toEqual([]);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/codes',
      headers: { 'x-api-key': 'nope', 'x-locale': 'en-US' },
    });
    expect(expectErrorEnvelope(wrong, 403).message).toContain('Invalid API key');
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/api/codes' }), 403);
  }, 30_000);
});
