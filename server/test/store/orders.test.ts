import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import {
  ADMIN,
  createTestApp,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
import {
  addNumbers,
  as,
  backdate,
  balanceOf,
  buyer,
  dataOf,
  entriesOf,
  expectLedgerConsistent,
  expectNoDoubleHolding,
  purchaseBody,
  receiveSms,
  type StoreWorld,
  storeWorld,
} from './store-helpers';

type Order = {
  id: number;
  orderNo: string;
  status: string;
  amount: string;
  refundedAmount: string;
  username: string;
  phoneList: string[];
  completedAt: string | null;
  cancelledAt: string | null;
  phones: {
    rentalId: number;
    phoneNumber: string;
    status: string;
    refunded: boolean;
    token: string;
    latestCode: string | null;
  }[];
};
type Page<T> = { list: T[]; total: number };

let t: TestApp;
let world: StoreWorld;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
});
afterAll(async () => {
  if (!t) return;
  await expectLedgerConsistent(t.db);
  await expectNoDoubleHolding(t.db);
  await t.close();
});

async function buy(b: Awaited<ReturnType<typeof buyer>>, overrides: Parameters<typeof purchaseBody>[1] = {}) {
  await addNumbers(t.db, { count: Number(overrides.quantity ?? 1) });
  return dataOf<Order>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world, overrides) }),
  );
}

describe("the buyer's orders", () => {
  test('list with filters, details with the phone list, exports as TXT and CSV', async () => {
    const b = await buyer(t, '50');
    const activation = await buy(b, { quantity: 2 });
    const rental = await buy(b, { validityOptionId: world.dayId });
    await receiveSms(t.db, activation.phones[0]!.rentalId, 'code 909090', '909090');

    const all = dataOf<Page<Order>>(await b.call({ method: 'GET', url: '/api/orders' }));
    expect(all.total).toBe(2);
    expect(all.list.map((o) => o.id)).toEqual([rental.id, activation.id]);
    const pending = dataOf<Page<Order>>(await b.call({ method: 'GET', url: '/api/orders?status=pending' }));
    expect(pending.list.map((o) => o.id)).toEqual([activation.id]);
    const rentals = dataOf<Page<Order>>(await b.call({ method: 'GET', url: '/api/orders?kind=rental' }));
    expect(rentals.list.map((o) => o.id)).toEqual([rental.id]);
    const byNumber = dataOf<Page<Order>>(
      await b.call({
        method: 'GET',
        url: `/api/orders?keyword=${encodeURIComponent(activation.phoneList[1]!)}`,
      }),
    );
    expect(byNumber.list.map((o) => o.id)).toEqual([activation.id]);
    const byOrderNo = dataOf<Page<Order>>(
      await b.call({ method: 'GET', url: `/api/orders?keyword=${rental.orderNo.toLowerCase()}` }),
    );
    expect(byOrderNo.list.map((o) => o.id)).toEqual([rental.id]);
    const sorted = dataOf<Page<Order>>(
      await b.call({ method: 'GET', url: '/api/orders?sortField=amount&sortOrder=ascend' }),
    );
    expect(sorted.list.map((o) => o.id)).toEqual([activation.id, rental.id]);
    const badStatus = await b.call({ method: 'GET', url: '/api/orders?status=lost', locale: 'en-US' });
    expect(expectErrorEnvelope(badStatus, 400).message).toContain(
      'The order status must be pending, completed or cancelled',
    );

    const detail = dataOf<Order>(await b.call({ method: 'GET', url: `/api/orders/${activation.id}` }));
    expect(detail.phones.map((p) => p.phoneNumber)).toEqual(activation.phoneList);
    expect(detail.phones[0]!.latestCode).toBe('909090');

    const txt = await b.call({ method: 'GET', url: `/api/orders/${activation.id}/phones?format=txt` });
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-type']).toMatch(/^text\/plain/);
    const lines = txt.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      `${activation.phoneList[0]}----http://localhost:80/api/code/${detail.phones[0]!.token}`,
    );

    const csv = await b.call({ method: 'GET', url: `/api/orders/${activation.id}/phones?format=csv` });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('phone_number,application,status,expires_at,latest_code,code_link');
    expect(csv.body).toContain('909090');

    const list = await b.call({ method: 'GET', url: '/api/orders/export?kind=activation' });
    expect(list.statusCode).toBe(200);
    const rows = list.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^order_no,username,application,country/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(activation.orderNo);
  });

  test("another user's order is 404, in the details and the exports", async () => {
    const owner = await buyer(t);
    const other = await buyer(t);
    const order = await buy(owner);
    expectErrorEnvelope(await other.call({ method: 'GET', url: `/api/orders/${order.id}` }), 404);
    expectErrorEnvelope(await other.call({ method: 'GET', url: `/api/orders/${order.id}/phones` }), 404);
    expect(dataOf<Page<Order>>(await other.call({ method: 'GET', url: '/api/orders' })).total).toBe(0);
    expect(
      (await other.call({ method: 'GET', url: '/api/orders/export' })).body.trim().split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('administrators: the order logs, complete and cancel', () => {
  test('every order, filtered by buyer; CSV export', async () => {
    const b = await buyer(t);
    const order = await buy(b);
    const page = dataOf<Page<Order>>(
      await admin({ method: 'GET', url: `/api/admin/orders?username=${b.username}` }),
    );
    expect(page.list.map((o) => o.id)).toEqual([order.id]);
    expect(page.list[0]!.username).toBe(b.username);
    expect(
      dataOf<Order>(await admin({ method: 'GET', url: `/api/admin/orders/${order.id}` })).phones,
    ).toHaveLength(1);
    const csv = await admin({ method: 'GET', url: `/api/admin/orders/export?username=${b.username}` });
    expect(csv.body).toContain(order.orderNo);
    const phones = await admin({ method: 'GET', url: `/api/admin/orders/${order.id}/phones?format=txt` });
    expect(phones.body).toContain(order.phoneList[0]);
  });

  test('complete finishes the open numbers without refund; only a pending order', async () => {
    const b = await buyer(t, '5');
    const order = await buy(b, { quantity: 2 });
    const balance = await balanceOf(t.db, b.userId);
    const done = dataOf<Order>(
      await admin({ method: 'POST', url: `/api/admin/orders/${order.id}/complete` }),
    );
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    expect(done.phones.map((p) => p.status)).toEqual(['finished', 'finished']);
    expect(await balanceOf(t.db, b.userId)).toBe(balance);
    for (const [locale, text] of [
      ['zh-CN', '只有待处理的订单可以完成或取消'],
      ['en-US', 'Only a pending order can be completed or cancelled'],
    ] as const) {
      const again = await admin({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel`, locale });
      expect(expectErrorEnvelope(again, 409).message).toBe(text);
    }
    const [log] = await t.db.query<{ action: string }>(
      `select action from audit_logs where entity = 'store_order' and entity_id = $1`,
      [String(order.id)],
    );
    expect(log!.action).toBe('complete');
  });

  test('cancel releases the numbers and refunds what was not refunded yet, once, even when repeated', async () => {
    const b = await buyer(t, '5');
    const order = await buy(b, { quantity: 3 });
    const [first, second] = order.phones;
    // One number already refunded by its owner, another got an SMS.
    await backdate(t.db, [first!.rentalId], { boughtMinutesAgo: 3 });
    await b.call({ method: 'POST', url: `/api/rentals/${first!.rentalId}/cancel` });
    await receiveSms(t.db, second!.rentalId);
    expect(await balanceOf(t.db, b.userId)).toBe('4.753088');

    const results = await Promise.all([
      admin({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel` }),
      admin({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const cancelled = dataOf<Order>(results.find((r) => r.statusCode === 200)!);
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedAmount: '0.370368', completedAt: null });
    expect(cancelled.phones.map((p) => [p.status, p.refunded])).toEqual([
      ['cancelled', true],
      ['cancelled', true],
      ['cancelled', true],
    ]);
    expect(await entriesOf(t.db, `refund:order:${order.id}`)).toEqual([
      { user_id: b.userId, type: 'refund', amount: '0.246912' },
    ]);
    expect(await balanceOf(t.db, b.userId)).toBe('5.000000');
    // Nothing left for the sweep to pay.
    await backdate(
      t.db,
      order.phones.map((p) => p.rentalId),
      { expired: true },
    );
    await sweepRentals(t.db, { cooldownMinutes: 0 });
    expect(await balanceOf(t.db, b.userId)).toBe('5.000000');
    const states = await t.db.query<{ state: string }>(
      `select p.state from phone_numbers p join rentals r on r.phone_number_id = p.id where r.order_id = $1`,
      [order.id],
    );
    expect(states.map((s) => s.state)).toEqual(['cooling_down', 'cooling_down', 'cooling_down']);
  });

  test('a completed day-rental order cannot be cancelled; unknown orders are 404', async () => {
    const b = await buyer(t, '5');
    const order = await buy(b, { validityOptionId: world.dayId });
    expect(
      expectErrorEnvelope(await admin({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel` }), 409)
        .error,
    ).toBe('ORDER_NOT_PENDING');
    expectErrorEnvelope(await admin({ method: 'POST', url: '/api/admin/orders/999999/cancel' }), 404);
    expectErrorEnvelope(await admin({ method: 'GET', url: '/api/admin/orders/999999' }), 404);
  });
});

describe('the catalog rows an order uses', () => {
  test('cannot be deleted (the catalog answers "in use"; disabling stays possible)', async () => {
    const w = await storeWorld(t.db);
    const [three] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'GB' and code = 'three'`,
    );
    await addNumbers(t.db, {
      country: 'GB',
      dial: '+44',
      operatorCode: 'three',
      count: 1,
      prefix: '+447500',
    });
    const b = await buyer(t);
    dataOf(
      await b.call({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(w, { countryCode: 'GB', operatorId: three!.id }),
      }),
    );
    // Even once the rental has ended, the order still names them.
    await t.db.query(`update rentals set status = 'expired', ended_at = now() where application_id = $1`, [
      w.appId,
    ]);
    expect(
      expectErrorEnvelope(await admin({ method: 'DELETE', url: `/api/admin/applications/${w.appId}` }), 409)
        .error,
    ).toBe('APPLICATION_IN_USE');
    expect(
      expectErrorEnvelope(await admin({ method: 'DELETE', url: `/api/admin/operators/${three!.id}` }), 409)
        .error,
    ).toBe('OPERATOR_IN_USE');
    const [validity] = await t.db.query<{ id: number }>(
      `insert into validity_options (kind, minutes, name_zh, name_en) values ('rental', 2880, '租用 2 天', 'Rental, 2 days') returning id`,
    );
    await t.db.query(
      `insert into price_rules (application_id, card_type, validity_option_id, price) values ($1, 'new', $2, 2)`,
      [w.appId, validity!.id],
    );
    await addNumbers(t.db, { count: 1 });
    dataOf(
      await b.call({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(w, { validityOptionId: validity!.id }),
      }),
    );
    expect(
      expectErrorEnvelope(
        await admin({ method: 'DELETE', url: `/api/admin/validity-options/${validity!.id}` }),
        409,
      ).error,
    ).toBe('VALIDITY_OPTION_IN_USE');
  });
});

describe('permissions', () => {
  const customerRoutes = [
    ['GET', '/api/store/availability?applicationId=1', 'api:store'],
    ['POST', '/api/store/orders', 'api:store'],
    ['GET', '/api/orders', 'api:orders'],
    ['GET', '/api/orders/export', 'api:orders'],
    ['GET', '/api/orders/1', 'api:orders'],
    ['GET', '/api/rentals', 'api:manage'],
    ['POST', '/api/rentals/1/pause', 'api:manage'],
  ] as const;
  const adminRoutes = [
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/orders/export'],
    ['POST', '/api/admin/orders/1/complete'],
    ['POST', '/api/admin/orders/1/cancel'],
    ['GET', '/api/admin/rentals'],
    ['POST', '/api/admin/rentals/1/suspend'],
  ] as const;

  test('customers use the store, orders and rentals; agents (no defaults) get 403; admin endpoints are 403 for both', async () => {
    const customer = await loginAs(t, USER_TYPE.CUSTOMER);
    const agent = await loginAs(t, USER_TYPE.AGENT);
    const call = (token: string, method: string, url: string) =>
      t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` } });
    for (const [method, url] of customerRoutes) {
      expect((await call(customer.token, method, url)).statusCode, url).not.toBe(403);
      expectErrorEnvelope(await call(agent.token, method, url), 403);
    }
    for (const [method, url] of adminRoutes) {
      expectErrorEnvelope(await call(customer.token, method, url), 403);
      expectErrorEnvelope(await call(agent.token, method, url), 403);
    }
    for (const [method, url] of [...customerRoutes, ...adminRoutes]) {
      expectErrorEnvelope(await t.app.inject({ method: method as 'GET', url }), 401);
    }
  });

  test('an agent granted api:store and api:orders may buy and see its orders; a revoked customer may not', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    await setUserPermission(t.db, agent.userId, 'api:store', 'grant');
    await setUserPermission(t.db, agent.userId, 'api:orders', 'grant');
    const { fund } = await import('./store-helpers');
    await fund(t.db, agent.userId, '1');
    await addNumbers(t.db, { count: 1 });
    const call = as(t, agent.token);
    const order = dataOf<Order>(
      await call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
    );
    expect(dataOf<Order>(await call({ method: 'GET', url: `/api/orders/${order.id}` })).id).toBe(order.id);
    expectErrorEnvelope(await call({ method: 'GET', url: '/api/rentals' }), 403);

    const customer = await buyer(t);
    await setUserPermission(t.db, customer.userId, 'api:store', 'revoke');
    expectErrorEnvelope(
      await customer.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
      403,
    );
  });
});
