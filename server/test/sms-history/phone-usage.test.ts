import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import {
  ADMIN,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  setUserPermission,
  type TestApp,
} from '../helpers';
import {
  as,
  backdate,
  buyer,
  dataOf,
  expectLedgerConsistent,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import { type Buyer, buy, csvObjects, type Page, smsTo } from './sms-helpers';

type Usage = {
  rentalId: number;
  phoneNumber: string;
  countryCode: string;
  application: { id: number; code: string };
  userId: number;
  username: string;
  kind: string;
  cardType: string;
  orderNo: string;
  price: string;
  refundedAmount: string | null;
  startsAt: string;
  endedAt: string | null;
  status: string;
  outcome: string;
  smsCount: number;
  lastCode: string | null;
};

let t: TestApp;
let world: StoreWorld;
let other: StoreWorld;
let admin: ReturnType<typeof as>;
let u1: Buyer;
let u2: Buyer;
/** Rental ids by the case they stand for. */
const r: Record<string, number> = {};
const orderNo: Record<string, string> = {};

async function rent(name: string, b: Buyer, w: StoreWorld, day = false) {
  const order = await buy(t, w, b, day ? { validityOptionId: w.dayId } : {});
  r[name] = order.phones[0]!.rentalId;
  orderNo[name] = order.orderNo;
  return r[name]!;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  other = await storeWorld(t.db);
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
  u1 = await buyer(t);
  u2 = await buyer(t);

  // Activation: a greeting without a code, then the code, then finished by the owner.
  await rent('codeReceived', u1, world);
  await smsTo(t.db, r.codeReceived!, { text: 'Welcome', code: null, minutesAgo: 2 });
  await smsTo(t.db, r.codeReceived!, { text: 'code 424242', code: '424242', minutesAgo: 1 });
  dataOf(await u1.call({ method: 'POST', url: `/api/rentals/${r.codeReceived}/finish` }));
  // Activation cancelled by the owner after the 2-minute lock: cancelled and refunded.
  await rent('cancelled', u1, world);
  await backdate(t.db, [r.cancelled!], { boughtMinutesAgo: 3 });
  dataOf(await u1.call({ method: 'POST', url: `/api/rentals/${r.cancelled}/cancel` }));
  // Activation that ran out without an SMS: refunded by the sweep.
  await rent('refunded', u2, world);
  // Day rental that ran out without an SMS: simply expired.
  await rent('expired', u2, other, true);
  await backdate(t.db, [r.refunded!, r.expired!], { boughtMinutesAgo: 60 * 24 * 3, expired: true });
  // Activation still waiting for its SMS.
  await rent('inUse', u2, world);
  // Day rental still held, with a code already.
  await rent('heldWithCode', u1, other, true);
  await smsTo(t.db, r.heldWithCode!, { text: 'code 8080', code: '8080' });
  // Activation finished after an SMS without a code.
  await rent('finished', u1, world);
  await smsTo(t.db, r.finished!, { text: 'Your account is ready', code: null });
  dataOf(await u1.call({ method: 'POST', url: `/api/rentals/${r.finished}/finish` }));

  await sweepRentals(t.db, { cooldownMinutes: t.config.storeCooldownMinutes });
});
afterAll(async () => {
  if (!t) return;
  await expectLedgerConsistent(t.db);
  await t.close();
});

const usage = async (query = '') =>
  dataOf<Page<Usage>>(await admin({ method: 'GET', url: `/api/admin/phone-usage-records${query}` }));
const idsOf = (page: Page<Usage>) => page.list.map((u) => u.rentalId);

describe('one row per rental with its outcome', () => {
  test('every case: code received, cancelled, refunded, expired, in use, finished', async () => {
    const page = await usage('?pageSize=100');
    expect(page.total).toBe(7);
    const row = (name: string) => page.list.find((u) => u.rentalId === r[name])!;
    expect(row('codeReceived')).toMatchObject({
      status: 'finished',
      outcome: 'code_received',
      smsCount: 2,
      lastCode: '424242',
      kind: 'activation',
      cardType: 'new',
      username: u1.username,
      userId: u1.userId,
      orderNo: orderNo.codeReceived,
      price: '0.123456',
      refundedAmount: null,
      countryCode: 'US',
      application: { id: world.appId, code: world.appCode },
    });
    expect(row('codeReceived').endedAt).not.toBeNull();
    expect(row('cancelled')).toMatchObject({
      status: 'cancelled',
      outcome: 'cancelled',
      smsCount: 0,
      refundedAmount: '0.123456',
    });
    expect(row('refunded')).toMatchObject({
      status: 'expired',
      outcome: 'refunded',
      refundedAmount: '0.123456',
    });
    expect(row('expired')).toMatchObject({
      status: 'expired',
      outcome: 'expired',
      kind: 'rental',
      refundedAmount: null,
      price: '1.500000',
    });
    expect(row('inUse')).toMatchObject({ status: 'active', outcome: 'in_use', smsCount: 0, endedAt: null });
    expect(row('heldWithCode')).toMatchObject({ status: 'active', outcome: 'code_received', smsCount: 1 });
    expect(row('finished')).toMatchObject({
      status: 'finished',
      outcome: 'finished',
      smsCount: 1,
      lastCode: null,
    });
  });

  test('newest use first by default', async () => {
    const ids = idsOf(await usage('?pageSize=100'));
    // The two back-dated rentals started three days ago: last.
    expect(ids.slice(-2).sort()).toEqual([r.refunded, r.expired].sort());
    expect(ids[0]).toBe(r.finished);
  });
});

describe('filters, paging and sorting', () => {
  test('username (exact, any case), number, application, status, outcome, kind', async () => {
    expect((await usage(`?username=${u2.username.toUpperCase()}`)).total).toBe(3);
    expect((await usage(`?username=${u2.username.slice(0, -1)}`)).total).toBe(0);
    // A number goes back to stock after a use, so one number may have several uses (other applications).
    const all = (await usage('?pageSize=100')).list;
    const target = all.find((u) => u.rentalId === r.expired)!.phoneNumber;
    const sameNumber = all.filter((u) => u.phoneNumber === target).map((u) => u.rentalId);
    expect(idsOf(await usage(`?phoneNumber=${encodeURIComponent(target)}`))).toEqual(sameNumber);
    expect(sameNumber).toContain(r.expired);
    expect(idsOf(await usage(`?applicationId=${other.appId}`)).sort()).toEqual(
      [r.expired, r.heldWithCode].sort(),
    );
    expect(idsOf(await usage('?status=expired')).sort()).toEqual([r.expired, r.refunded].sort());
    for (const [outcome, name] of [
      ['refunded', 'refunded'],
      ['cancelled', 'cancelled'],
      ['in_use', 'inUse'],
      ['expired', 'expired'],
      ['finished', 'finished'],
    ] as const) {
      expect(idsOf(await usage(`?outcome=${outcome}`)), outcome).toEqual([r[name]]);
    }
    expect(idsOf(await usage('?outcome=code_received')).sort()).toEqual(
      [r.codeReceived, r.heldWithCode].sort(),
    );
    expect(idsOf(await usage('?kind=rental&outcome=code_received'))).toEqual([r.heldWithCode]);
  });

  test('date range on the start of the use', async () => {
    const day = 24 * 60 * 60_000;
    const from = encodeURIComponent(new Date(Date.now() - 4 * day).toISOString());
    const to = encodeURIComponent(new Date(Date.now() - 2 * day).toISOString());
    expect(idsOf(await usage(`?from=${from}&to=${to}`)).sort()).toEqual([r.expired, r.refunded].sort());
    expect((await usage(`?from=${to}`)).total).toBe(5);
  });

  test('paging does not overlap; sorting by SMS count and number', async () => {
    const p1 = idsOf(await usage('?pageSize=4&page=1'));
    const p2 = idsOf(await usage('?pageSize=4&page=2'));
    expect(p1).toHaveLength(4);
    expect(p2).toHaveLength(3);
    expect(new Set([...p1, ...p2]).size).toBe(7);
    const bySms = await usage('?sortField=smsCount&sortOrder=descend');
    expect(bySms.list[0]!.rentalId).toBe(r.codeReceived);
    expect(bySms.list.map((u) => u.smsCount)).toEqual([2, 1, 1, 0, 0, 0, 0]);
    const byNumber = (await usage('?sortField=phoneNumber&sortOrder=ascend')).list.map((u) => u.phoneNumber);
    expect(byNumber).toEqual([...byNumber].sort());
  });
});

describe('CSV export and permissions', () => {
  test('rows of the filter with outcome, counts and money', async () => {
    const rows = csvObjects(
      await admin({
        method: 'GET',
        url: `/api/admin/phone-usage-records/export?username=${u1.username}`,
        locale: 'en-US',
      }),
    );
    expect(rows).toHaveLength(4);
    const codeRow = rows.find((x) => x['Order number'] === orderNo.codeReceived)!;
    expect(codeRow).toMatchObject({
      Country: 'US',
      'Application code': world.appCode,
      Application: `Test app ${world.appCode}`,
      Username: u1.username,
      Kind: 'activation',
      'Card type': 'new',
      'Price (USDT)': '0.123456',
      'Refund (USDT)': '',
      Status: 'finished',
      Outcome: 'code_received',
      'SMS count': '2',
      'Latest code': '424242',
    });
    expect(codeRow.Number!.startsWith("'+1")).toBe(true);
    const zh = csvObjects(
      await admin({ method: 'GET', url: '/api/admin/phone-usage-records/export?outcome=cancelled' }),
    );
    expect(zh).toEqual([expect.objectContaining({ 结果: 'cancelled', '退款 (USDT)': '0.123456' })]);
  });

  test('customers get 403; list without export permission cannot export', async () => {
    for (const url of ['/api/admin/phone-usage-records', '/api/admin/phone-usage-records/export']) {
      expectErrorEnvelope(await u1.call({ method: 'GET', url }), 403);
    }
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    await setUserPermission(t.db, agent.userId, 'admin:logs:list', 'grant');
    const call = as(t, await createSession(t.db, agent.userId));
    expect(
      dataOf<Page<Usage>>(await call({ method: 'GET', url: '/api/admin/phone-usage-records' })).total,
    ).toBe(7);
    expectErrorEnvelope(await call({ method: 'GET', url: '/api/admin/phone-usage-records/export' }), 403);
  });

  test.each([
    'outcome=lost',
    'status=gone',
    'kind=forever',
    `username=${'u'.repeat(65)}`,
    `phoneNumber=${'9'.repeat(40)}`,
    'from=not-a-date',
    'to=2024-01-01T00:00:00Z&from=2024-06-01T00:00:00Z',
    'pageSize=1000',
    'page=-3',
  ])('%s: 400', async (query) => {
    expectErrorEnvelope(await admin({ method: 'GET', url: `/api/admin/phone-usage-records?${query}` }), 400);
  });
});
