import { randomUUID } from 'node:crypto';
import { fromMicros, toMicros } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { refreshProvider } from '../../src/modules/number-sources/upstream/offers-refresh';
import { ProviderError } from '../../src/modules/number-sources/upstream/provider-client';
import { findProvider } from '../../src/modules/number-sources/upstream/providers.repository';
import { reconcileUnsold } from '../../src/modules/number-sources/upstream/reconcile';
import { relayDue } from '../../src/modules/number-sources/upstream/relay';
import { purchaseFaults } from '../../src/modules/number-sources/upstream/upstream-purchase';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { createStoreService } from '../../src/modules/store/store.service';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import {
  backdate,
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
 * The cost ledger reconciled against the provider's balance: a second Jiema is the provider (its
 * price 0.123456 USD), every "Test" is a reading, and the provider's balance is moved behind our back
 * the ways a real one is (a purchase charged before our commit, its own refund before the relay saw
 * it, an unsold number cancelled later, its operator's deduction or a top-up).
 */
type Interval = {
  actual: string;
  expected: string;
  unexplained: string;
  open: string;
  discrepancy: string;
  credit: string;
};
type Reconciliation = {
  currency: string;
  readings: number;
  lastReading: { balance: string; readAt: string; seenUntil: string; reads: number } | null;
  netCost: string;
  balanceChange: string;
  discrepancy: string;
  discrepancyUsdt: string;
  warning: boolean;
  credits: string;
  pendingNegative: string;
  pendingPositive: string;
  intervals: Interval[];
};

const PRICE = '0.123456';

let up: UpstreamJiema;
let t: TestApp;
let world: StoreWorld;
let providerId: number;
let admin: Awaited<ReturnType<typeof adminCall>>;
let upAdmin: Awaited<ReturnType<typeof adminCall>>;

beforeAll(async () => {
  up = await startUpstreamJiema(12);
  t = await createTestApp(resellerEnv);
  world = await resellerWorld(t.db, up.world.appCode);
  const added = await addProvider(t, {
    name: 'reconciled',
    protocol: 'sms-activate',
    baseUrl: up.url,
    apiKey: up.account.apiKey,
  });
  providerId = added.id;
  admin = added.admin;
  upAdmin = await adminCall(up.t);
});
afterAll(async () => {
  purchaseFaults.afterUpstreamBuy = null;
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
  if (up) await up.t.close();
});

/** One balance reading, as the screen's "Test" (and the background refresh) takes it. */
const read = async () =>
  dataOf<{ balance: string }>(
    await admin({ method: 'POST', url: `/api/admin/upstream-providers/${providerId}/test` }),
  ).balance;

const reconciliation = async () =>
  dataOf<Reconciliation>(
    await admin({ method: 'GET', url: `/api/admin/upstream-providers/${providerId}/reconciliation` }),
  );

/** Time passes for the readings: they move `minutes` into the past. */
const ageReadings = (minutes: number) =>
  t.db.query(
    `update upstream_balance_readings set read_at = read_at - make_interval(mins => $2),
       seen_until = seen_until - make_interval(mins => $2) where provider_id = $1`,
    [providerId, minutes],
  );

/** The operator of the upstream moves our account's money there (a deduction, a top-up). */
const adjustAtProvider = async (type: 'deduction' | 'reward', amount: string) =>
  dataOf(
    await upAdmin({
      method: 'POST',
      url: `/api/admin/users/${up.account.userId}/balance`,
      payload: { type, amount, note: 'provider side', requestId: randomUUID() },
    }),
  );

async function buyOne() {
  const b = await buyer(t, '10');
  const order = dataOf<{ phones: { rentalId: number }[] }>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
  );
  return { b, rentalId: order.phones[0]!.rentalId };
}

async function relay() {
  await t.db.query(`update upstream_activations set next_poll_at = now() where state = 'active'`);
  return relayDue(t.db, t.config);
}

describe('the cost ledger reconciled against the provider balance', () => {
  test('purchases and refunds the ledger recorded explain the balance: no discrepancy, net cost as paid', async () => {
    const first = await reconciliation();
    expect(first.readings).toBe(1);
    expect(first.lastReading?.balance).toBe('100.000000');
    expect(first.currency).toBe('USD');
    await buyOne();
    const b = await buyOne();
    // One is cancelled: the provider refunds us, the ledger records it.
    await backdate(t.db, [b.rentalId], { boughtMinutesAgo: 3 });
    await backdate(up.t.db, [Number((await activationOf(t.db, b.rentalId))!.upstream_id)], {
      boughtMinutesAgo: 3,
    });
    dataOf(await b.b.call({ method: 'POST', url: `/api/rentals/${b.rentalId}/cancel` }));
    expect(await read()).toBe('99.876544');
    const r = await reconciliation();
    expect(r.intervals[0]).toMatchObject({
      actual: `-${PRICE}`,
      expected: `-${PRICE}`,
      unexplained: '0.000000',
      open: '0.000000',
    });
    expect(r).toMatchObject({
      readings: 2,
      netCost: PRICE,
      balanceChange: `-${PRICE}`,
      discrepancy: '0.000000',
      warning: false,
      pendingNegative: '0.000000',
    });
    // The same balance again: the last reading holds longer, no new interval.
    await read();
    const again = await reconciliation();
    expect(again.readings).toBe(2);
    expect(again.lastReading?.reads).toBe(2);
  });

  test('a purchase charged before a reading and recorded after it is timing, not a discrepancy', async () => {
    // The reading lands between the provider's sale and our commit of the order.
    purchaseFaults.afterUpstreamBuy = async () => {
      purchaseFaults.afterUpstreamBuy = null;
      await read();
    };
    await buyOne();
    await read();
    const r = await reconciliation();
    const [after, during] = r.intervals;
    expect(during).toMatchObject({ actual: `-${PRICE}`, expected: '0.000000', unexplained: `-${PRICE}` });
    expect(after).toMatchObject({ actual: '0.000000', expected: `-${PRICE}`, unexplained: PRICE });
    expect(during!.open).toBe('0.000000');
    expect(after!.open).toBe('0.000000');
    // Long after, it still never counts.
    await ageReadings(31);
    await read();
    expect(await reconciliation()).toMatchObject({
      discrepancy: '0.000000',
      credits: '0.000000',
      warning: false,
    });
  });

  test('an unsold number, charged and cancelled minutes later by the reconciliation, is timing too', async () => {
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
    const [orphan] = await t.db.query<{ upstream_id: string }>(
      `select upstream_id from upstream_activations where user_id = $1`,
      [b.userId],
    );
    await read();
    expect((await reconciliation()).pendingNegative).toBe(PRICE);
    // Ten minutes later (the provider's early-cancel lock): cancelled upstream, refunded to us.
    await ageReadings(10);
    await backdate(up.t.db, [Number(orphan!.upstream_id)], { boughtMinutesAgo: 3 });
    expect(await reconcileUnsold(t.db, t.config, 0)).toBe(1);
    await read();
    const r = await reconciliation();
    expect(r.intervals[0]).toMatchObject({ unexplained: PRICE, open: '0.000000' });
    expect(r).toMatchObject({ pendingNegative: '0.000000', discrepancy: '0.000000', credits: '0.000000' });
  });

  test('a refund the provider made before the relay saw it is offset when the relay records it', async () => {
    const { b, rentalId } = await buyOne();
    await read();
    // The provider ends it on its own clock and refunds us; our relay has not read it yet.
    const upstreamId = Number((await activationOf(t.db, rentalId))!.upstream_id);
    await backdate(up.t.db, [upstreamId], { boughtMinutesAgo: 30, expired: true });
    await sweepRentals(up.t.db, { cooldownMinutes: 0 });
    await read();
    expect((await reconciliation()).intervals[0]).toMatchObject({ unexplained: PRICE, open: PRICE });
    await relay();
    expect(
      dataOf<{ status: string }>(await b.call({ method: 'GET', url: `/api/rentals/${rentalId}` })).status,
    ).toBe('cancelled');
    await read();
    const r = await reconciliation();
    expect(r.intervals[0]).toMatchObject({ actual: '0.000000', expected: PRICE, unexplained: `-${PRICE}` });
    expect(r.intervals[0]!.open).toBe('0.000000');
    expect(r.intervals[1]!.open).toBe('0.000000');
    await ageReadings(31);
    await read();
    expect(await reconciliation()).toMatchObject({ discrepancy: '0.000000', credits: '0.000000' });
  });

  test('money the provider took that the ledger does not know: a discrepancy and a warning once settled; a top-up is a credit', async () => {
    await adjustAtProvider('deduction', '0.3');
    await read();
    const pending = await reconciliation();
    // Within the settle window it may still be timing: shown as pending, no alarm yet.
    expect(pending).toMatchObject({ pendingNegative: '0.300000', discrepancy: '0.000000', warning: false });
    await ageReadings(31);
    await read();
    const settled = await reconciliation();
    expect(settled).toMatchObject({
      discrepancy: '0.300000',
      discrepancyUsdt: '0.300000',
      warning: true,
      pendingNegative: '0.000000',
    });
    const list = dataOf<{ id: number; discrepancy: string; discrepancyWarning: boolean }[]>(
      await admin({ method: 'GET', url: '/api/admin/upstream-providers' }),
    );
    expect(list.find((p) => p.id === providerId)).toMatchObject({
      discrepancy: '0.300000',
      discrepancyWarning: true,
    });
    // The operator tops the account up: a credit, the discrepancy stays what it was.
    await ageReadings(31);
    await adjustAtProvider('reward', '5');
    await read();
    await ageReadings(31);
    await read();
    expect(await reconciliation()).toMatchObject({ credits: '5.000000', discrepancy: '0.300000' });
    // A period that starts after it: nothing to warn about.
    const recent = dataOf<Reconciliation>(
      await admin({
        method: 'GET',
        url: `/api/admin/upstream-providers/${providerId}/reconciliation?days=1`,
      }),
    );
    expect(recent.discrepancy).toBe('0.300000');
    await t.db.query(
      `update upstream_balance_readings set read_at = read_at - interval '3 days', seen_until = seen_until - interval '3 days'
       where provider_id = $1 and discrepancy > 0`,
      [providerId],
    );
    const later = dataOf<Reconciliation>(
      await admin({
        method: 'GET',
        url: `/api/admin/upstream-providers/${providerId}/reconciliation?days=1`,
      }),
    );
    expect(later).toMatchObject({ discrepancy: '0.000000', warning: false });
  });

  test('two processes reading the balance while numbers are bought: one series, each interval against the one before', async () => {
    const second: Db = t.config.databaseUrl
      ? await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 4 })
      : t.db;
    const before = (await reconciliation()).discrepancy;
    const [{ last }] = (await t.db.query<{ last: number }>(
      'select max(id)::int as last from upstream_balance_readings where provider_id = $1',
      [providerId],
    )) as [{ last: number }];
    try {
      const provider = (await findProvider(t.db, providerId))!;
      // Both processes read the balance over and over while three numbers are bought.
      let buying = true;
      const reader = async (db: Db) => {
        while (buying)
          await refreshProvider(db, t.config, provider).catch(async (error) => {
            // Two readers in a tight loop can outrun the provider's request limit when the machine
            // is busy and the purchases take longer; a real provider refuses too, and the next
            // reading simply comes a little later.
            if (!(error instanceof ProviderError && error.fault === 'rate_limited')) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          });
      };
      const readers = [reader(t.db), reader(second)];
      for (let i = 0; i < 3; i++) await buyOne();
      buying = false;
      await Promise.all(readers);
    } finally {
      if (second !== t.db) await second.close();
    }
    await read();
    const rows = await t.db.query<{ consistent: boolean; actual: string; expected: string }>(
      `select r.actual = r.balance - p.balance and r.expected = r.ledger_net - p.ledger_net
         and r.unexplained = r.actual - r.expected and r.read_at >= p.seen_until as consistent,
         r.actual::text as actual, r.expected::text as expected
       from upstream_balance_readings r
       join lateral (select * from upstream_balance_readings x where x.provider_id = r.provider_id and x.id < r.id
         order by x.id desc limit 1) p on true
       where r.provider_id = $1 and r.id > $2 and r.unexplained is not null`,
      [providerId, last],
    );
    expect(rows.every((r) => r.consistent)).toBe(true);
    // Over the new intervals the balance fell by the three purchases, and the ledger explains them.
    const sum = (key: 'actual' | 'expected') => rows.reduce((acc, r) => acc + toMicros(r[key]), 0n);
    expect(fromMicros(sum('actual'))).toBe(fromMicros(-3n * toMicros(PRICE)));
    expect(fromMicros(sum('expected'))).toBe(fromMicros(-3n * toMicros(PRICE)));
    const r = await reconciliation();
    expect(r.lastReading?.balance).toBe(await read());
    // Whatever the interleaving, nothing of it is left as a difference once the readings settle.
    await ageReadings(31);
    await read();
    const settled = await reconciliation();
    expect(settled).toMatchObject({
      discrepancy: before,
      pendingNegative: '0.000000',
      pendingPositive: '0.000000',
    });
  });

  test('bad input: a clear error in the reader language; an unknown provider is not found', async () => {
    for (const days of ['0', '367', 'abc', '1.5']) {
      const zh = await admin({
        method: 'GET',
        url: `/api/admin/upstream-providers/${providerId}/reconciliation?days=${days}`,
      });
      expectErrorEnvelope(zh, 400);
      expect(zh.json().message).toContain('天数为 1 到 366 的整数');
      const en = await admin({
        method: 'GET',
        url: `/api/admin/upstream-providers/${providerId}/reconciliation?days=${days}`,
        locale: 'en-US',
      });
      expect(en.json().message).toContain('The number of days is a whole number from 1 to 366');
    }
    const missing = await admin({
      method: 'GET',
      url: '/api/admin/upstream-providers/999999/reconciliation',
    });
    expectErrorEnvelope(missing, 404);
  });
});
