import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '../../src/db/client';
import { reconcileUnsold } from '../../src/modules/number-sources/upstream/reconcile';
import { relayDue } from '../../src/modules/number-sources/upstream/relay';
import { purchaseFaults } from '../../src/modules/number-sources/upstream/upstream-purchase';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { createStoreService } from '../../src/modules/store/store.service';
import { sa, smsArrives } from '../compat/compat-helpers';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
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
import {
  activationOf,
  addProvider,
  resellerEnv,
  resellerWorld,
  startUpstreamJiema,
  type UpstreamJiema,
} from './upstream-helpers';

type OrderDetail = {
  id: number;
  amount: string;
  phones: { rentalId: number; phoneNumber: string; token: string }[];
};
type Rental = { id: number; status: string; latestCode: string | null; refundedAmount: string | null };

let up: UpstreamJiema;
let t: TestApp;
let world: StoreWorld;
let providerId: number;

beforeAll(async () => {
  up = await startUpstreamJiema(8);
  t = await createTestApp(resellerEnv);
  world = await resellerWorld(t.db, up.world.appCode);
  const added = await addProvider(t, {
    name: 'jiema-upstream',
    protocol: 'sms-activate',
    baseUrl: up.url,
    apiKey: up.account.apiKey,
  });
  providerId = added.id;
  expect(added.created.apiKeyHint).toBe(`••••${up.account.apiKey.slice(-4)}`);
  expect(JSON.stringify(added.created)).not.toContain(up.account.apiKey);
  const tested = dataOf<{ balance: string; latencyMs: number; offers: number }>(added.tested);
  expect(tested.balance).toBe('100.000000');
  expect(tested.offers).toBeGreaterThan(0);
});
afterAll(async () => {
  purchaseFaults.afterUpstreamBuy = null;
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
  if (up) {
    await expectLedgerConsistent(up.t.db);
    await up.t.close();
  }
});

/** One relay round with every open activation due now (the test does not wait for the poll interval). */
async function relay() {
  await t.db.query(`update upstream_activations set next_poll_at = now() where state = 'active'`);
  return relayDue(t.db, t.config);
}

/** The upstream rental behind one of ours (Jiema's activation id is its rental id). */
async function upstreamRental(rentalId: number) {
  const a = await activationOf(t.db, rentalId);
  return Number(a!.upstream_id);
}

async function buyOne(b: Awaited<ReturnType<typeof buyer>>) {
  const res = await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) });
  return dataOf<OrderDetail>(res);
}

const rentalOf = async (b: Awaited<ReturnType<typeof buyer>>, id: number) =>
  dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${id}` }));

describe('a Jiema upstream over handler_api', () => {
  test('the mapping is automatic by the protocol codes; the store counts the upstream stock', async () => {
    const admin = (
      await addProvider(t, { name: 'probe', protocol: 'sms-activate', baseUrl: up.url, apiKey: 'x' })
    ).admin;
    const mappings = dataOf<{ kind: string; code: string; effectiveRef: string | null }[]>(
      await admin({ method: 'GET', url: `/api/admin/upstream-providers/${providerId}/mappings` }),
    );
    expect(mappings).toContainEqual(
      expect.objectContaining({ kind: 'service', code: up.world.appCode, effectiveRef: String(world.appId) }),
    );
    expect(mappings.find((m) => m.kind === 'country')?.effectiveRef).toBe('US');
    const b = await buyer(t);
    const availability = dataOf<{ countries: { code: string; stock: { new: number } }[] }>(
      await b.call({ method: 'GET', url: `/api/store/availability?applicationId=${world.appId}` }),
    );
    expect(availability.countries.find((c) => c.code === 'US')?.stock.new).toBe(8);
    // A wrong key answers BAD_KEY: shown as the provider's last error, "Test" says why.
    const probe = dataOf<{ id: number; lastError: string }[]>(
      await admin({ method: 'GET', url: '/api/admin/upstream-providers' }),
    );
    expect(probe.find((p) => p.id !== providerId)?.lastError).toMatch(/bad_key/);
  });

  test('buy, code, another SMS, finish: relayed exactly, charged once', async () => {
    const b = await buyer(t, '10');
    const order = await buyOne(b);
    expect(order.amount).toBe('0.500000');
    const rentalId = order.phones[0]!.rentalId;
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    const activation = await activationOf(t.db, rentalId);
    expect(activation).toMatchObject({ state: 'active', provider_id: providerId });
    const [charge] = await entriesOf(t.db, `order:${order.id}`);
    expect(charge?.amount).toBe('-0.500000');
    // Our reseller account paid the upstream's price, once.
    expect(await balanceOf(up.t.db, up.account.userId)).toBe('99.876544');

    const upRental = await upstreamRental(rentalId);
    await smsArrives(up.t, upRental, 'Your code is 551234', '551234');
    expect(await relay()).toBeGreaterThanOrEqual(1);
    expect((await rentalOf(b, rentalId)).latestCode).toBe('551234');
    // The code link answers as for our own numbers.
    const link = await t.app.inject({ method: 'GET', url: `/api/code/${order.phones[0]!.token}` });
    expect(link.body).toContain('551234');

    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/another-sms` }));
    await smsArrives(up.t, upRental, 'Your code is 667788', '667788');
    await t.db.query('update upstream_activations set next_poll_at = now() where rental_id = $1', [rentalId]);
    await relay();
    expect((await rentalOf(b, rentalId)).latestCode).toBe('667788');

    expect(
      dataOf<Rental>(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/finish` })).status,
    ).toBe('finished');
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'finished' });
    const [upState] = await up.t.db.query<{ status: string }>('select status from rentals where id = $1', [
      upRental,
    ]);
    expect(upState!.status).toBe('finished');
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
  });

  test('cancel: the upstream early-cancel lock is explained; refunded once the upstream confirms', async () => {
    const b = await buyer(t, '10');
    const order = await buyOne(b);
    const rentalId = order.phones[0]!.rentalId;
    await backdate(t.db, [rentalId], { boughtMinutesAgo: 3 });
    const early = await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/cancel`, locale: 'en-US' });
    expectErrorEnvelope(early, 409);
    expect(early.json().error).toBe('ACTIVATION_CANCEL_TOO_EARLY');
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    await backdate(up.t.db, [await upstreamRental(rentalId)], { boughtMinutesAgo: 3 });
    const cancelled = dataOf<Rental>(
      await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/cancel` }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'refunded' });
    // A second cancel pays nothing.
    await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/cancel` });
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    // A code after the cancel reaches nobody and changes no balance.
    await t.db.query('update upstream_activations set next_poll_at = now()');
    await relay();
    expect((await rentalOf(b, rentalId)).latestCode).toBeNull();
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
  });

  test('a refund follows the upstream, late: not on our clock, and once with two relays', async () => {
    const b = await buyer(t, '10');
    const order = await buyOne(b);
    const rentalId = order.phones[0]!.rentalId;
    // Our validity is over: our sweep does not refund a provider's number.
    await backdate(t.db, [rentalId], { boughtMinutesAgo: 30, expired: true });
    await sweepRentals(t.db, { cooldownMinutes: 0 });
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    // The upstream still refuses the cancel (its lock): no refund yet.
    await t.db.query('update upstream_activations set next_poll_at = now() where rental_id = $1', [rentalId]);
    await relay();
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    // The upstream ends it on its own clock (its sweep), later: refunded then, once, by two relays at once.
    const upRental = await upstreamRental(rentalId);
    await backdate(up.t.db, [upRental], { boughtMinutesAgo: 30, expired: true });
    await sweepRentals(up.t.db, { cooldownMinutes: 0 });
    await t.db.query('update upstream_activations set next_poll_at = now() where rental_id = $1', [rentalId]);
    const second = t.config.databaseUrl
      ? await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 4 })
      : t.db;
    try {
      await Promise.all([relay(), relayDue(second, t.config), relay()]);
    } finally {
      if (second !== t.db) await second.close();
    }
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await entriesOf(t.db, `refund:rental:${rentalId}`)).toHaveLength(1);
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'refunded' });
    const [cost] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from upstream_cost_entries e join upstream_activations a on a.id = e.activation_id
       where a.rental_id = $1 and e.kind = 'refunded'`,
      [rentalId],
    );
    expect(cost!.n).toBe(1);
  });

  test("an administrator's order cancel and complete end the activation upstream too: the provider refunds us, once", async () => {
    const admin = await adminCall(t);
    const upstreamBalance = () => balanceOf(up.t.db, up.account.userId);

    // Cancel (no code yet): the customer is refunded at once, by the administrator's decision; the
    // provider is asked to cancel by the next relay read and refunds us what we paid it.
    const b = await buyer(t, '10');
    const cancelled = (await buyOne(b)).phones[0]!.rentalId;
    const [cancelledOrder] = await t.db.query<{ order_id: number }>(
      'select order_id from rentals where id = $1',
      [cancelled],
    );
    await backdate(up.t.db, [await upstreamRental(cancelled)], { boughtMinutesAgo: 3 });
    const paidUpstream = await upstreamBalance();
    const cancel = await admin({
      method: 'POST',
      url: `/api/admin/orders/${cancelledOrder!.order_id}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await activationOf(t.db, cancelled)).toMatchObject({ state: 'active' });
    // Due at once: the relay does not wait for its next interval.
    expect(await relayDue(t.db, t.config)).toBeGreaterThanOrEqual(1);
    expect(await activationOf(t.db, cancelled)).toMatchObject({ state: 'ended', outcome: 'refunded' });
    expect(Number(await upstreamBalance())).toBeGreaterThan(Number(paidUpstream));
    expect(await entriesOf(t.db, `refund:rental:${cancelled}`)).toHaveLength(0);
    await relay();
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');

    // Complete after a code: finished upstream too (the provider keeps its price), nothing refunded anywhere.
    const c = await buyer(t, '10');
    const completed = (await buyOne(c)).phones[0]!.rentalId;
    const [completedOrder] = await t.db.query<{ order_id: number }>(
      'select order_id from rentals where id = $1',
      [completed],
    );
    await smsArrives(up.t, await upstreamRental(completed), 'Your code 271828', '271828');
    await relay();
    expect((await rentalOf(c, completed)).latestCode).toBe('271828');
    const complete = await admin({
      method: 'POST',
      url: `/api/admin/orders/${completedOrder!.order_id}/complete`,
    });
    expect(complete.statusCode, complete.body).toBe(200);
    await relayDue(t.db, t.config);
    expect(await activationOf(t.db, completed)).toMatchObject({ state: 'ended', outcome: 'finished' });
    const upstreamStatus = await sa(up.t, {
      api_key: up.account.apiKey,
      action: 'getStatus',
      id: await upstreamRental(completed),
    });
    expect(upstreamStatus).toBe('STATUS_OK:271828');
    expect(await balanceOf(t.db, c.userId)).toBe('9.500000');
  });

  test('a crash between the upstream buy and the local commit: the reconciliation cancels it upstream', async () => {
    const b = await buyer(t, '10');
    const store = createStoreService({ db: t.db, config: t.config });
    purchaseFaults.afterUpstreamBuy = () => {
      throw new Error('killed');
    };
    try {
      await expect(
        store.purchase(
          { id: b.userId, username: b.username },
          { ...purchaseBody(world), smsType: 'text' } as never,
          undefined,
        ),
      ).rejects.toThrow('killed');
    } finally {
      purchaseFaults.afterUpstreamBuy = null;
    }
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    const [orphan] = await t.db.query<{ id: number; upstream_id: string; state: string }>(
      `select id, upstream_id, state from upstream_activations where user_id = $1`,
      [b.userId],
    );
    expect(orphan!.state).toBe('bought');
    // The upstream's own 2-minute lock passes; then the reconciliation (at start, periodically) cancels it.
    await backdate(up.t.db, [Number(orphan!.upstream_id)], { boughtMinutesAgo: 3 });
    expect(await reconcileUnsold(t.db, t.config, 0)).toBe(1);
    const [after] = await t.db.query<{ state: string }>(
      'select state from upstream_activations where id = $1',
      [orphan!.id],
    );
    expect(after!.state).toBe('voided');
    const [upState] = await up.t.db.query<{ status: string }>('select status from rentals where id = $1', [
      Number(orphan!.upstream_id),
    ]);
    expect(upState!.status).toBe('cancelled');
    expect(await reconcileUnsold(t.db, t.config, 0)).toBe(0);
  });

  test('the compat APIs sell upstream numbers too (getNumber / getStatus / setStatus)', async () => {
    const [user] = await t.db.query<{ api_key: string; id: number }>(
      'select api_key, id from users where id = (select max(user_id) from upstream_activations)',
    );
    const answer = await sa(t, {
      api_key: user!.api_key,
      action: 'getNumber',
      service: up.world.appCode,
      country: 187,
    });
    expect(answer).toMatch(/^ACCESS_NUMBER:\d+:1555\d+$/);
    const id = answer.split(':')[1]!;
    expect(await sa(t, { api_key: user!.api_key, action: 'getStatus', id })).toBe('STATUS_WAIT_CODE');
    await smsArrives(up.t, await upstreamRental(Number(id)), 'Code 909090', '909090');
    await relay();
    expect(await sa(t, { api_key: user!.api_key, action: 'getStatus', id })).toBe('STATUS_OK:909090');
    expect(await sa(t, { api_key: user!.api_key, action: 'setStatus', id, status: 6 })).toBe(
      'ACCESS_ACTIVATION',
    );
  });

  test('provider down: nothing charged, a clear error in time, the breaker opens', async () => {
    await up.t.app.close();
    const b = await buyer(t, '10');
    for (let i = 0; i < 3; i++) {
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
    }
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    const [p] = await t.db.query<{ last_error: string; open: boolean }>(
      'select last_error, breaker_open_until > now() as open from upstream_providers where id = $1',
      [providerId],
    );
    expect(p!.last_error).toMatch(/unreachable|ECONNREFUSED/);
    expect(p!.open).toBe(true);
  });
});
