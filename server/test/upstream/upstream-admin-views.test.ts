import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCandidates } from '../../src/modules/number-sources/upstream/providers.repository';
import { relayDue } from '../../src/modules/number-sources/upstream/relay';
import { smsArrives } from '../compat/compat-helpers';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import {
  backdate,
  balanceOf,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';
import {
  activationOf,
  addProvider,
  resellerEnv,
  resellerWorld,
  startUpstreamJiema,
  type UpstreamJiema,
} from './upstream-helpers';

/**
 * What administrators see of the providers (which one served an order or rental, cost, margin, finance
 * per provider, state at a glance), price rules per (country, application), and the public price list
 * counting upstream numbers. The upstream is a second Jiema selling at 0.123456 USD; we sell at 0.5.
 */

type Served = {
  providerId: number;
  providerName: string;
  upstreamId: string | null;
  providerCost: string | null;
  currency: string;
  cost: string;
  revenue: string;
  margin: string;
  outcome: string | null;
};
type PublicPrice = {
  applicationId: number;
  countryCode: string;
  lowestPrice: string;
  cardType: string;
  stockLevel: string;
};
type FinanceRow = {
  providerId: number;
  activations: number;
  refundedActivations: number;
  paid: string;
  refunded: string;
  cost: string;
  revenue: string;
  margin: string;
};

const PROVIDER = 'reports-upstream';

let up: UpstreamJiema;
let t: TestApp;
let world: StoreWorld;
let providerId: number;
let admin: Awaited<ReturnType<typeof adminCall>>;

beforeAll(async () => {
  up = await startUpstreamJiema(8);
  t = await createTestApp({ ...resellerEnv, PUBLIC_PRICES_CACHE_SECONDS: '0' });
  world = await resellerWorld(t.db, up.world.appCode);
  admin = await adminCall(t);
});
afterAll(async () => {
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
  if (up) await up.t.close();
});

const requestsCounted = async () => {
  const [row] = await t.db.query<{ n: number }>(
    'select coalesce(sum(requests), 0)::int as n from upstream_request_stats',
  );
  return row!.n;
};
const publicPrices = async () =>
  dataOf<{ items: PublicPrice[] }>(await t.app.inject({ method: 'GET', url: '/api/public/prices' })).items;
const usOffer = async () =>
  (await publicPrices()).find((p) => p.applicationId === world.appId && p.countryCode === 'US');

async function buyOne(b: Awaited<ReturnType<typeof buyer>>) {
  return b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) });
}
const relay = async () => {
  await t.db.query(`update upstream_activations set next_poll_at = now() where state = 'active'`);
  return relayDue(t.db, t.config);
};
const finance = async (query = '') =>
  dataOf<{ rows: FinanceRow[]; total: Omit<FinanceRow, 'providerId'> }>(
    await admin({ method: 'GET', url: `/api/admin/finance/upstream-providers${query}` }),
  );

describe('upstream providers seen by administrators', () => {
  test('the public price list counts upstream numbers from the cached offers, never asking a provider', async () => {
    expect(await usOffer()).toBeUndefined();
    providerId = (
      await addProvider(t, {
        name: PROVIDER,
        protocol: 'sms-activate',
        baseUrl: up.url,
        apiKey: up.account.apiKey,
      })
    ).id;
    const before = await requestsCounted();
    const offer = await usOffer();
    // The store's activation price of a new number, the upstream stock as its band.
    expect(offer).toMatchObject({ lowestPrice: '0.500000', cardType: 'new', stockLevel: 'low' });
    expect(await requestsCounted()).toBe(before);
    // A provider out of routing (disabled) is no stock: the country disappears again.
    await t.db.query('update upstream_providers set enabled = false where id = $1', [providerId]);
    expect(await usOffer()).toBeUndefined();
    await t.db.query('update upstream_providers set enabled = true where id = $1', [providerId]);
    expect(await usOffer()).toBeDefined();
  });

  test("admins see the provider, its activation id, cost and margin; a customer's answers never do", async () => {
    const b = await buyer(t, '10');
    const order = dataOf<{ id: number; phones: { rentalId: number }[] }>(await buyOne(b));
    const rentalId = order.phones[0]!.rentalId;
    const activation = await activationOf(t.db, rentalId);
    const expected = {
      providerId,
      providerName: PROVIDER,
      upstreamId: activation!.upstream_id,
      providerCost: '0.123456',
      currency: 'USD',
      cost: '0.123456',
      revenue: '0.500000',
      margin: '0.376544',
    };

    const list = dataOf<{ list: { id: number; upstream: Served | null }[] }>(
      await admin({ method: 'GET', url: '/api/admin/orders?pageSize=50' }),
    );
    expect(list.list.find((o) => o.id === order.id)?.upstream).toMatchObject(expected);
    const detail = dataOf<{ upstream: Served; phones: unknown[] }>(
      await admin({ method: 'GET', url: `/api/admin/orders/${order.id}` }),
    );
    expect(detail.upstream).toMatchObject(expected);
    expect(detail.phones).toHaveLength(1);
    const rentals = dataOf<{ list: { id: number; upstream: Served | null }[] }>(
      await admin({ method: 'GET', url: '/api/admin/rentals?pageSize=50' }),
    );
    expect(rentals.list.find((r) => r.id === rentalId)?.upstream).toMatchObject(expected);
    const csv = await admin({ method: 'GET', url: '/api/admin/orders/export' });
    expect(csv.body.split('\n')[0]).toContain('provider,upstream_id,cost_usdt,margin_usdt');
    expect(csv.body).toContain(`${PROVIDER},${activation!.upstream_id},0.123456,0.376544`);

    // The customer: the same order and rental, without any trace of the provider.
    for (const url of [
      '/api/orders',
      `/api/orders/${order.id}`,
      '/api/rentals',
      `/api/rentals/${rentalId}`,
      '/api/orders/export',
    ]) {
      const res = await b.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(PROVIDER);
      expect(res.body, url).not.toContain('upstream');
      expect(res.body, url).not.toContain('providerCost');
      expect(res.body, url).not.toContain('margin');
    }
    // Nor may they read the administrators' views.
    for (const url of [
      `/api/admin/orders/${order.id}`,
      '/api/admin/rentals',
      '/api/admin/finance/upstream-providers',
    ]) {
      expectErrorEnvelope(await b.call({ method: 'GET', url }), 403);
    }
    // The code arrives; finishing keeps the margin.
    await smsArrives(up.t, Number(activation!.upstream_id), 'Your code is 424242', '424242');
    await relay();
    await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/finish` });
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'finished' });
  });

  test('finance per provider: cost from its ledger (paid − refunded), revenue net of refunds, exact margin', async () => {
    // A second number, cancelled: the provider refunds us and we refund the customer.
    const b = await buyer(t, '10');
    const rentalId = dataOf<{ phones: { rentalId: number }[] }>(await buyOne(b)).phones[0]!.rentalId;
    const upstreamId = Number((await activationOf(t.db, rentalId))!.upstream_id);
    await backdate(t.db, [rentalId], { boughtMinutesAgo: 3 });
    await backdate(up.t.db, [upstreamId], { boughtMinutesAgo: 3 });
    expect((await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/cancel` })).statusCode).toBe(200);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');

    const report = await finance();
    const row = report.rows.find((r) => r.providerId === providerId);
    expect(row).toEqual({
      providerId,
      providerName: PROVIDER,
      currency: 'USD',
      activations: 2,
      refundedActivations: 1,
      paid: '0.246912',
      refunded: '0.123456',
      cost: '0.123456',
      revenue: '0.500000',
      margin: '0.376544',
    });
    expect(report.total).toMatchObject({ activations: 2, margin: '0.376544' });
    // The period is of the numbers bought in it.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await finance(`?from=${encodeURIComponent(future)}`)).rows.find((r) => r.providerId === providerId),
    ).toMatchObject({ activations: 0, cost: '0.000000', margin: '0.000000' });
    const bad = await admin({ method: 'GET', url: '/api/admin/finance/upstream-providers?from=yesterday' });
    expectErrorEnvelope(bad, 400);
  });

  test('price rules per (country, application) decide whether we buy; the most specific wins', async () => {
    const rulesUrl = `/api/admin/upstream-providers/${providerId}/price-rules`;
    const b = await buyer(t, '10');
    // A fixed margin of 0.45 on US leaves at most (0.5 − 0.45) / 1.1 = 0.045454 for the provider: too little.
    const byCountry = await admin({
      method: 'PUT',
      url: rulesUrl,
      payload: { countryCode: 'us', marginFixed: '0.45' },
    });
    expect(byCountry.statusCode, byCountry.body).toBe(200);
    expect(dataOf<{ countryCode: string; marginFixed: string }[]>(byCountry)).toEqual([
      expect.objectContaining({
        countryCode: 'US',
        applicationId: null,
        marginFixed: '0.450000',
        marginPercent: null,
      }),
    ]);
    const refused = await buyOne(b);
    expect(refused.statusCode).not.toBe(200);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');

    // The (country, application) rule is more specific: its terms apply (no fixed margin, 10 % kept).
    const both = dataOf<{ id: number; applicationId: number | null }[]>(
      await admin({
        method: 'PUT',
        url: rulesUrl,
        payload: { countryCode: 'US', applicationId: world.appId, marginFixed: '0', priceCeiling: '0.2' },
      }),
    );
    expect(both).toHaveLength(2);
    expect(both[0]).toMatchObject({ applicationId: world.appId, applicationCode: up.world.appCode });
    expect((await buyOne(b)).statusCode).toBe(200);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');

    // Its ceiling below the provider's price: not bought.
    await admin({
      method: 'PUT',
      url: rulesUrl,
      payload: { countryCode: 'US', applicationId: world.appId, marginFixed: '0', priceCeiling: '0.1' },
    });
    expect((await buyOne(b)).statusCode).not.toBe(200);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');

    // Removing both rules: the provider's own terms apply again.
    for (const rule of both) {
      expect((await admin({ method: 'DELETE', url: `${rulesUrl}/${rule.id}` })).statusCode).toBe(200);
    }
    expect(dataOf<unknown[]>(await admin({ method: 'GET', url: rulesUrl }))).toEqual([]);
    expect((await buyOne(b)).statusCode).toBe(200);

    // Bad input: a clear error in the caller's language, nothing changed.
    const empty = await admin({
      method: 'PUT',
      url: rulesUrl,
      payload: { countryCode: 'US' },
      locale: 'en-US',
    });
    expectErrorEnvelope(empty, 400);
    expect(empty.body).toContain('Fill in at least one');
    const noTarget = await admin({ method: 'PUT', url: rulesUrl, payload: { marginFixed: '1' } });
    expectErrorEnvelope(noTarget, 400);
    expect(noTarget.body).toContain('请选择应用或国家');
    const unknownApp = await admin({
      method: 'PUT',
      url: rulesUrl,
      payload: { applicationId: 99_999_999, marginFixed: '1' },
    });
    expectErrorEnvelope(unknownApp, 400);
    expect(unknownApp.json().error).toBe('UPSTREAM_MAPPING_TARGET_UNKNOWN');
    expectErrorEnvelope(await admin({ method: 'DELETE', url: `${rulesUrl}/999999` }), 404);
    expectErrorEnvelope(
      await admin({ method: 'GET', url: '/api/admin/upstream-providers/999999/price-rules' }),
      404,
    );
    expect(dataOf<unknown[]>(await admin({ method: 'GET', url: rulesUrl }))).toEqual([]);
    expectErrorEnvelope(await b.call({ method: 'GET', url: rulesUrl }), 403);
  });

  test('state at a glance: traffic over the last hour, success per (country, application), open activations, low balance', async () => {
    const providers = dataOf<
      {
        id: number;
        requestsLastHour: number;
        errorsLastHour: number;
        openActivations: number;
        balanceLow: boolean;
        lowBalance: string;
      }[]
    >(await admin({ method: 'GET', url: '/api/admin/upstream-providers' }));
    const mine = providers.find((p) => p.id === providerId)!;
    expect(mine.requestsLastHour).toBeGreaterThanOrEqual(5);
    expect(mine.errorsLastHour).toBe(0);
    expect(mine.openActivations).toBe(2);
    expect(mine.balanceLow).toBe(false);

    const state = dataOf<{
      successRates: {
        applicationCode: string;
        countryCode: string;
        ended: number;
        rate: number;
        endedLastHour: number;
        rateLastHour: number | null;
      }[];
    }>(await admin({ method: 'GET', url: `/api/admin/upstream-providers/${providerId}/state` }));
    expect(state.successRates).toEqual([
      expect.objectContaining({
        applicationCode: up.world.appCode,
        countryCode: 'US',
        ended: 2,
        rate: 0.5,
        endedLastHour: 2,
        rateLastHour: 0.5,
      }),
    ]);

    // A warning threshold above the balance.
    const [p] = await t.db.query<Record<string, unknown>>(
      `select name, protocol, base_url as "baseUrl", currency, rate_to_usdt::text as "rateToUsdt",
         margin_percent::text as "marginPercent", margin_fixed::text as "marginFixed", priority
       from upstream_providers where id = $1`,
      [providerId],
    );
    const updated = await admin({
      method: 'PUT',
      url: `/api/admin/upstream-providers/${providerId}`,
      payload: { ...p, lowBalance: '1000' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(dataOf<{ balanceLow: boolean }>(updated).balanceLow).toBe(true);
  });

  test('the screen and the routing count success the same way: activations ended in the window, whenever bought', async () => {
    type Rate = {
      applicationCode: string;
      countryCode: string;
      ended: number;
      delivered: number;
      rate: number;
    };
    const screen = async () =>
      dataOf<{ successRates: Rate[] }>(
        await admin({ method: 'GET', url: `/api/admin/upstream-providers/${providerId}/state` }),
      ).successRates.find((r) => r.applicationCode === up.world.appCode && r.countryCode === 'US')!;
    const routing = async () =>
      (await routeCandidates(t.db, world.appId, 'US')).find((c) => c.id === providerId)!.success_rate;
    const before = await screen();
    expect(await routing()).toBe(before.rate);
    // Bought 30 hours ago (outside a purchase-time window), ended 2 hours ago: one delivered, three refunded.
    const [user] = await t.db.query<{ id: number }>('select min(id) as id from users');
    await t.db.query(
      `insert into upstream_activations (provider_id, user_id, application_id, country_code, state, outcome, price,
         created_at, ended_at)
       select $1, $2, $3, 'US', 'ended', o, 0.5, now() - interval '30 hours', now() - interval '2 hours'
       from unnest(array['finished', 'refunded', 'refunded', 'refunded']) o`,
      [providerId, user!.id, world.appId],
    );
    // Ended 25 hours ago: outside the window for both.
    await t.db.query(
      `insert into upstream_activations (provider_id, user_id, application_id, country_code, state, outcome, price,
         created_at, ended_at)
       values ($1, $2, $3, 'US', 'ended', 'refunded', 0.5, now() - interval '26 hours', now() - interval '25 hours')`,
      [providerId, user!.id, world.appId],
    );
    const after = await screen();
    expect(after.ended).toBe(before.ended + 4);
    expect(after.delivered).toBe(before.delivered + 1);
    expect(after.rate).toBe(after.delivered / after.ended);
    expect(await routing()).toBe(after.rate);
  });
});
