import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { ADMIN, createTestApp, expectErrorEnvelope, login, type TestApp } from '../helpers';
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

type Rental = {
  id: number;
  orderId: number;
  status: string;
  token: string;
  kind: string;
  price: string;
  latestCode: string | null;
  refundedAmount: string | null;
  waitingForAnother: boolean;
  cancellableAt: string | null;
  phoneNumber: string;
};
type Order = {
  id: number;
  status: string;
  refundedAmount: string;
  token: string;
  phones: { rentalId: number }[];
};

let t: TestApp;
let world: StoreWorld;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp({ STORE_COOLDOWN_MINUTES: '10' });
  world = await storeWorld(t.db);
  admin = as(t, await login(t, ADMIN.username, ADMIN.password));
});
afterAll(async () => {
  if (!t) return;
  await expectLedgerConsistent(t.db);
  await expectNoDoubleHolding(t.db);
  await t.close();
});

const sweep = () => sweepRentals(t.db, { cooldownMinutes: t.config.storeCooldownMinutes });

/** Buys `quantity` numbers and returns the order and its rental ids. */
async function buy(b: Awaited<ReturnType<typeof buyer>>, overrides: Parameters<typeof purchaseBody>[1] = {}) {
  await addNumbers(t.db, { count: Number(overrides.quantity ?? 1) });
  const order = dataOf<Order>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world, overrides) }),
  );
  return { order, ids: order.phones.map((p) => p.rentalId) };
}

const post = (
  b: { call: ReturnType<typeof as> },
  id: number,
  action: string,
  locale: 'zh-CN' | 'en-US' = 'zh-CN',
) => b.call({ method: 'POST', url: `/api/rentals/${id}/${action}`, locale });

describe('cancelling an activation', () => {
  test('is refused in its first 2 minutes, with the seconds left', async () => {
    const b = await buyer(t);
    const { ids } = await buy(b);
    const rental = dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${ids[0]}` }));
    expect(Date.parse(rental.cancellableAt!) - Date.now()).toBeGreaterThan(100_000);
    for (const [locale, pattern] of [
      ['zh-CN', /^购买 2 分钟后才能取消，请 (1[01]\d|120) 秒后再试$/],
      [
        'en-US',
        /^An activation can be cancelled 2 minutes after purchase; try again in (1[01]\d|120) seconds$/,
      ],
    ] as const) {
      const res = await post(b, ids[0]!, 'cancel', locale);
      expect(expectErrorEnvelope(res, 409).error).toBe('ACTIVATION_CANCEL_TOO_EARLY');
      expect(res.json().message).toMatch(pattern);
    }
    expect(await entriesOf(t.db, `refund:rental:${ids[0]}`)).toEqual([]);
  });

  test('after 2 minutes without an SMS it is refunded exactly once, however often it is asked', async () => {
    const b = await buyer(t, '1');
    const { order, ids } = await buy(b);
    await backdate(t.db, ids, { boughtMinutesAgo: 3 });
    expect(await balanceOf(t.db, b.userId)).toBe('0.876544');
    const results = await Promise.all([
      post(b, ids[0]!, 'cancel'),
      post(b, ids[0]!, 'cancel'),
      post(b, ids[0]!, 'cancel'),
    ]);
    for (const res of results)
      expect(dataOf<Rental>(res)).toMatchObject({ status: 'cancelled', refundedAmount: '0.123456' });
    const again = dataOf<Rental>(await post(b, ids[0]!, 'cancel'));
    expect(again.status).toBe('cancelled');
    expect(await entriesOf(t.db, `refund:rental:${ids[0]}`)).toEqual([
      { user_id: b.userId, type: 'refund', amount: '0.123456' },
    ]);
    expect(await balanceOf(t.db, b.userId)).toBe('1.000000');
    // Its only number refunded: the order is cancelled (refunded).
    const stored = dataOf<Order>(await b.call({ method: 'GET', url: `/api/orders/${order.id}` }));
    expect(stored).toMatchObject({ status: 'cancelled', refundedAmount: '0.123456' });
    // The sweep later finds nothing to refund.
    await backdate(t.db, ids, { expired: true });
    await sweep();
    expect(await balanceOf(t.db, b.userId)).toBe('1.000000');
  });

  test('is refused once an SMS arrived (finish it instead), and for a day rental', async () => {
    const b = await buyer(t);
    const { ids } = await buy(b);
    await backdate(t.db, ids, { boughtMinutesAgo: 3 });
    await receiveSms(t.db, ids[0]!);
    const res = await post(b, ids[0]!, 'cancel', 'en-US');
    expect(expectErrorEnvelope(res, 409).error).toBe('ACTIVATION_CODE_RECEIVED');
    const rental = await buy(b, { validityOptionId: world.dayId });
    expect(expectErrorEnvelope(await post(b, rental.ids[0]!, 'cancel'), 409).error).toBe('ACTIVATION_ONLY');
  });
});

describe('another SMS and finish', () => {
  test('another SMS needs a first one and waits for the next; finish ends it without refund and settles the order', async () => {
    const b = await buyer(t);
    const { order, ids } = await buy(b);
    const id = ids[0]!;
    expect(expectErrorEnvelope(await post(b, id, 'another-sms'), 409).error).toBe('ACTIVATION_NO_CODE_YET');
    expect(expectErrorEnvelope(await post(b, id, 'finish'), 409).error).toBe('ACTIVATION_NO_CODE_YET');
    await receiveSms(t.db, id, 'Your code is 111222', '111222');
    const waiting = dataOf<Rental>(await post(b, id, 'another-sms'));
    expect(waiting).toMatchObject({
      status: 'active',
      latestCode: '111222',
      waitingForAnother: true,
      cancellableAt: null,
    });
    await new Promise((r) => setTimeout(r, 5));
    await receiveSms(t.db, id, 'Your code is 333444', '333444');
    const got = dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${id}` }));
    expect(got).toMatchObject({ latestCode: '333444', waitingForAnother: false });

    const balance = await balanceOf(t.db, b.userId);
    const finished = dataOf<Rental>(await post(b, id, 'finish'));
    expect(finished).toMatchObject({ status: 'finished', refundedAmount: null });
    expect(dataOf<Rental>(await post(b, id, 'finish')).status).toBe('finished');
    expect(await balanceOf(t.db, b.userId)).toBe(balance);
    expect(dataOf<Order>(await b.call({ method: 'GET', url: `/api/orders/${order.id}` })).status).toBe(
      'completed',
    );
    const [number] = await t.db.query<{ state: string }>(
      'select p.state from phone_numbers p join rentals r on r.phone_number_id = p.id where r.id = $1',
      [id],
    );
    expect(number!.state).toBe('cooling_down');
    expect(expectErrorEnvelope(await post(b, id, 'another-sms'), 409).error).toBe('RENTAL_ENDED');
  });
});

describe('pause, resume and suspension', () => {
  test('the owner pauses and resumes; the code link answers no code while paused', async () => {
    const b = await buyer(t);
    const { ids } = await buy(b, { validityOptionId: world.dayId });
    const id = ids[0]!;
    await receiveSms(t.db, id, 'code 765432', '765432');
    const rental = dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${id}` }));
    const link = () => t.app.inject({ method: 'GET', url: `/api/code/${rental.token}` });
    expect(dataOf<{ items: { code: string | null }[] }>(await link()).items[0]!.code).toBe('765432');

    expect(dataOf<Rental>(await post(b, id, 'pause')).status).toBe('inactive');
    expect(dataOf<Rental>(await post(b, id, 'pause')).status).toBe('inactive');
    expect(dataOf<{ items: { code: string | null; status: string }[] }>(await link()).items[0]).toMatchObject(
      {
        code: null,
        status: 'inactive',
      },
    );
    expect(dataOf<Rental>(await post(b, id, 'resume')).status).toBe('active');
    expect(dataOf<Rental>(await post(b, id, 'resume')).status).toBe('active');
    expect(dataOf<{ items: { code: string | null }[] }>(await link()).items[0]!.code).toBe('765432');
  });

  test('an administrator suspends (audited); the owner can no longer pause or read codes until it is lifted', async () => {
    const b = await buyer(t);
    const { ids } = await buy(b, { validityOptionId: world.dayId });
    const id = ids[0]!;
    expectErrorEnvelope(await b.call({ method: 'POST', url: `/api/admin/rentals/${id}/suspend` }), 403);
    expect(
      dataOf<Rental>(await admin({ method: 'POST', url: `/api/admin/rentals/${id}/suspend` })).status,
    ).toBe('suspended');
    const res = await post(b, id, 'pause', 'en-US');
    expect(expectErrorEnvelope(res, 409).message).toBe(
      'This number was suspended by an administrator, please contact support',
    );
    const [log] = await t.db.query<{ action: string; after: { status: string } }>(
      `select action, after from audit_logs where entity = 'rental' and entity_id = $1 order by id desc limit 1`,
      [String(id)],
    );
    expect(log).toMatchObject({ action: 'suspend', after: { status: 'suspended' } });
    expect(
      dataOf<Rental>(await admin({ method: 'POST', url: `/api/admin/rentals/${id}/unsuspend` })).status,
    ).toBe('active');
    expect(
      expectErrorEnvelope(await admin({ method: 'POST', url: `/api/admin/rentals/${id}/unsuspend` }), 409)
        .error,
    ).toBe('RENTAL_NOT_SUSPENDED');
    const list = dataOf<{ total: number; list: Rental[] }>(
      await admin({
        method: 'GET',
        url: `/api/admin/rentals?orderId=${dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${id}` })).orderId}`,
      }),
    );
    expect(list.list.map((r) => r.id)).toEqual([id]);
  });
});

describe('the code link', () => {
  test('a rental token gives its latest code; an order token gives every number; no login needed', async () => {
    const b = await buyer(t);
    const { order, ids } = await buy(b, { quantity: 2 });
    await receiveSms(t.db, ids[1]!, 'G-123456 is your code', '123456');
    const first = dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${ids[1]}` }));
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/code/${first.token}`,
      headers: { 'x-locale': 'en-US' },
    });
    expect(one.headers['cache-control']).toBe('no-store');
    expect(dataOf(one)).toMatchObject({
      kind: 'rental',
      items: [
        {
          phoneNumber: first.phoneNumber,
          code: '123456',
          text: 'G-123456 is your code',
          sender: 'TestSender',
        },
      ],
    });
    expect(dataOf<{ items: { applicationName: string }[] }>(one).items[0]!.applicationName).toMatch(
      /^Test app/,
    );
    const all = dataOf<{ kind: string; items: { code: string | null }[] }>(
      await t.app.inject({ method: 'GET', url: `/api/code/${order.token}` }),
    );
    expect(all.kind).toBe('order');
    expect(all.items.map((i) => i.code)).toEqual([null, '123456']);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/code/not-a-real-token-000000',
      headers: { 'x-locale': 'en-US' },
    });
    expect(expectErrorEnvelope(unknown, 404).message).toBe('This code link is not valid');
  });
});

describe('the sweep', () => {
  test('refunds activations that got no SMS exactly once, even when two sweeps run at the same time', async () => {
    const b = await buyer(t, '2');
    const c = await buyer(t, '2');
    const mine = await buy(b, { quantity: 3 });
    const theirs = await buy(c, { quantity: 2 });
    await receiveSms(t.db, mine.ids[2]!);
    await backdate(t.db, [...mine.ids, ...theirs.ids], { expired: true });

    const results = await Promise.all([sweep(), sweep(), sweep()]);
    expect(results.reduce((n, r) => n + r.refunded, 0)).toBe(4);
    expect((await sweep()).ended).toBe(0);

    // 2 of b's 3 (one got an SMS), all of c's 2.
    expect(await balanceOf(t.db, b.userId)).toBe('1.876544');
    expect(await balanceOf(t.db, c.userId)).toBe('2.000000');
    for (const id of [mine.ids[0], mine.ids[1], ...theirs.ids]) {
      expect(await entriesOf(t.db, `refund:rental:${id}`)).toHaveLength(1);
    }
    expect(await entriesOf(t.db, `refund:rental:${mine.ids[2]}`)).toEqual([]);
    const statuses = await t.db.query<{ id: number; status: string }>(
      'select id, status from rentals where id = any($1::int[]) order by id',
      [[...mine.ids, ...theirs.ids]],
    );
    expect(statuses.map((s) => s.status)).toEqual(['expired', 'expired', 'finished', 'expired', 'expired']);
    expect(dataOf<Order>(await b.call({ method: 'GET', url: `/api/orders/${mine.order.id}` }))).toMatchObject(
      {
        status: 'completed',
        refundedAmount: '0.246912',
      },
    );
    expect(
      dataOf<Order>(await c.call({ method: 'GET', url: `/api/orders/${theirs.order.id}` })),
    ).toMatchObject({
      status: 'cancelled',
      refundedAmount: '0.246912',
    });
  });

  test('day rentals expire at their end without refund; the number cools down, then returns to stock', async () => {
    const b = await buyer(t, '5');
    const { ids } = await buy(b, { validityOptionId: world.dayId });
    const [{ phone_number_id: phoneId }] = (await t.db.query<{ phone_number_id: number }>(
      'select phone_number_id from rentals where id = $1',
      [ids[0]],
    )) as [{ phone_number_id: number }];
    const balance = await balanceOf(t.db, b.userId);
    await backdate(t.db, ids, { expired: true });
    await sweep();
    expect(dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${ids[0]}` })).status).toBe(
      'expired',
    );
    expect(await balanceOf(t.db, b.userId)).toBe(balance);
    const state = async () =>
      (await t.db.query<{ state: string }>('select state from phone_numbers where id = $1', [phoneId]))[0]!
        .state;
    expect(await state()).toBe('cooling_down');
    await sweep();
    expect(await state()).toBe('cooling_down');
    await t.db.query(`update phone_numbers set cooldown_until = now() - interval '1 second' where id = $1`, [
      phoneId,
    ]);
    expect((await sweep()).cooled).toBeGreaterThanOrEqual(1);
    expect(await state()).toBe('available');
  });
});

describe("another user's rentals", () => {
  test('are 404 for every action, and missing from the list', async () => {
    const owner = await buyer(t);
    const other = await buyer(t);
    const { ids } = await buy(owner);
    await backdate(t.db, ids, { boughtMinutesAgo: 5 });
    expectErrorEnvelope(await other.call({ method: 'GET', url: `/api/rentals/${ids[0]}` }), 404);
    for (const action of ['pause', 'resume', 'cancel', 'another-sms', 'finish']) {
      expectErrorEnvelope(await post(other, ids[0]!, action), 404);
    }
    expect(dataOf<{ total: number }>(await other.call({ method: 'GET', url: '/api/rentals' })).total).toBe(0);
    expect(dataOf<Rental>(await owner.call({ method: 'GET', url: `/api/rentals/${ids[0]}` })).status).toBe(
      'active',
    );
  });
});
