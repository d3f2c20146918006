import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  auditEntriesOf,
  authed,
  createTestApp,
  expectErrorEnvelope,
  login,
  loginAs,
  type TestApp,
} from '../helpers';
import { type FakeTronGrid, startFakeTronGrid } from '../support/fake-trongrid';
import { addPoolAddresses, expectLedgerConsistent, rechargeInfo, watcherFor } from './support';

let t: TestApp;
let fake: FakeTronGrid;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeTronGrid({ apiKey: 'test-key' });
  adminToken = await login(t, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

const post = (url: string, token: string, payload: object, locale = 'zh-CN') =>
  t.app.inject({ method: 'POST', url, headers: { ...authed(token), 'x-locale': locale }, payload });
const get = (url: string, token: string, locale = 'zh-CN') =>
  t.app.inject({ method: 'GET', url, headers: { ...authed(token), 'x-locale': locale } });
const balanceOf = async (userId: number) =>
  (await t.db.query<{ b: string }>('select balance::text as b from users where id = $1', [userId]))[0]!.b;

describe('deposit addresses from the pool', () => {
  test('twenty users asking at once get twenty different addresses; each keeps theirs; then the pool is empty', async () => {
    await addPoolAddresses(t, adminToken, 20);
    const users = await Promise.all(Array.from({ length: 21 }, () => loginAs(t, 2)));
    const first = await Promise.all(users.map((u) => rechargeInfo(t, u.token)));
    const given = first.map((i) => i.address).filter((a): a is string => a !== null);
    expect(given).toHaveLength(20);
    expect(new Set(given).size).toBe(20);
    expect(first.filter((i) => i.address === null)).toHaveLength(1);
    // The same user asking twice at once, and again later: always the same address.
    const [u] = users;
    const again = await Promise.all([rechargeInfo(t, u!.token), rechargeInfo(t, u!.token)]);
    expect(again.map((i) => i.address)).toEqual([first[0]!.address, first[0]!.address]);
    const assigned = await get('/api/admin/tron-addresses?assigned=true&pageSize=100', adminToken);
    expect(assigned.json().data.total).toBe(20);
    expect(assigned.json().data.list[0]).toMatchObject({ receivedTotal: '0.000000', shared: false });
  });

  test('without a shared address, a user beyond the pool is told plainly', async () => {
    const late = await loginAs(t, 2);
    const info = await rechargeInfo(t, late.token);
    expect(info).toMatchObject({ address: null, ordersAvailable: false, minAmount: '1.000000' });
    const res = await post('/api/recharge/orders', late.token, { amount: '10' }, 'en-US');
    expect(expectErrorEnvelope(res, 409).message).toBe(
      'No deposit address is available right now; please contact support',
    );
  });
});

describe('recharge orders on a shared address when the pool is exhausted', () => {
  let shared: string;
  beforeAll(async () => {
    [shared] = (await addPoolAddresses(t, adminToken, 1, true)) as [string];
  });

  test('orders placed at once reserve unique amounts; a user with an address cannot order', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => loginAs(t, 2)));
    const results = await Promise.all(
      buyers.map((b) => post('/api/recharge/orders', b.token, { amount: '10' })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const amounts = results.map((r) => r.json().data.amount);
    expect(new Set(amounts).size).toBe(12);
    for (const a of amounts) expect(a).toMatch(/^10\.0\d{3}00$/);
    expect(results[0]!.json().data).toMatchObject({
      address: shared,
      status: 'open',
      requestedAmount: '10.000000',
    });
    // One open order per user.
    expectErrorEnvelope(await post('/api/recharge/orders', buyers[0]!.token, { amount: '5' }), 409);
    const info = await rechargeInfo(t, buyers[0]!.token);
    expect(info).toMatchObject({ address: null, ordersAvailable: true });

    const [owner] = await t.db.query<{ user_id: number }>(
      'select assigned_user_id as user_id from tron_addresses where assigned_user_id is not null limit 1',
    );
    const token = await loginOwner(owner!.user_id);
    expectErrorEnvelope(await post('/api/recharge/orders', token, { amount: '10' }), 409);
  });

  test('bad amounts are refused in the user language and change nothing', async () => {
    const b = await loginAs(t, 2);
    const small = await post('/api/recharge/orders', b.token, { amount: '0.5' }, 'en-US');
    expect(expectErrorEnvelope(small, 400).message).toBe(
      'The recharge amount must be at least 1.000000 USDT',
    );
    const bad = await post('/api/recharge/orders', b.token, { amount: '1e3' });
    expect(expectErrorEnvelope(bad, 400).message).toContain('金额必须是大于 0 的数字，最多 6 位小数');
    const huge = await post('/api/recharge/orders', b.token, { amount: '2000000' }, 'en-US');
    expectErrorEnvelope(huge, 400);
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from recharge_orders where user_id = $1',
      [b.userId],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  test('payment on time, late payment after expiry, ambiguous and unknown amounts, cancelled orders', async () => {
    const [onTime, late, cancelled] = await Promise.all([loginAs(t, 2), loginAs(t, 2), loginAs(t, 2)]);
    const o1 = (await post('/api/recharge/orders', onTime.token, { amount: '25' })).json().data;
    const o2 = (await post('/api/recharge/orders', late.token, { amount: '30' })).json().data;
    const o3 = (await post('/api/recharge/orders', cancelled.token, { amount: '40' })).json().data;
    expect((await post(`/api/recharge/orders/${o3.id}/cancel`, cancelled.token, {})).statusCode).toBe(200);
    // The second order expires unpaid; its exact amount arrives afterwards.
    await t.db.query(`update recharge_orders set expires_at = now() - interval '1 minute' where id = $1`, [
      o2.id,
    ]);
    // Two expired orders of one amount (placed > 1 day apart, so both could be reserved): a payment of it is ambiguous.
    const [x, y] = await Promise.all([loginAs(t, 2), loginAs(t, 2)]);
    const ambiguousAmount = '77.000100';
    const addr = (await t.db.query<{ id: number }>('select id from tron_addresses where shared'))[0]!.id;
    for (const who of [x, y])
      await t.db.query(
        `insert into recharge_orders (user_id, address_id, address, requested_amount, amount, status, expires_at, created_at)
         values ($1, $2, $3, 77, $4, 'expired', now() - interval '1 hour', now() - interval '2 hours')`,
        [who.userId, addr, shared, ambiguousAmount],
      );

    const watcher = watcherFor(t.db, t, fake.url);
    const paid = fake.add({ to: shared, amount: o1.amount });
    const paidLate = fake.add({ to: shared, amount: o2.amount });
    const afterCancel = fake.add({ to: shared, amount: o3.amount });
    const ambiguous = fake.add({ to: shared, amount: ambiguousAmount });
    const rounded = fake.add({ to: shared, amount: '25' });
    await watcher.runRound();

    expect(await balanceOf(onTime.userId)).toBe(o1.amount);
    expect(await balanceOf(late.userId)).toBe(o2.amount);
    expect(await balanceOf(cancelled.userId)).toBe('0.000000');
    expect(await balanceOf(x.userId)).toBe('0.000000');
    expect(await balanceOf(y.userId)).toBe('0.000000');
    const statusOf = async (txId: string) =>
      (
        await t.db.query<{ status: string; reason: string }>(
          'select status, reason from usdt_deposits where tx_id = $1',
          [txId],
        )
      )[0];
    expect(await statusOf(paid.txId)).toMatchObject({ status: 'credited' });
    expect(await statusOf(paidLate.txId)).toMatchObject({ status: 'credited' });
    expect(await statusOf(afterCancel.txId)).toMatchObject({ status: 'unmatched', reason: 'no_order' });
    expect(await statusOf(ambiguous.txId)).toMatchObject({ status: 'unmatched', reason: 'ambiguous' });
    expect(await statusOf(rounded.txId)).toMatchObject({ status: 'unmatched', reason: 'no_order' });
    const orders = await t.db.query<{ id: number; status: string }>(
      'select id, status from recharge_orders where id = any($1::int[]) order by id',
      [[o1.id, o2.id, o3.id]],
    );
    expect(orders.map((o) => o.status)).toEqual(['paid', 'paid', 'cancelled']);

    // The owner's list and finance detail show the deposit and its recharge entry.
    const own = (await get('/api/recharge/deposits', onTime.token)).json().data;
    expect(own.list).toHaveLength(1);
    expect(own.list[0]).toMatchObject({ txId: paid.txId, amount: o1.amount, status: 'credited' });
    const finance = (await get('/api/finance/records?type=recharge', onTime.token)).json().data;
    expect(finance.list[0]).toMatchObject({
      type: 'recharge',
      amount: o1.amount,
      reference: `deposit:${paid.txId}:0`,
    });

    // The administrators' queue: attach the ambiguous one to y, twice at once: credited once, audited.
    const queue = (await get('/api/admin/deposits?status=unmatched&pageSize=100', adminToken)).json().data;
    const item = queue.list.find((d: { txId: string }) => d.txId === ambiguous.txId);
    expect(item).toMatchObject({ reason: 'ambiguous', userId: null });
    const attach = () =>
      post(`/api/admin/deposits/${item.id}/attach`, adminToken, {
        username: y.username,
        note: 'paid for order 77',
      });
    const both = await Promise.all([attach(), attach()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(y.userId)).toBe(ambiguousAmount);
    const audits = await auditEntriesOf(t.db, 'usdt_deposit', item.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'attach', actor_name: ADMIN.username });
    const missing = await post(`/api/admin/deposits/${item.id + 100000}/attach`, adminToken, {
      username: y.username,
      note: 'x',
    });
    expectErrorEnvelope(missing, 404);
    const nobody = (await get('/api/admin/deposits?status=unmatched', adminToken)).json().data.list[0];
    const unknownUser = await post(
      `/api/admin/deposits/${nobody.id}/attach`,
      adminToken,
      { username: 'nobody_here', note: 'x' },
      'en-US',
    );
    expect(expectErrorEnvelope(unknownUser, 404).message).toBe('User nobody_here does not exist');
    await expectLedgerConsistent(t.db);
  });

  test('the recharge log filters in the URL and exports CSV in the caller language', async () => {
    const credited = (await get('/api/admin/deposits?status=credited', adminToken)).json().data;
    expect(credited.total).toBeGreaterThanOrEqual(3);
    const one = credited.list[0];
    const byTx = (await get(`/api/admin/deposits?keyword=${one.txId.slice(0, 20)}`, adminToken)).json().data;
    expect(byTx.list.map((d: { txId: string }) => d.txId)).toEqual([one.txId]);
    const byUser = (await get(`/api/admin/deposits?user=${one.username}`, adminToken)).json().data;
    expect(byUser.list.every((d: { username: string }) => d.username === one.username)).toBe(true);
    const csv = await get('/api/admin/deposits/export?status=credited', adminToken, 'en-US');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Transaction id');
    expect(csv.body).toContain(one.txId);
    const bad = await get('/api/admin/deposits?status=nope', adminToken, 'en-US');
    expect(expectErrorEnvelope(bad, 400).message).toContain('valid deposit status');
    const shared = (await get('/api/admin/tron-addresses?keyword=shared', adminToken)).json().data.list[0];
    expect(Number(shared.receivedTotal)).toBeGreaterThan(50);
  });

  test('permissions: customers see only their own; admin endpoints answer 403; a session is required', async () => {
    const customer = await loginAs(t, 2);
    for (const url of ['/api/admin/deposits', '/api/admin/deposits/export', '/api/admin/deposits/watcher'])
      expectErrorEnvelope(await get(url, customer.token), 403);
    expectErrorEnvelope(
      await post('/api/admin/deposits/1/attach', customer.token, { username: 'a', note: 'b' }),
      403,
    );
    const agent = await loginAs(t, 3);
    expectErrorEnvelope(await get('/api/recharge', agent.token), 403);
    expectErrorEnvelope(await post('/api/recharge/orders', agent.token, { amount: '10' }), 403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/recharge' });
    expect(anonymous.statusCode).toBe(401);
    // Another user's order cannot be cancelled.
    const [a, b] = await Promise.all([loginAs(t, 2), loginAs(t, 2)]);
    const order = (await post('/api/recharge/orders', a.token, { amount: '3' })).json().data;
    expectErrorEnvelope(await post(`/api/recharge/orders/${order.id}/cancel`, b.token, {}), 404);
  });
});

/** A session for a user made in the database by another test (their password is the helper's default). */
async function loginOwner(userId: number) {
  const [row] = await t.db.query<{ username: string }>('select username from users where id = $1', [userId]);
  return login(t, row!.username, 'secret123');
}
