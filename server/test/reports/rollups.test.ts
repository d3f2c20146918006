import type { LoginAnalysis, RegistrationAnalysis, StatisticsReport } from '@jiema/shared';
import { formatMoney } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginsByDay, suspiciousIps } from '../../src/modules/reports/login-analysis.repository';
import { resolvePeriod } from '../../src/modules/reports/period';
import { registrationsByDay } from '../../src/modules/reports/registration-analysis.repository';
import {
  moneyByDay,
  ordersByDay,
  smsByDay,
  successRates,
} from '../../src/modules/reports/statistics.repository';
import { ADMIN, authed, createTestApp, createUser, login, type TestApp } from '../helpers';
import {
  addNumbers,
  backdate,
  buyer,
  dataOf,
  purchaseBody,
  receiveSms,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';

/**
 * The reports read totals that triggers keep per 15 minutes and per day (migration 0080). Here the
 * data is written the way the product writes it (purchases through the store, SMS, a cancel refunded
 * days after its order's day closed, logins, sign-ups) and then moved, reassigned and deleted, and
 * after each step the totals must equal what the raw rows say, and every report the same answer as
 * the raw queries, in several time zones and on both sides of a day's boundary.
 */

let t: TestApp;
let world: StoreWorld;
let admin: string;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authed(admin) });

async function buy(b: Awaited<ReturnType<typeof buyer>>, quantity: number) {
  await addNumbers(t.db, { count: quantity });
  const order = dataOf<{ id: number; phones: { rentalId: number }[] }>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world, { quantity }) }),
  );
  return { orderId: order.id, rentalIds: order.phones.map((p) => p.rentalId) };
}

async function moveOrders(userIds: number[], at: string) {
  await t.db.query('update store_orders set created_at = $2 where user_id = any($1::int[])', [userIds, at]);
  await t.db.query('update rentals set starts_at = $2, created_at = $2 where user_id = any($1::int[])', [
    userIds,
    at,
  ]);
  await t.db.query(
    `update ledger_entries set created_at = $2 where user_id = any($1::int[]) and type = 'consume'`,
    [userIds, at],
  );
}

/** Every stored total against the same total computed from the rows it counts. */
async function expectRollupsMatchRaw() {
  const same = async (raw: string, rollup: string) => {
    const [a, b] = await Promise.all([t.db.query(raw), t.db.query(rollup)]);
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) => JSON.stringify(r, (_k, v) => (v instanceof Date ? v.toISOString() : v))).sort();
    expect(norm(b), rollup).toEqual(norm(a));
  };
  await same(
    'select report_bucket(received_at) as b, count(*)::int as n from sms_messages group by 1',
    'select bucket as b, sum(sms)::int as n from report_sms_buckets group by 1 having sum(sms) <> 0',
  );
  await same(
    'select report_bucket(created_at) as b, count(*)::int as n from store_orders group by 1',
    'select bucket as b, sum(orders)::int as n from report_order_buckets group by 1 having sum(orders) <> 0',
  );
  await same(
    `select report_bucket(created_at) as b, coalesce(-sum(amount) filter (where type = 'consume'), 0)::numeric(20, 6)::text as revenue,
       coalesce(sum(amount) filter (where type = 'refund'), 0)::numeric(20, 6)::text as refunds
     from ledger_entries where type in ('consume', 'refund') group by 1`,
    `select bucket as b, sum(revenue)::text as revenue, sum(refunds)::text as refunds from report_ledger_buckets
     group by 1 having sum(revenue) <> 0 or sum(refunds) <> 0`,
  );
  await same(
    `select report_bucket(created_at) as b, count(*) filter (where success)::int as ok,
       count(*) filter (where not success)::int as failed from login_records group by 1`,
    `select bucket as b, sum(success)::int as ok, sum(failure)::int as failed from report_login_buckets
     group by 1 having sum(success) <> 0 or sum(failure) <> 0`,
  );
  await same(
    `select report_bucket(created_at) as b, count(*) filter (where register_ip is not null)::int as self,
       count(*) filter (where register_ip is null)::int as admin from users group by 1`,
    `select bucket as b, sum(self)::int as self, sum(admin)::int as admin from report_registration_buckets
     group by 1 having sum(self) <> 0 or sum(admin) <> 0`,
  );
  await same(
    `select (r.starts_at at time zone 'UTC')::date::text as day, r.application_id, r.country_code,
       coalesce(r.operator_id, 0) as operator_id, count(*)::int as rentals,
       count(*) filter (where exists (select 1 from sms_messages s where s.rental_id = r.id and s.code is not null))::int
         as with_code
     from rentals r group by 1, 2, 3, 4`,
    `select day::text as day, application_id, country_code, operator_id, sum(rentals)::int as rentals,
       sum(with_code)::int as with_code
     from report_rental_cells group by 1, 2, 3, 4 having sum(rentals) <> 0 or sum(with_code) <> 0`,
  );
}

/** The statistics, logins per day and sign-ups per day of a period, against the raw queries. */
async function expectReportsMatchRaw(from: string, to: string, tzOffset: number) {
  const query = `?from=${from}&to=${to}&tzOffset=${tzOffset}`;
  const period = resolvePeriod({ from, to, tzOffset });
  const [stats, logins, signUps] = await Promise.all([
    get(`/api/reports/statistics${query}`).then((r) => dataOf<StatisticsReport>(r)),
    get(`/api/reports/login-analysis${query}`).then((r) => dataOf<LoginAnalysis>(r)),
    get(`/api/reports/registration-analysis${query}`).then((r) => dataOf<RegistrationAnalysis>(r)),
  ]);
  const [money, orders, sms, rates, loginDays, signUpDays] = await Promise.all([
    moneyByDay(t.db, period),
    ordersByDay(t.db, period),
    smsByDay(t.db, period),
    successRates(t.db, period),
    loginsByDay(t.db, period),
    registrationsByDay(t.db, period),
  ]);
  const label = `${from}..${to} at ${tzOffset}`;
  expect(stats.days, label).toEqual(
    period.days.map((day) => {
      const m = money.find((r) => r.day === day);
      return {
        day,
        revenue: formatMoney(m?.revenue ?? '0'),
        refunds: formatMoney(m?.refunds ?? '0'),
        orders: orders.find((r) => r.day === day)?.count ?? 0,
        sms: sms.find((r) => r.day === day)?.count ?? 0,
      };
    }),
  );
  const ratesOf = (rows: { key: string; rentals: number; withCode: number }[]) =>
    rows.map((r) => `${r.key}:${r.rentals}:${r.withCode}`).sort();
  const rawRatesOf = (dimension: string) =>
    rates
      .filter((r) => r.dimension === dimension)
      .map((r) => `${r.key?.trim() ?? ''}:${r.rentals}:${r.with_code}`)
      .sort();
  expect(ratesOf(stats.byApplication), label).toEqual(rawRatesOf('application'));
  expect(ratesOf(stats.byCountry), label).toEqual(rawRatesOf('country'));
  expect(ratesOf(stats.byOperator), label).toEqual(rawRatesOf('operator'));
  const all = rates.find((r) => r.dimension === 'all');
  expect([stats.totals.rentals, stats.totals.withCode], label).toEqual([
    all?.rentals ?? 0,
    all?.with_code ?? 0,
  ]);
  expect(logins.days, label).toEqual(
    period.days.map((day) => {
      const r = loginDays.find((x) => x.day === day);
      return { day, success: r?.success ?? 0, failure: r?.failure ?? 0 };
    }),
  );
  expect(signUps.days, label).toEqual(
    period.days.map((day) => {
      const r = signUpDays.find((x) => x.day === day);
      return { day, count: (r?.self ?? 0) + (r?.admin ?? 0) };
    }),
  );
  return { stats, logins, signUps };
}

/** UTC offsets that cut days on whole buckets (China, UTC, Hawaii, India, Nepal) and one that does not. */
const OFFSETS = [480, 0, -600, 330, 345, 7];

beforeAll(async () => {
  t = await createTestApp({ STORE_MAX_QUANTITY: '5' });
  world = await storeWorld(t.db);
  admin = await login(t, ADMIN.username, ADMIN.password);
}, 120_000);
afterAll(() => t?.close());

describe('the totals behind the reports', () => {
  test('equal the raw rows after purchases, codes, moves across a day boundary, reassignments and deletes', async () => {
    const a = await buyer(t, '10');
    const b = await buyer(t, '10');
    const first = await buy(a, 3);
    // Two codes for one rental count it once; an SMS without a code does not count it.
    await receiveSms(t.db, first.rentalIds[0]!);
    await receiveSms(t.db, first.rentalIds[0]!, 'Code 111222', '111222');
    await receiveSms(t.db, first.rentalIds[1]!, 'Hello', null);
    const second = await buy(b, 2);
    await receiveSms(t.db, second.rentalIds[0]!);
    await expectRollupsMatchRaw();

    // A's orders one millisecond before midnight in China (UTC+8), B's at its first instant.
    await moveOrders([a.userId], '2022-03-10T15:59:59.999Z');
    await moveOrders([b.userId], '2022-03-10T16:00:00Z');
    await t.db.query(
      `update sms_messages set received_at = '2022-03-11T23:50:00Z'
       where rental_id = any($1::int[])`,
      [[...first.rentalIds, ...second.rentalIds]],
    );
    await expectRollupsMatchRaw();

    // The code of B's rental reassigned to A's third rental, A's second code deleted, A's first code removed.
    await t.db.query('update sms_messages set rental_id = $2 where rental_id = $1', [
      second.rentalIds[0],
      first.rentalIds[2],
    ]);
    await t.db.query(`delete from sms_messages where code = '111222'`);
    await expectRollupsMatchRaw();
    await t.db.query(`update sms_messages set code = null where rental_id = $1`, [first.rentalIds[0]]);
    await expectRollupsMatchRaw();

    // Sign-ups (one later deleted), logins on both sides of the boundary.
    const kept = await createUser(t.db);
    const gone = await createUser(t.db);
    await t.db.query(
      `update users set register_ip = '8.8.8.8', created_at = '2022-03-10T15:59:00Z' where id = $1`,
      [kept.userId],
    );
    await t.db.query(`update users set created_at = '2022-03-10T16:01:00Z' where id = $1`, [gone.userId]);
    for (const [success, at] of [
      [true, '2022-03-10T15:59:59Z'],
      [false, '2022-03-10T16:00:00Z'],
      [true, '2022-03-11T18:44:59Z'],
      [true, '2022-03-11T18:45:00Z'],
    ] as const) {
      await t.db.query(
        `insert into login_records (user_id, account, ip, success, reason, created_at) values ($1, $2, '8.8.8.8', $3, 'x', $4)`,
        [kept.userId, kept.username, success, at],
      );
    }
    await t.db.query('delete from users where id = $1', [gone.userId]);
    await t.db.query(`delete from login_records where created_at = '2022-03-11T18:45:00Z'`);
    await expectRollupsMatchRaw();

    for (const tz of OFFSETS) await expectReportsMatchRaw('2022-03-09', '2022-03-13', tz);
    for (const tz of OFFSETS) await expectReportsMatchRaw('2022-03-11', '2022-03-11', tz);

    // The boundary as the reports define it: at UTC+8, 15:59:59.999Z is March 10th and 16:00Z March 11th.
    const { stats } = await expectReportsMatchRaw('2022-03-10', '2022-03-11', 480);
    expect(stats.days.map((d) => d.orders)).toEqual([1, 1]);
    expect(stats.totals.rentals).toBe(5);
    expect(stats.totals.withCode).toBe(1);
  });

  test('a cancel refunded days after its order: the revenue stays on the order day, the refund counts today', async () => {
    const c = await buyer(t, '10');
    const bought = await buy(c, 1);
    const today = Date.now();
    const fiveDaysAgo = new Date(today - 5 * DAY_MS).toISOString();
    await moveOrders([c.userId], fiveDaysAgo);
    await backdate(t.db, bought.rentalIds, { boughtMinutesAgo: 3 });
    const before = dataOf<StatisticsReport>(
      await get(`/api/reports/statistics?from=${dayOf(today - 6 * DAY_MS)}&to=${dayOf(today)}&tzOffset=0`),
    );
    dataOf(await c.call({ method: 'POST', url: `/api/rentals/${bought.rentalIds[0]}/cancel` }));
    await expectRollupsMatchRaw();
    for (const tz of OFFSETS) {
      await expectReportsMatchRaw(dayOf(today - 6 * DAY_MS), dayOf(today + tz * 60_000), tz);
    }
    const { stats } = await expectReportsMatchRaw(dayOf(today - 6 * DAY_MS), dayOf(today), 0);
    expect(stats.totals.revenue).toBe(before.totals.revenue);
    const refund = stats.days.find((d) => d.refunds !== '0.000000');
    expect(refund?.day).toBe(dayOf(today));
    expect(stats.totals.refunds).not.toBe(before.totals.refunds);
  });

  test('with many IPs past the failure threshold, the suspicious IPs are those of the full query', async () => {
    // 27 IPs with 10 to 14 failures (six at 11: the list ends between them), each at 2 to 6 accounts (none of which
    // reaches 10 failures), and IPs that only tried many accounts.
    const at = '2022-05-05T05:00:00Z';
    for (let i = 0; i < 27; i++) {
      for (let k = 0; k < 10 + (i % 5); k++) {
        await t.db.query(
          `insert into login_records (account, ip, success, reason, created_at) values ($1, $2, false, 'bad_password', $3)`,
          [`ip${i}acct${k % (2 + (i % 5))}`, `10.0.${i}.1`, at],
        );
      }
    }
    for (let i = 0; i < 3; i++) {
      for (let k = 0; k < 7; k++) {
        await t.db.query(
          `insert into login_records (account, ip, success, reason, created_at) values ($1, $2, $3, 'x', $4)`,
          [`many${k}`, `10.1.${i}.1`, k % 2 === 0, at],
        );
      }
    }
    const period = resolvePeriod({ from: '2022-05-01', to: '2022-05-31', tzOffset: 480 });
    const report = dataOf<LoginAnalysis>(
      await get('/api/reports/login-analysis?from=2022-05-01&to=2022-05-31&tzOffset=480'),
    );
    const full = await suspiciousIps(t.db, period);
    expect(full).toHaveLength(20);
    expect(
      report.suspicious
        .filter((s) => s.kind !== 'accountFailures')
        .map((s) => [s.subject, s.failures, s.accounts]),
    ).toEqual(full.map((r) => [r.subject, r.failures, r.accounts]));
    expect(report.totals.ips).toBe(30);
  });
});
