import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readLateRefunds } from '../../src/modules/number-sources/upstream/late-refunds';
import { relayDue } from '../../src/modules/number-sources/upstream/relay';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import {
  backdate,
  balanceOf,
  buyer,
  dataOf,
  entriesOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';
import { type FakeMode, startFiveSimFake } from './five-sim-fake';
import { activationOf, addProvider, resellerEnv, resellerWorld } from './upstream-helpers';

type OrderDetail = { id: number; amount: string; phones: { rentalId: number; phoneNumber: string }[] };
type Rental = { id: number; status: string; latestCode: string | null };

let t: TestApp;
let world: StoreWorld;
let fake: Awaited<ReturnType<typeof startFiveSimFake>>;
let providerId: number;
const TOKEN = 'eyJhbGciOi.fake.jwt';

beforeAll(async () => {
  t = await createTestApp({
    ...resellerEnv,
    UPSTREAM_REQUEST_TIMEOUT_MS: '600',
    UPSTREAM_BUY_BUDGET_MS: '1500',
  });
  world = await resellerWorld(t.db, `f${Date.now().toString(36)}`);
  const product = `prod${world.appId}`;
  await t.db.query('update applications set fivesim_product = $2 where id = $1', [world.appId, product]);
  const [us] = await t.db.query<{ fivesim_slug: string }>(
    `select fivesim_slug from countries where code = 'US'`,
  );
  // 20 RUB at 0.011 USDT each: 0.22 USDT, plus 10 % = 0.25, under our price of 0.5.
  fake = await startFiveSimFake({ token: TOKEN, country: us!.fivesim_slug, product, cost: 20, stock: 40 });
  const added = await addProvider(t, {
    name: 'five',
    protocol: '5sim',
    baseUrl: fake.url,
    apiKey: TOKEN,
    currency: 'RUB',
    rateToUsdt: '0.011',
  });
  providerId = added.id;
  expect(dataOf<{ balance: string; offers: number }>(added.tested)).toMatchObject({
    balance: '100.000000',
    offers: 1,
  });
  // The product our catalog does not know is listed as unmapped, never guessed.
  const mappings = dataOf<{ kind: string; code: string; effectiveRef: string | null }[]>(
    await added.admin({ method: 'GET', url: `/api/admin/upstream-providers/${providerId}/mappings` }),
  );
  expect(mappings).toContainEqual(
    expect.objectContaining({ kind: 'service', code: 'unknownproduct', effectiveRef: null }),
  );
});
afterAll(async () => {
  await fake?.close();
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
});

async function relay() {
  await t.db.query(`update upstream_activations set next_poll_at = now() where state = 'active'`);
  return relayDue(t.db, t.config);
}
async function buyOne(b: Awaited<ReturnType<typeof buyer>>) {
  return dataOf<OrderDetail>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
  );
}
const upstreamId = async (rentalId: number) => Number((await activationOf(t.db, rentalId))!.upstream_id);

describe('a 5sim upstream', () => {
  test('buy with maxPrice keeping the margin, SMS relayed with their sender, finish relayed', async () => {
    const b = await buyer(t, '10');
    const order = await buyOne(b);
    expect(order.phones[0]!.phoneNumber).toMatch(/^\+1777/);
    const rentalId = order.phones[0]!.rentalId;
    const id = await upstreamId(rentalId);
    expect(fake.state.balance).toBe(80);
    fake.sms(id, 'Telegram code 24680', '24680');
    await relay();
    const rental = dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${rentalId}` }));
    expect(rental.latestCode).toBe('24680');
    const [sms] = await t.db.query<{ sender: string; source: string }>(
      'select sender, source from sms_messages where rental_id = $1',
      [rentalId],
    );
    expect(sms).toEqual({ sender: 'Telegram', source: `upstream:${providerId}` });
    // Polled again: stored once.
    await relay();
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from sms_messages where rental_id = $1',
      [rentalId],
    )) as [{ n: number }];
    expect(n).toBe(1);
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/finish` }));
    expect(fake.orders.get(id)!.status).toBe('FINISHED');
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
  });

  test('the provider times the order out after our validity: refunded then, once', async () => {
    const b = await buyer(t, '10');
    const order = await buyOne(b);
    const rentalId = order.phones[0]!.rentalId;
    const id = await upstreamId(rentalId);
    fake.timeout(id);
    await Promise.all([relay(), relay()]);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await entriesOf(t.db, `refund:rental:${rentalId}`)).toHaveLength(1);
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'refunded' });
  });

  test('late refund: our cancel was answered "order expired", the provider times the order out later: refunded then, once', async () => {
    const b = await buyer(t, '10');
    const rentalId = (await buyOne(b)).phones[0]!.rentalId;
    const id = await upstreamId(rentalId);
    await backdate(t.db, [rentalId], { boughtMinutesAgo: 25, expired: true });
    fake.state.cancelAnswer = 'order expired';
    try {
      await relay();
    } finally {
      fake.state.cancelAnswer = null;
    }
    // "Over already", it says, without saying how: ended as finished (paid) for now.
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'finished' });
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    const before = fake.state.requests;
    fake.timeout(id);
    await t.db.query('update upstream_late_refund_watch set next_at = now()');
    await Promise.all([readLateRefunds(t.db, t.config), readLateRefunds(t.db, t.config)]);
    // One `check` read it (the second reader found nothing due).
    expect(fake.state.requests - before).toBe(1);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await entriesOf(t.db, `refund:rental:${rentalId}`)).toHaveLength(1);
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'refunded' });
  });

  test('late: an order the provider FINISHED without an SMS stays paid when it is still finished later', async () => {
    const b = await buyer(t, '10');
    const rentalId = (await buyOne(b)).phones[0]!.rentalId;
    fake.finishQuietly(await upstreamId(rentalId));
    await relay();
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'finished' });
    await t.db.query('update upstream_late_refund_watch set next_at = now()');
    expect(await readLateRefunds(t.db, t.config)).toEqual(['finished']);
    expect(await readLateRefunds(t.db, t.config)).toEqual([]);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
  });

  test('cancel relayed: refunded when the provider confirms', async () => {
    const b = await buyer(t, '10');
    const order = await buyOne(b);
    const rentalId = order.phones[0]!.rentalId;
    await backdate(t.db, [rentalId], { boughtMinutesAgo: 3 });
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/cancel` }));
    expect(fake.orders.get(await upstreamId(rentalId))!.status).toBe('CANCELED');
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
  });

  const faults: [FakeMode, RegExp][] = [
    ['http500', /http_error/],
    ['html', /html_page/],
    ['garbage', /garbage/],
    ['rate_limited', /rate_limited/],
    ['bad_key', /bad_key/],
    ['no_balance', /no_balance/],
    ['hang', /timeout/],
  ];
  test.each(faults)(
    'fault %s: nothing charged, bounded wait, visible to the administrator',
    async (mode, error) => {
      await t.db.query(
        'update upstream_providers set breaker_open_until = null, consecutive_failures = 0 where id = $1',
        [providerId],
      );
      fake.state.mode = mode;
      try {
        const b = await buyer(t, '10');
        const started = Date.now();
        const res = await b.call({
          method: 'POST',
          url: '/api/store/orders',
          payload: purchaseBody(world),
          locale: 'en-US',
        });
        expect(Date.now() - started).toBeLessThan(t.config.upstream.buyBudgetMs + 1000);
        expectErrorEnvelope(res, 400);
        expect(res.json().error).toBe('STOCK_INSUFFICIENT');
        expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
        const list = dataOf<{ id: number; lastError: string | null; errorsPerMinute: number }[]>(
          await (
            await addProvider(t, { name: `x${mode}`, protocol: '5sim', baseUrl: fake.url, apiKey: 'k' })
          ).admin({
            method: 'GET',
            url: '/api/admin/upstream-providers',
          }),
        );
        const shown = list.find((p) => p.id === providerId)!;
        expect(shown.lastError).toMatch(error);
        expect(shown.errorsPerMinute).toBeGreaterThan(0);
      } finally {
        fake.state.mode = 'ok';
      }
    },
  );
});
