import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import {
  addNumbers,
  backdate,
  balanceOf,
  buyer,
  dataOf,
  entriesOf,
  expectLedgerConsistent,
  expectNoDoubleHolding,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from './store-helpers';

type OrderDetail = {
  id: number;
  orderNo: string;
  status: string;
  amount: string;
  unitPrice: string;
  quantity: number;
  cardType: string;
  token: string;
  prefix: string;
  operatorId: number | null;
  validityKind: string;
  validDays: number;
  phoneList: string[];
  phones: { rentalId: number; phoneNumber: string; status: string; token: string; expiresAt: string }[];
};

let t: TestApp;
let world: StoreWorld;
beforeAll(async () => {
  t = await createTestApp({ STORE_MAX_QUANTITY: '5', STORE_COOLDOWN_MINUTES: '10' });
  world = await storeWorld(t.db);
});
afterAll(() => t?.close());

const BUY = { method: 'POST', url: '/api/store/orders' } as const;

/** What a refused purchase must leave: nothing at all. */
async function counts() {
  const [row] = await t.db.query<Record<string, number>>(
    `select (select count(*)::int from store_orders) as orders, (select count(*)::int from rentals) as rentals,
       (select count(*)::int from ledger_entries where type = 'consume') as charges,
       (select count(*)::int from phone_number_app_usage) as usages,
       (select count(*)::int from phone_numbers where state = 'in_use') as in_use`,
  );
  return row!;
}

describe('spec §5 store-order rules, with their messages in zh-CN and en-US', () => {
  test('application required', async () => {
    const b = await buyer(t);
    const { applicationId: _, ...body } = purchaseBody(world);
    for (const [locale, text] of [
      ['zh-CN', '请选择应用'],
      ['en-US', 'Please choose an application'],
    ] as const) {
      const res = await b.call({ ...BUY, payload: body, locale });
      expect(expectErrorEnvelope(res, 400).message).toContain(text);
      const empty = await b.call({ ...BUY, payload: { ...body, applicationId: '' }, locale });
      expect(expectErrorEnvelope(empty, 400).message).toContain(text);
    }
  });

  test('quantity above 0', async () => {
    const b = await buyer(t);
    for (const quantity of [0, -1, 1.5, 'x']) {
      for (const [locale, text] of [
        ['zh-CN', '购买数量必须是大于 0 的整数'],
        ['en-US', 'The quantity must be a whole number above 0'],
      ] as const) {
        const res = await b.call({ ...BUY, payload: purchaseBody(world, { quantity }), locale });
        expect(expectErrorEnvelope(res, 400).message).toContain(text);
      }
    }
  });

  test('quantity not above the maximum purchasable (STORE_MAX_QUANTITY)', async () => {
    const b = await buyer(t);
    await addNumbers(t.db, { count: 6 });
    const before = await counts();
    for (const [locale, text] of [
      ['zh-CN', '购买数量不能超过单次最大可购买数量 5'],
      ['en-US', 'The quantity cannot be above the maximum purchasable per order, 5'],
    ] as const) {
      const res = await b.call({ ...BUY, payload: purchaseBody(world, { quantity: 6 }), locale });
      expect(expectErrorEnvelope(res, 400).error).toBe('QUANTITY_ABOVE_MAX');
      expect(res.json().message).toBe(text);
    }
    expect(await counts()).toEqual(before);
  });

  test('stock must suffice: none at all', async () => {
    const b = await buyer(t);
    for (const [locale, text] of [
      ['zh-CN', '库存不足，请选择其他国家、运营商或卡类型'],
      ['en-US', 'Insufficient stock, please choose another country, operator or card type'],
    ] as const) {
      const res = await b.call({ ...BUY, payload: purchaseBody(world, { countryCode: 'FR' }), locale });
      expect(expectErrorEnvelope(res, 400).error).toBe('STOCK_INSUFFICIENT');
      expect(res.json().message).toBe(text);
    }
  });

  test('a chosen validity needs enough stock: partial stock is refused, with max, available and needed, and nothing is written', async () => {
    const b = await buyer(t);
    await addNumbers(t.db, { country: 'DE', dial: '+49', count: 3, prefix: '+49151' });
    const balance = await balanceOf(t.db, b.userId);
    const before = await counts();
    for (const [locale, text] of [
      ['zh-CN', '所选有效期库存不足：最多可购买 3 个，当前可用 3 个，需要 4 个，请减少数量或选择其他有效期'],
      [
        'en-US',
        'Not enough stock for the chosen validity: at most 3 can be bought, 3 available, 4 needed; reduce the quantity or pick another validity',
      ],
    ] as const) {
      const res = await b.call({
        ...BUY,
        payload: purchaseBody(world, { countryCode: 'DE', quantity: 4, validityOptionId: world.dayId }),
        locale,
      });
      expect(expectErrorEnvelope(res, 400).error).toBe('VALIDITY_STOCK_INSUFFICIENT');
      expect(res.json().message).toBe(text);
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(t.db, b.userId)).toBe(balance);
    // The three are still there for whoever buys three.
    const ok = dataOf<OrderDetail>(
      await b.call({
        ...BUY,
        payload: purchaseBody(world, { countryCode: 'DE', quantity: 3, validityOptionId: world.dayId }),
      }),
    );
    expect(ok.phoneList).toHaveLength(3);
  });

  test('balance must cover the total: insufficient balance, the needed amount in USDT, recharge first', async () => {
    const poor = await buyer(t, '0.2');
    await addNumbers(t.db, { count: 2 });
    const before = await counts();
    for (const [locale, text] of [
      ['zh-CN', '余额不足，需要 0.246912 USDT，请先充值'],
      ['en-US', 'Insufficient balance: 0.246912 USDT needed, please recharge first'],
    ] as const) {
      const res = await poor.call({ ...BUY, payload: purchaseBody(world, { quantity: 2 }), locale });
      expect(expectErrorEnvelope(res, 400).error).toBe('INSUFFICIENT_BALANCE');
      expect(res.json().message).toBe(text);
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(t.db, poor.userId)).toBe('0.200000');
  });

  test('unknown or disabled choices, an operator of another country, an unpriced combination', async () => {
    const b = await buyer(t);
    const unavailable = async (body: object) => {
      const res = await b.call({ ...BUY, payload: purchaseBody(world, body) });
      expect(expectErrorEnvelope(res, 400).error).toBe('STORE_CHOICE_UNAVAILABLE');
    };
    await unavailable({ applicationId: 999_999 });
    await unavailable({ validityOptionId: 999_999 });
    await unavailable({ countryCode: 'ZZ' });
    const [disabled] = await t.db.query<{ id: number }>(
      `insert into applications (code, name_zh, name_en, enabled) values ('offapp', '下架', 'Off', false) returning id`,
    );
    await unavailable({ applicationId: disabled!.id });

    const [gbOperator] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'GB' and code = 'ee'`,
    );
    const mismatch = await b.call({ ...BUY, payload: purchaseBody(world, { operatorId: gbOperator!.id }) });
    expect(expectErrorEnvelope(mismatch, 400).error).toBe('OPERATOR_COUNTRY_MISMATCH');

    const [bare] = await t.db.query<{ id: number }>(
      `insert into applications (code, name_zh, name_en) values ('nopri', '无价', 'Unpriced') returning id`,
    );
    await t.db.query('update price_rules set enabled = false where application_id is null');
    try {
      const res = await b.call({
        ...BUY,
        payload: purchaseBody(world, { applicationId: bare!.id }),
        locale: 'en-US',
      });
      expect(expectErrorEnvelope(res, 400).error).toBe('PRICE_NOT_SET');
    } finally {
      await t.db.query('update price_rules set enabled = true where application_id is null');
    }
  });
});

describe('a purchase', () => {
  test('charges the exact amount once through the ledger and records every spec §3 field', async () => {
    const b = await buyer(t, '10');
    await addNumbers(t.db, { count: 3 });
    const order = dataOf<OrderDetail>(
      await b.call({ ...BUY, payload: purchaseBody(world, { quantity: 3 }) }),
    );
    expect(order).toMatchObject({
      quantity: 3,
      unitPrice: '0.123456',
      amount: '0.370368',
      status: 'pending',
      cardType: 'new',
      validityKind: 'activation',
      prefix: '+1',
      operatorId: null,
      validDays: 0.0139,
    });
    expect(order.orderNo).toMatch(/^SO\d{16}$/);
    expect(order.token).toMatch(/^[\w-]{24}$/);
    expect(order.phones).toHaveLength(3);
    expect(new Set(order.phones.map((p) => p.token)).size).toBe(3);
    expect(await balanceOf(t.db, b.userId)).toBe('9.629632');
    expect(await entriesOf(t.db, `order:${order.id}`)).toEqual([
      { user_id: b.userId, type: 'consume', amount: '-0.370368' },
    ]);

    // The stored order has every field of spec §3 and matches what the purchase answered.
    const stored = dataOf<OrderDetail & Record<string, unknown>>(
      await b.call({ method: 'GET', url: `/api/orders/${order.id}` }),
    );
    for (const field of [
      'orderNo',
      'username',
      'applicationCode',
      'countryCode',
      'operatorName',
      'prefix',
      'quantity',
      'amount',
      'smsType',
      'validDays',
      'status',
      'cardType',
      'createdAt',
      'completedAt',
      'phoneList',
      'token',
    ]) {
      expect(stored, field).toHaveProperty(field);
    }
    expect(stored).toMatchObject({ ...order, phones: order.phones.map((p) => expect.objectContaining(p)) });
    await expectLedgerConsistent(t.db);
  });

  test('a day rental order is completed at once; its numbers expire at the end of the validity', async () => {
    const b = await buyer(t, '20');
    await addNumbers(t.db, { count: 2 });
    const order = dataOf<OrderDetail>(
      await b.call({
        ...BUY,
        payload: purchaseBody(world, { quantity: 2, validityOptionId: world.weekId, smsType: 'voice' }),
      }),
    );
    expect(order).toMatchObject({ status: 'completed', amount: '14.000000', validDays: 7 });
    const days = (Date.parse(order.phones[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  test('an idempotency key makes a retry return the same order, charged once; another body with it is refused', async () => {
    const b = await buyer(t, '10');
    await addNumbers(t.db, { count: 3 });
    const key = 'retry-key-0001';
    const first = dataOf<OrderDetail>(
      await b.call({ ...BUY, payload: purchaseBody(world), headers: { 'idempotency-key': key } }),
    );
    const again = dataOf<OrderDetail>(
      await b.call({ ...BUY, payload: purchaseBody(world), headers: { 'idempotency-key': key } }),
    );
    expect(again.id).toBe(first.id);
    expect(again.phoneList).toEqual(first.phoneList);
    // The same key in the body works the same way.
    const viaBody = dataOf<OrderDetail>(
      await b.call({ ...BUY, payload: purchaseBody(world, { idempotencyKey: key }) }),
    );
    expect(viaBody.id).toBe(first.id);
    const [{ n }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_entries where user_id = $1 and type = 'consume'`,
      [b.userId],
    )) as [{ n: number }];
    expect(n).toBe(1);
    const other = await b.call({
      ...BUY,
      payload: purchaseBody(world, { quantity: 2 }),
      headers: { 'idempotency-key': key },
    });
    expect(expectErrorEnvelope(other, 409).error).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys are per user: another user's same key is a new order.
    const c = await buyer(t, '10');
    const theirs = dataOf<OrderDetail>(
      await c.call({ ...BUY, payload: purchaseBody(world), headers: { 'idempotency-key': key } }),
    );
    expect(theirs.id).not.toBe(first.id);
    const bad = await b.call({ ...BUY, payload: purchaseBody(world), headers: { 'idempotency-key': 'x' } });
    expectErrorEnvelope(bad, 400);
  });

  test('concurrent retries with one key make one order', async () => {
    const b = await buyer(t, '10');
    await addNumbers(t.db, { count: 5 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        b.call({ ...BUY, payload: purchaseBody(world), headers: { 'idempotency-key': 'race-key-0001' } }),
      ),
    );
    const ids = new Set(results.map((r) => dataOf<OrderDetail>(r).id));
    expect(ids.size).toBe(1);
    expect(await balanceOf(t.db, b.userId)).toBe('9.876544');
  });
});

describe('allocation: new and used cards, never two holders', () => {
  test('a number is sold as new for an application once, as used afterwards (after the cooldown), and as new for another application meanwhile', async () => {
    const own = await storeWorld(t.db);
    const other = await storeWorld(t.db);
    const [number] = await addNumbers(t.db, { country: 'NL', dial: '+31', count: 1, prefix: '+3161' });
    const b = await buyer(t, '20');
    const nl = (w: StoreWorld, cardType: 'new' | 'used') => purchaseBody(w, { countryCode: 'NL', cardType });

    const first = dataOf<OrderDetail>(await b.call({ ...BUY, payload: nl(own, 'new') }));
    expect(first.phoneList).toEqual([number!.number]);
    // Held for `own`: neither new nor used for it now.
    expect(expectErrorEnvelope(await b.call({ ...BUY, payload: nl(own, 'new') }), 400).error).toBe(
      'STOCK_INSUFFICIENT',
    );
    expect(expectErrorEnvelope(await b.call({ ...BUY, payload: nl(own, 'used') }), 400).error).toBe(
      'STOCK_INSUFFICIENT',
    );
    // A new card for another application, at the same time.
    const forOther = dataOf<OrderDetail>(await b.call({ ...BUY, payload: nl(other, 'new') }));
    expect(forOther.phoneList).toEqual([number!.number]);

    // The rental for `own` ends; the number cools down for it, then is sold as used, never as new again.
    await backdate(t.db, [first.phones[0]!.rentalId], { boughtMinutesAgo: 5 });
    await b.call({ method: 'POST', url: `/api/rentals/${first.phones[0]!.rentalId}/cancel` });
    expect(expectErrorEnvelope(await b.call({ ...BUY, payload: nl(own, 'used') }), 400).error).toBe(
      'STOCK_INSUFFICIENT',
    );
    await t.db.query(`update rentals set ended_at = now() - interval '11 minutes' where id = $1`, [
      first.phones[0]!.rentalId,
    ]);
    expect(expectErrorEnvelope(await b.call({ ...BUY, payload: nl(own, 'new') }), 400).error).toBe(
      'STOCK_INSUFFICIENT',
    );
    const used = dataOf<OrderDetail>(await b.call({ ...BUY, payload: nl(own, 'used') }));
    expect(used).toMatchObject({ cardType: 'used', unitPrice: '0.061728', phoneList: [number!.number] });

    const [usage] = await t.db.query<{ use_count: number }>(
      'select use_count from phone_number_app_usage where phone_number_id = $1 and application_id = $2',
      [number!.id, own.appId],
    );
    expect(usage!.use_count).toBe(2);
    const [state] = await t.db.query<{ state: string }>('select state from phone_numbers where id = $1', [
      number!.id,
    ]);
    expect(state!.state).toBe('in_use');
    await expectNoDoubleHolding(t.db);
  });

  test('the database itself refuses a second holder of a number for an application', async () => {
    const [row] = await t.db.query<{
      phone_number_id: number;
      application_id: number;
      order_id: number;
      user_id: number;
    }>(
      `select phone_number_id, application_id, order_id, user_id from rentals where status = 'active' limit 1`,
    );
    await expect(
      t.db.query(
        `insert into rentals (order_id, user_id, phone_number_id, phone_number, application_id, country_code, card_type, kind,
           validity_minutes, price, token, expires_at)
         values ($1, $2, $3, '+10000000', $4, 'US', 'used', 'activation', 20, 0, 'dup-token-000000000000', now())`,
        [row!.order_id, row!.user_id, row!.phone_number_id, row!.application_id],
      ),
    ).rejects.toThrow();
    await expect(
      t.db.query('insert into phone_number_app_usage (phone_number_id, application_id) values ($1, $2)', [
        row!.phone_number_id,
        row!.application_id,
      ]),
    ).rejects.toThrow();
  });

  test('an operator and a prefix narrow the numbers; disabled numbers and operators are never sold', async () => {
    const w = await storeWorld(t.db);
    const [ee] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'GB' and code = 'ee'`,
    );
    const eeNumbers = await addNumbers(t.db, {
      country: 'GB',
      dial: '+44',
      operatorCode: 'ee',
      count: 2,
      prefix: '+447700',
    });
    const o2Numbers = await addNumbers(t.db, {
      country: 'GB',
      dial: '+44',
      operatorCode: 'o2',
      count: 2,
      prefix: '+447900',
    });
    const b = await buyer(t, '20');
    const gb = (extra: object) => purchaseBody(w, { countryCode: 'GB', ...extra });

    const byOperator = dataOf<OrderDetail>(
      await b.call({ ...BUY, payload: gb({ operatorId: ee!.id, quantity: 2 }) }),
    );
    expect(byOperator.phoneList.sort()).toEqual(eeNumbers.map((n) => n.number).sort());
    expect(byOperator.operatorId).toBe(ee!.id);

    await t.db.query(`update phone_numbers set state = 'disabled' where id = $1`, [o2Numbers[1]!.id]);
    const byPrefix = dataOf<OrderDetail>(await b.call({ ...BUY, payload: gb({ prefix: '447900' }) }));
    expect(byPrefix).toMatchObject({ prefix: '+447900', phoneList: [o2Numbers[0]!.number] });
    expect(expectErrorEnvelope(await b.call({ ...BUY, payload: gb({ prefix: '+447900' }) }), 400).error).toBe(
      'STOCK_INSUFFICIENT',
    );
    const badPrefix = await b.call({ ...BUY, payload: gb({ prefix: '+44a' }), locale: 'en-US' });
    expect(expectErrorEnvelope(badPrefix, 400).message).toContain('The prefix is + and 1 to 15 digits');
  });
});

describe('GET /api/store/availability', () => {
  test('stock per country and operator and the prices a purchase charges, in a few queries', async () => {
    const w = await storeWorld(t.db);
    const [three] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'GB' and code = 'three'`,
    );
    await addNumbers(t.db, {
      country: 'GB',
      dial: '+44',
      operatorCode: 'three',
      count: 3,
      prefix: '+447500',
    });
    await addNumbers(t.db, { country: 'GB', dial: '+44', count: 1, prefix: '+447600' });
    // A country rule and an operator rule beat the application's own rule.
    await t.db.query(
      `insert into price_rules (application_id, country_code, operator_id, card_type, validity_option_id, price)
       values ($1, 'GB', null, 'new', $2, '0.2'), ($1, 'GB', $3, 'new', $2, '0.3')`,
      [w.appId, w.activationId, three!.id],
    );
    const b = await buyer(t, '20');
    type Offer = {
      code: string;
      stock: { new: number; used: number };
      prices: { cardType: string; validityOptionId: number; price: string | null }[];
      operators: {
        id: number;
        code: string;
        stock: { new: number; used: number };
        prices: Offer['prices'];
      }[];
    };
    const matrix = dataOf<{ maxQuantity: number; countries: Offer[] }>(
      await b.call({ method: 'GET', url: `/api/store/availability?applicationId=${w.appId}` }),
    );
    expect(matrix.maxQuantity).toBe(5);
    const gb = matrix.countries.find((c) => c.code === 'GB')!;
    const price = (prices: Offer['prices'], cardType: string, validityOptionId: number) =>
      prices.find((p) => p.cardType === cardType && p.validityOptionId === validityOptionId)?.price;
    expect(price(gb.prices, 'new', w.activationId)).toBe('0.200000');
    expect(price(gb.prices, 'used', w.activationId)).toBe('0.061728');
    const threeOffer = gb.operators.find((o) => o.code === 'three')!;
    expect(threeOffer.stock).toEqual({ new: 3, used: 0 });
    expect(price(threeOffer.prices, 'new', w.activationId)).toBe('0.300000');
    expect(gb.operators.some((o) => o.code === 'any')).toBe(false);
    expect(gb.stock.new).toBeGreaterThanOrEqual(4);

    // What the matrix shows is what the purchase charges.
    const viaOperator = dataOf<OrderDetail>(
      await b.call({ ...BUY, payload: purchaseBody(w, { countryCode: 'GB', operatorId: three!.id }) }),
    );
    expect(viaOperator.unitPrice).toBe('0.300000');
    const viaCountry = dataOf<OrderDetail>(
      await b.call({ ...BUY, payload: purchaseBody(w, { countryCode: 'GB' }) }),
    );
    expect(viaCountry.unitPrice).toBe('0.200000');
    const after = dataOf<{ countries: Offer[] }>(
      await b.call({ method: 'GET', url: `/api/store/availability?applicationId=${w.appId}` }),
    );
    expect(after.countries.find((c) => c.code === 'GB')!.stock.new).toBe(gb.stock.new - 2);
  });

  test('application required; a disabled one is not on sale', async () => {
    const b = await buyer(t);
    const res = await b.call({ method: 'GET', url: '/api/store/availability', locale: 'en-US' });
    expect(expectErrorEnvelope(res, 400).message).toContain('Please choose an application');
    const off = await b.call({ method: 'GET', url: '/api/store/availability?applicationId=999999' });
    expect(expectErrorEnvelope(off, 400).error).toBe('STORE_CHOICE_UNAVAILABLE');
  });
});

afterAll(async () => {
  if (t) {
    await expectLedgerConsistent(t.db);
    await expectNoDoubleHolding(t.db);
  }
});
