import type { LoginAnalysis, Overview, RegistrationAnalysis, StatisticsReport } from '@jiema/shared';
import { formatMoney, USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { todayIn } from '../../src/modules/reports/period';
import {
  ADMIN,
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
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
 * The reports on a small dataset whose numbers are known: orders bought through the store and moved
 * to June 2021 (nothing else of the test database lives there), login records and sign-ups of that
 * month, and one order of today for the overview.
 */

let t: TestApp;
let world: StoreWorld;
let admin: string;
let spender: { userId: number; username: string };

const get = (url: string, token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  t.app.inject({ method: 'GET', url, headers: { ...authed(token), 'x-locale': locale } });

async function buy(b: Awaited<ReturnType<typeof buyer>>, quantity: number) {
  await addNumbers(t.db, { count: quantity });
  const order = dataOf<{ id: number; phones: { rentalId: number }[] }>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world, { quantity }) }),
  );
  return { orderId: order.id, rentalIds: order.phones.map((p) => p.rentalId) };
}

/** Moves everything of these users (orders, rentals, their SMS, ledger entries) to one instant. */
async function moveTo(userIds: number[], at: string) {
  await t.db.query('update store_orders set created_at = $2 where user_id = any($1::int[])', [userIds, at]);
  await t.db.query('update rentals set starts_at = $2, created_at = $2 where user_id = any($1::int[])', [
    userIds,
    at,
  ]);
  await t.db.query(
    `update sms_messages set received_at = $2, created_at = $2
     where rental_id in (select id from rentals where user_id = any($1::int[]))`,
    [userIds, at],
  );
  await t.db.query(
    `update ledger_entries set created_at = $2 where user_id = any($1::int[]) and type = 'consume'`,
    [userIds, at],
  );
}

beforeAll(async () => {
  t = await createTestApp({ STORE_MAX_QUANTITY: '5' });
  world = await storeWorld(t.db);
  admin = await login(t, ADMIN.username, ADMIN.password);

  // June 2nd 2021, 10:00 UTC: A buys 3 activations (2 get a code), B buys 1 and cancels it (refund on
  // June 3rd 01:00 UTC, i.e. June 2nd 15:00 at UTC-10).
  const a = await buyer(t, '10');
  const b = await buyer(t, '10');
  const bought = await buy(a, 3);
  await receiveSms(t.db, bought.rentalIds[0]!);
  await receiveSms(t.db, bought.rentalIds[1]!);
  const cancelled = await buy(b, 1);
  await backdate(t.db, cancelled.rentalIds, { boughtMinutesAgo: 3 });
  dataOf(await b.call({ method: 'POST', url: `/api/rentals/${cancelled.rentalIds[0]}/cancel` }));
  await moveTo([a.userId, b.userId], '2021-06-02T10:00:00Z');
  await t.db.query(
    `update ledger_entries set created_at = '2021-06-03T01:00:00Z' where user_id = $1 and type = 'refund'`,
    [b.userId],
  );
  spender = a;

  // Sign-ups of June 2021: two by the form (from the US and China), one by an administrator.
  const signUps: [string | null, string][] = [
    ['8.8.8.8', '2021-06-01T08:00:00Z'],
    ['114.114.114.114', '2021-06-02T08:00:00Z'],
    [null, '2021-06-02T09:00:00Z'],
  ];
  for (const [ip, at] of signUps) {
    const user = await createUser(t.db);
    await t.db.query('update users set register_ip = $2, created_at = $3 where id = $1', [
      user.userId,
      ip,
      at,
    ]);
  }

  // Logins of June 2021: A three times from the US and twice from China; one IP guessing 12 times
  // at 6 accounts; one account guessed 10 times from 10 addresses.
  const rows: [number | null, string, string, boolean, string][] = [];
  for (let i = 0; i < 3; i++) rows.push([a.userId, a.username, '8.8.8.8', true, '2021-06-01T09:00:00Z']);
  for (let i = 0; i < 2; i++)
    rows.push([a.userId, a.username, '114.114.114.114', true, '2021-06-02T09:00:00Z']);
  rows.push([b.userId, b.username, '114.114.114.114', true, '2021-06-02T09:30:00Z']);
  for (let i = 0; i < 12; i++) rows.push([null, `guess${i % 6}`, '1.2.3.4', false, '2021-06-03T02:00:00Z']);
  for (let i = 0; i < 10; i++) rows.push([null, 'Victim', `9.9.9.${i + 1}`, false, '2021-06-03T03:00:00Z']);
  for (const [userId, account, ip, success, at] of rows) {
    await t.db.query(
      `insert into login_records (user_id, account, ip, success, reason, created_at) values ($1, $2, $3, $4, $5, $6)`,
      [userId, account, ip, success, success ? 'ok' : 'bad_password', at],
    );
  }
}, 120_000);
afterAll(() => t?.close());

const JUNE = '?from=2021-06-01&to=2021-06-03';

describe('statistics report', () => {
  test('revenue, refunds, orders, SMS and code success on the known dataset, per day in UTC', async () => {
    const report = dataOf<StatisticsReport>(await get(`/api/reports/statistics${JUNE}&tzOffset=0`, admin));
    expect(report.period).toEqual({ from: '2021-06-01', to: '2021-06-03', tzOffset: 0 });
    expect(report.days).toEqual([
      { day: '2021-06-01', revenue: '0.000000', refunds: '0.000000', orders: 0, sms: 0 },
      { day: '2021-06-02', revenue: '0.493824', refunds: '0.000000', orders: 2, sms: 2 },
      { day: '2021-06-03', revenue: '0.000000', refunds: '0.123456', orders: 0, sms: 0 },
    ]);
    expect(report.totals).toEqual({
      revenue: '0.493824',
      refunds: '0.123456',
      net: '0.370368',
      orders: 2,
      sms: 2,
      rentals: 4,
      withCode: 2,
      rate: 0.5,
    });
    expect(report.byApplication).toEqual([
      expect.objectContaining({
        key: String(world.appId),
        nameEn: `Test app ${world.appCode}`,
        rentals: 4,
        withCode: 2,
        rate: 0.5,
      }),
    ]);
    expect(report.byCountry).toEqual([
      expect.objectContaining({ key: 'US', rentals: 4, withCode: 2, rate: 0.5 }),
    ]);
    expect(report.byOperator).toHaveLength(1);
    expect(report.byOperator[0]).toMatchObject({ rentals: 4, withCode: 2 });
  });

  test("days are the reader's: at UTC-10 the refund falls on June 2nd", async () => {
    const report = dataOf<StatisticsReport>(await get(`/api/reports/statistics${JUNE}&tzOffset=-600`, admin));
    expect(report.days[1]).toEqual({
      day: '2021-06-02',
      revenue: '0.493824',
      refunds: '0.123456',
      orders: 2,
      sms: 2,
    });
    expect(report.days[2]?.refunds).toBe('0.000000');
  });

  test('a period without data is all zeros, day by day', async () => {
    const report = dataOf<StatisticsReport>(
      await get('/api/reports/statistics?from=2020-01-01&to=2020-01-07', admin),
    );
    expect(report.days).toHaveLength(7);
    expect(report.totals).toMatchObject({ revenue: '0.000000', orders: 0, sms: 0, rentals: 0, rate: 0 });
    expect(report.byApplication).toEqual([]);
  });

  test('exports the same numbers as CSV, names in the reader language', async () => {
    const res = await get(`/api/reports/statistics/export${JUNE}`, admin, 'en-US');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('section,day,key,name,revenue,refunds,orders,sms,rentals,with_code,rate');
    expect(lines).toContain('day,2021-06-02,,,0.493824,0.000000,2,2,,,');
    expect(lines).toContain(`application,,${world.appId},Test app ${world.appCode},,,,,4,2,0.5`);
    expect(lines.some((l) => l.startsWith('total,,,,0.493824,0.123456,2,2,4,2,'))).toBe(true);
  });
});

describe('login analysis', () => {
  test('logins per day, locations top 10, most active users and suspicious patterns', async () => {
    const report = dataOf<LoginAnalysis>(await get(`/api/reports/login-analysis${JUNE}`, admin));
    expect(report.days).toEqual([
      { day: '2021-06-01', success: 3, failure: 0 },
      { day: '2021-06-02', success: 3, failure: 0 },
      { day: '2021-06-03', success: 0, failure: 22 },
    ]);
    expect(report.totals).toEqual({ success: 6, failure: 22, users: 2, ips: 13 });
    expect(report.locations).toEqual([
      { country: 'CN', count: 3 },
      { country: 'US', count: 3 },
    ]);
    expect(report.activeUsers.map((u) => [u.username, u.logins])).toEqual([
      [spender.username, 5],
      [expect.any(String), 1],
    ]);
    const bySubject = Object.fromEntries(report.suspicious.map((s) => [s.subject, s]));
    expect(bySubject['1.2.3.4']).toMatchObject({
      kind: 'ipFailures',
      failures: 12,
      accounts: 6,
      country: 'AU',
    });
    expect(bySubject.victim).toMatchObject({ kind: 'accountFailures', failures: 10, accounts: 10 });
    expect(report.suspicious).toHaveLength(2);
  });
});

describe('registration analysis', () => {
  test('sign-ups per day, by source and location, top spenders of the period', async () => {
    const report = dataOf<RegistrationAnalysis>(
      await get(`/api/reports/registration-analysis${JUNE}`, admin),
    );
    expect(report.total).toBe(3);
    expect(report.days.map((d) => d.count)).toEqual([1, 2, 0]);
    expect(report.sources).toEqual([
      { source: 'self', count: 2 },
      { source: 'admin', count: 1 },
    ]);
    expect(report.locations).toEqual([
      { country: 'CN', count: 1 },
      { country: 'US', count: 1 },
    ]);
    // B's purchase was refunded in full: only A paid anything.
    expect(report.topSpenders).toEqual([
      expect.objectContaining({
        userId: spender.userId,
        username: spender.username,
        spent: '0.370368',
        orders: 1,
      }),
    ]);
  });
});

describe('dashboard overview', () => {
  test("a customer sees their own numbers of today and no business figures; an administrator sees today's business", async () => {
    const c = await buyer(t, '5');
    const { rentalIds } = await buy(c, 2);
    await receiveSms(t.db, rentalIds[0]!, 'Your code is 777123', '777123');
    const mine = dataOf<Overview>(await c.call({ method: 'GET', url: '/api/dashboard/overview?tzOffset=0' }));
    expect(mine).toMatchObject({ balance: '4.753088', activeRentals: 2, codesToday: 1, admin: null });
    expect(mine.recentCodes).toEqual([
      expect.objectContaining({ code: '777123', applicationNameEn: `Test app ${world.appCode}` }),
    ]);

    const business = dataOf<Overview>(await get('/api/dashboard/overview?tzOffset=0', admin));
    expect(business.admin).toMatchObject({ revenueToday: '0.246912', ordersToday: 1, smsToday: 1 });
    const us = business.admin?.stock.find((s) => s.countryCode === 'US');
    const [stored] = await t.db.query<{ in_use: number; available: number; total: number }>(
      `select count(*) filter (where state = 'in_use')::int as in_use,
         count(*) filter (where state = 'available')::int as available, count(*)::int as total
       from phone_numbers where country_code = 'US'`,
    );
    // The 3 + 2 numbers still rented (B's cancelled one is cooling down).
    expect(stored?.in_use).toBe(5);
    expect(us).toMatchObject({
      nameEn: 'United States',
      inUse: stored?.in_use,
      available: stored?.available,
      total: stored?.total,
    });
    expect(Array.isArray(business.admin?.gateways)).toBe(true);
  });

  test("today's business from the 15-minute totals (a midnight that starts a bucket) and from the rows (one that does not) are the rows since that midnight", async () => {
    const c = await buyer(t, '5');
    const { rentalIds } = await buy(c, 1);
    await receiveSms(t.db, rentalIds[0]!, 'Your code is 555123', '555123');
    for (const tzOffset of [0, 480, 7, -601]) {
      const business = dataOf<Overview>(await get(`/api/dashboard/overview?tzOffset=${tzOffset}`, admin));
      const since = new Date(Date.parse(`${todayIn(tzOffset)}T00:00:00Z`) - tzOffset * 60_000);
      const [rows] = await t.db.query<{ revenue: string | null; orders: number; sms: number }>(
        `select (select (-sum(amount))::text from ledger_entries where type = 'consume' and created_at >= $1) as revenue,
           (select count(*)::int from store_orders where created_at >= $1) as orders,
           (select count(*)::int from sms_messages where received_at >= $1) as sms`,
        [since],
      );
      expect(rows!.orders).toBeGreaterThan(0);
      expect(business.admin, `tzOffset ${tzOffset}`).toMatchObject({
        revenueToday: formatMoney(rows!.revenue ?? '0'),
        ordersToday: rows!.orders,
        smsToday: rows!.sms,
      });
    }
  });

  test('gateway health: received and rejected today per gateway', async () => {
    const [gw] = await t.db.query<{ id: number }>(
      `insert into gateways (kind, name, secret, last_seen_at) values ('generic', 'health-test', 's', now()) returning id`,
    );
    await t.db.query(
      `insert into sms_messages (phone_number, text, gateway_id) values ('+15550000001', 'hi', $1), ('+15550000002', 'yo', $1)`,
      [gw!.id],
    );
    await t.db.query(`insert into gateway_rejections (gateway_id, reason) values ($1, 'bad signature')`, [
      gw!.id,
    ]);
    const business = dataOf<Overview>(await get('/api/dashboard/overview', admin));
    expect(business.admin?.gateways.find((g) => g.id === gw!.id)).toMatchObject({
      name: 'health-test',
      enabled: true,
      receivedToday: 2,
      rejectedToday: 1,
    });
  });
});

describe('permissions', () => {
  const REPORTS = [
    '/api/reports/statistics',
    '/api/reports/statistics/export',
    '/api/reports/login-analysis',
    '/api/reports/registration-analysis',
  ];

  test('customers and agents are refused every report; the overview is for everyone', async () => {
    for (const type of [USER_TYPE.CUSTOMER, USER_TYPE.AGENT]) {
      const user = await loginAs(t, type);
      for (const url of REPORTS) expectErrorEnvelope(await get(url, user.token), 403);
      expect((await get('/api/dashboard/overview', user.token)).statusCode).toBe(200);
    }
    for (const url of [...REPORTS, '/api/dashboard/overview']) {
      expectErrorEnvelope(await t.app.inject({ method: 'GET', url }), 401);
    }
  });

  test('a customer granted one analysis opens that one only', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    await setUserPermission(t.db, user.userId, 'admin:login-analysis:list', 'grant');
    const token = await login(t, user.username, user.password);
    expect((await get('/api/reports/login-analysis', token)).statusCode).toBe(200);
    expectErrorEnvelope(await get('/api/reports/registration-analysis', token), 403);
    expectErrorEnvelope(await get('/api/reports/statistics', token), 403);
  });
});

describe('bad periods are refused in the reader language', () => {
  const cases: [string, string, string][] = [
    [
      'from=2021-13-01',
      '日期须为 YYYY-MM-DD 格式的有效日期',
      'The date must be a valid date written YYYY-MM-DD',
    ],
    [
      'from=2021-02-30',
      '日期须为 YYYY-MM-DD 格式的有效日期',
      'The date must be a valid date written YYYY-MM-DD',
    ],
    [
      'to=yesterday',
      '日期须为 YYYY-MM-DD 格式的有效日期',
      'The date must be a valid date written YYYY-MM-DD',
    ],
    [
      'from=2021-06-03&to=2021-06-01',
      '结束日期不能早于开始日期',
      'The end date cannot be before the start date',
    ],
    ['from=2020-01-01&to=2021-01-01', '统计区间最长 366 天', 'A report covers at most 366 days'],
    [
      'tzOffset=abc',
      '时区偏移须为 -840 到 840 之间的整数分钟',
      'The time zone offset must be a whole number of minutes from -840 to 840',
    ],
    [
      'tzOffset=900',
      '时区偏移须为 -840 到 840 之间的整数分钟',
      'The time zone offset must be a whole number of minutes from -840 to 840',
    ],
  ];
  test.each(cases)('%s', async (query, zh, en) => {
    for (const url of [
      '/api/reports/statistics',
      '/api/reports/login-analysis',
      '/api/reports/registration-analysis',
    ]) {
      const inZh = expectErrorEnvelope(await get(`${url}?${query}`, admin, 'zh-CN'), 400);
      expect(inZh.message).toContain(zh);
      const inEn = expectErrorEnvelope(await get(`${url}?${query}`, admin, 'en-US'), 400);
      expect(inEn.message).toContain(en);
    }
  });

  test('a year (366 days, leap year) is accepted', async () => {
    expect((await get('/api/reports/statistics?from=2020-01-01&to=2020-12-31', admin)).statusCode).toBe(200);
  });
});
