import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { applyBalanceChange } from '../../src/modules/ledger/ledger.service';
import { purchaseFaults } from '../../src/modules/number-sources/upstream/upstream-purchase';
import { ownStockPresence } from '../../src/modules/store/own-stock-presence';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import {
  balanceOf,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';
import { startFiveSimFake } from './five-sim-fake';
import { addProvider, resellerEnv, resellerWorld } from './upstream-helpers';

// The purchase served by a provider, as its buyer and our books see it: the order answered is the order
// stored, a retried key buys nothing twice, an excluded number goes back to the provider, a balance
// spent meanwhile leaves nothing sold, and a country without numbers of ours is not searched first.

type OrderDetail = {
  id: number;
  orderNo: string;
  amount: string;
  token: string;
  phones: { rentalId: number; phoneNumber: string; token: string; expiresAt: string }[];
};

let t: TestApp;
let world: StoreWorld;
let fake: Awaited<ReturnType<typeof startFiveSimFake>>;
const TOKEN = 'eyJhbGciOi.served.jwt';

beforeAll(async () => {
  t = await createTestApp(resellerEnv);
  world = await resellerWorld(t.db, `s${Date.now().toString(36)}`);
  const product = `prod${world.appId}`;
  await t.db.query('update applications set fivesim_product = $2 where id = $1', [world.appId, product]);
  const [us] = await t.db.query<{ fivesim_slug: string }>(
    `select fivesim_slug from countries where code = 'US'`,
  );
  fake = await startFiveSimFake({ token: TOKEN, country: us!.fivesim_slug, product, cost: 20, stock: 40 });
  await addProvider(t, {
    name: 'served',
    protocol: '5sim',
    baseUrl: fake.url,
    apiKey: TOKEN,
    currency: 'RUB',
    rateToUsdt: '0.011',
  });
});
afterEach(() => {
  purchaseFaults.afterUpstreamBuy = null;
});
afterAll(async () => {
  await fake?.close();
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
});

const buy = (b: Awaited<ReturnType<typeof buyer>>, body = {}, headers: Record<string, string> = {}) =>
  b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world, body), headers });

const activationsOf = (userId: number) =>
  t.db.query<{ state: string; request_ref: string | null; upstream_id: string | null }>(
    'select state, request_ref, upstream_id from upstream_activations where user_id = $1 order by id',
    [userId],
  );

describe('a purchase served by a provider', () => {
  test('the order answered is the order stored, and the intent carries the key the provider got', async () => {
    const b = await buyer(t, '10');
    const answered = dataOf<OrderDetail>(await buy(b));
    const stored = dataOf<OrderDetail>(await b.call({ method: 'GET', url: `/api/orders/${answered.id}` }));
    expect(answered).toEqual(stored);
    expect(answered.amount).toBe('0.500000');
    expect(answered.phones).toHaveLength(1);
    const [activation] = await activationsOf(b.userId);
    expect(activation).toMatchObject({ state: 'active' });
    expect(activation!.request_ref).toMatch(/^jiema-[\w-]{16}$/);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
  });

  test('a retry with the same Idempotency-Key answers the same order: bought once upstream, charged once', async () => {
    const b = await buyer(t, '10');
    const key = `served-${randomBytes(6).toString('hex')}`;
    const before = fake.orders.size;
    const first = dataOf<OrderDetail>(await buy(b, {}, { 'idempotency-key': key }));
    const again = dataOf<OrderDetail>(await buy(b, {}, { 'idempotency-key': key }));
    expect(again.id).toBe(first.id);
    expect(again.phones.map((p) => p.phoneNumber)).toEqual(first.phones.map((p) => p.phoneNumber));
    expect(fake.orders.size).toBe(before + 1);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
  });

  test('a number starting with an excluded prefix is cancelled at the provider, not sold', async () => {
    const b = await buyer(t, '10');
    const before = fake.orders.size;
    const res = await buy(b, { excludePrefixes: ['1777'] });
    expect(expectErrorEnvelope(res, 400).error).toBe('STOCK_INSUFFICIENT');
    // Every provider's number was excluded: each was cancelled there (so it refunds us), none sold.
    const bought = [...fake.orders.values()].slice(before);
    expect(bought.length).toBeGreaterThan(0);
    expect(bought.every((o) => o.status === 'CANCELED')).toBe(true);
    const activations = await activationsOf(b.userId);
    expect(activations.map((a) => a.state)).toEqual(bought.map(() => 'voided'));
    expect(activations.every((a) => a.upstream_id !== null)).toBe(true);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
  });

  test('a balance spent while the provider was asked: refused in the buyer language, nothing sold, the number cancelled upstream', async () => {
    const b = await buyer(t, '1');
    purchaseFaults.afterUpstreamBuy = () =>
      t.db.transaction(async (tx) => {
        await applyBalanceChange(tx, {
          userId: b.userId,
          type: 'consume',
          amount: '0.8',
          reference: `test:${randomBytes(8).toString('hex')}`,
        });
      });
    const before = fake.orders.size;
    const res = await buy(b, {}, { 'x-locale': 'en-US' });
    const body = expectErrorEnvelope(res, 400);
    expect(body.error).toBe('INSUFFICIENT_BALANCE');
    expect(body.message).toMatch(/balance/i);
    expect(body.message).toContain('0.500000');
    const [order] = [...fake.orders.values()].slice(before);
    expect(order!.status).toBe('CANCELED');
    expect((await activationsOf(b.userId)).map((a) => a.state)).toEqual(['voided']);
    expect(await balanceOf(t.db, b.userId)).toBe('0.200000');
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from store_orders where user_id = $1',
      [b.userId],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('own stock presence', () => {
  test('a country without numbers of ours is known so for its time; numbers added are seen after it', async () => {
    const [country] = await t.db.query<{ code: string; operator: number }>(
      `select c.code::text as code, o.id as operator from countries c join operators o on o.country_code = c.code
       where not exists (select 1 from phone_numbers p where p.country_code = c.code) order by c.code limit 1`,
    );
    // A number sold for a provider (stored `disabled`) is not ours.
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix, source, state)
       values ($1, $2, $3, '+0', 'upstream:1', 'disabled')`,
      [`+99${Date.now()}`, country!.code, country!.operator],
    );
    const presence = ownStockPresence(t.db, 200);
    expect(await presence.has(country!.code)).toBe(false);
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix, source, state)
       values ($1, $2, $3, '+0', 'manual', 'available')`,
      [`+98${Date.now()}`, country!.code, country!.operator],
    );
    expect(await presence.has(country!.code)).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect(await presence.has(country!.code)).toBe(true);
    await t.db.query(`delete from phone_numbers where country_code = $1`, [country!.code]);
  });
});
