import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { backdate, balanceOf, entriesOf, expectLedgerConsistent } from '../store/store-helpers';
import { apiUser, compatWorld, fiveSim, smsArrives } from './compat-helpers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 8);
}, 60_000);
afterAll(() => t.close());

const ORDER = {
  id: expect.any(Number),
  phone: expect.stringMatching(/^\+1\d+$/),
  operator: 'any',
  price: 0.123456,
  expires: expect.stringMatching(/Z$/),
  created_at: expect.stringMatching(/Z$/),
  forwarding: false,
  forwarding_number: '',
  country: 'usa',
};

describe('5sim guest', () => {
  test('countries, products and prices, no token needed', async () => {
    const guest = fiveSim(t, null);
    const countries = (await guest('GET', '/guest/countries')).json();
    expect(countries.usa).toMatchObject({
      iso: { us: 1 },
      prefix: { '+1': 1 },
      text_en: 'USA',
      text_ru: 'США',
    });
    expect(countries.russia).toMatchObject({ iso: { ru: 1 }, text_ru: 'Россия', mts: { activation: 1 } });
    const products = await guest('GET', '/guest/products/usa/any');
    expect(products.statusCode).toBe(200);
    expect(products.json()[world.product]).toEqual({ Category: 'activation', Qty: 8, Price: 0.123456 });
    expect(products.json()['1day']).toEqual({ Category: 'hosting', Qty: expect.any(Number), Price: 1 });
    const prices = (await guest('GET', `/guest/prices?country=usa&product=${world.product}`)).json();
    expect(prices).toEqual({ usa: { [world.product]: { any: { cost: 0.123456, count: 8 } } } });
    expect((await guest('GET', `/guest/prices?product=${world.product}`)).json()).toEqual(prices);
    const bad = await guest('GET', '/guest/products/atlantis/any');
    expect([bad.statusCode, bad.body]).toEqual([400, 'bad country']);
    const badOperator = await guest('GET', '/guest/products/usa/nokia');
    expect([badOperator.statusCode, badOperator.body]).toEqual([400, 'bad operator']);
    const missing = await guest('GET', '/guest/nothing-here');
    expect([missing.statusCode, missing.body]).toEqual([404, 'not found']);
  });
});

describe('5sim user', () => {
  test('a missing or wrong key: 401 with an empty body', async () => {
    for (const key of [null, 'wrong']) {
      const res = await fiveSim(t, key)('GET', '/user/profile');
      expect([res.statusCode, res.body]).toEqual([401, '']);
    }
  });

  test('profile', async () => {
    const u = await apiUser(t.db, '7.25');
    const res = await fiveSim(t, u.apiKey)('GET', '/user/profile');
    expect(res.json()).toEqual({
      id: u.userId,
      email: u.email,
      vendor: u.username,
      default_forwarding_number: '',
      balance: 7.25,
      rating: 96,
      default_country: { name: '', iso: '', prefix: '' },
      default_operator: { name: '' },
      frozen_balance: 0,
    });
  });

  test('buy → check RECEIVED with sms → inbox → finish FINISHED; reuse, voice, forwarding ignored', async () => {
    const u = await apiUser(t.db);
    const call = fiveSim(t, u.apiKey);
    const bought = await call(
      'GET',
      `/user/buy/activation/usa/any/${world.product}?reuse=1&voice=1&forwarding=1&ref=x`,
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const order = bought.json();
    expect(order).toEqual({ ...ORDER, product: world.product, status: 'RECEIVED', sms: null });
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');

    await smsArrives(t, order.id, 'Use 415127 as your login code', '415127');
    const checked = (await call('GET', `/user/check/${order.id}`)).json();
    expect(checked.status).toBe('RECEIVED');
    expect(checked.sms).toEqual([
      {
        created_at: expect.any(String),
        date: expect.any(String),
        sender: 'Telegram',
        text: 'Use 415127 as your login code',
        code: '415127',
      },
    ]);
    const inbox = (await call('GET', `/user/sms/inbox/${order.id}`)).json();
    expect(inbox).toEqual({
      Data: [
        expect.objectContaining({
          ID: expect.any(Number),
          text: 'Use 415127 as your login code',
          code: '415127',
          is_wave: false,
        }),
      ],
      Total: 1,
    });
    const cancel = await call('GET', `/user/cancel/${order.id}`);
    expect([cancel.statusCode, cancel.body]).toEqual([400, 'order has sms']);
    const finished = (await call('GET', `/user/finish/${order.id}`)).json();
    expect(finished.status).toBe('FINISHED');
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');
  });

  test('cancel and ban: 2-minute lock, then CANCELED / BANNED, refunded once each', async () => {
    const u = await apiUser(t.db);
    const call = fiveSim(t, u.apiKey);
    const a = (await call('GET', `/user/buy/activation/usa/any/${world.product}`)).json();
    const b = (await call('GET', `/user/buy/activation/usa/any/${world.product}`)).json();
    const early = await call('GET', `/user/cancel/${a.id}`);
    expect([early.statusCode, early.body]).toEqual([400, 'you need to wait time']);
    await backdate(t.db, [a.id, b.id], { boughtMinutesAgo: 3 });
    expect((await call('GET', `/user/cancel/${a.id}`)).json().status).toBe('CANCELED');
    expect((await call('GET', `/user/cancel/${a.id}`)).json().status).toBe('CANCELED');
    expect((await call('GET', `/user/ban/${b.id}`)).json().status).toBe('BANNED');
    expect((await call('GET', `/user/check/${b.id}`)).json().status).toBe('BANNED');
    expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
    expect(await entriesOf(t.db, `refund:rental:${a.id}`)).toHaveLength(1);
    expect(await entriesOf(t.db, `refund:rental:${b.id}`)).toHaveLength(1);
    await expectLedgerConsistent(t.db);
  });

  test('refusals: no free phones, not enough user balance, bad country, bad operator, no product, order not found', async () => {
    const u = await apiUser(t.db);
    const other = await apiUser(t.db);
    const poor = await apiUser(t.db, '0.01');
    const call = fiveSim(t, u.apiKey);
    const expectText = async (url: string, status: number, text: string, who = call) => {
      const res = await who('GET', url);
      expect([res.statusCode, res.body], url).toEqual([status, text]);
    };
    await expectText(`/user/buy/activation/england/any/${world.product}`, 400, 'no free phones');
    await expectText(
      `/user/buy/activation/usa/any/${world.product}`,
      400,
      'not enough user balance',
      fiveSim(t, poor.apiKey),
    );
    await expectText(`/user/buy/activation/atlantis/any/${world.product}`, 400, 'bad country');
    await expectText(`/user/buy/activation/usa/nokia/${world.product}`, 400, 'bad operator');
    await expectText('/user/buy/activation/usa/any/nothingatall', 400, 'no product');
    await expectText(`/user/buy/activation/usa/any/${world.product}?maxPrice=0.1`, 400, 'no free phones');
    await expectText('/user/check/999999', 404, 'order not found');
    await expectText('/user/check/abc', 404, 'order not found');
    const mine = (await call('GET', `/user/buy/activation/usa/any/${world.product}`)).json();
    await expectText(`/user/check/${mine.id}`, 404, 'order not found', fiveSim(t, other.apiKey));
  });

  test('max-prices: set, list, honoured by buy, delete', async () => {
    const u = await apiUser(t.db);
    const call = fiveSim(t, u.apiKey);
    const set = await call('POST', '/user/max-prices', { product_name: world.product, price: 0.1 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', '/user/max-prices')).json()).toEqual([
      { id: 1, product: world.product, price: 0.1, CreatedAt: expect.any(String) },
    ]);
    const refused = await call('GET', `/user/buy/activation/usa/any/${world.product}`);
    expect([refused.statusCode, refused.body]).toEqual([400, 'no free phones']);
    expect((await call('DELETE', '/user/max-prices', { product_name: world.product })).statusCode).toBe(200);
    expect((await call('GET', '/user/max-prices')).json()).toEqual([]);
    expect((await call('GET', `/user/buy/activation/usa/any/${world.product}`)).statusCode).toBe(200);
    const bad = await call('POST', '/user/max-prices', { product_name: world.product, price: 'lots' });
    expect([bad.statusCode, bad.body]).toEqual([400, 'bad price']);
  });

  test('orders (category, limit, offset, reverse) and payments', async () => {
    const u = await apiUser(t.db);
    const call = fiveSim(t, u.apiKey);
    const first = (await call('GET', `/user/buy/activation/usa/any/${world.product}`)).json();
    const second = (await call('GET', `/user/buy/activation/usa/any/${world.product}`)).json();
    const orders = (
      await call('GET', '/user/orders?category=activation&limit=1&offset=0&order=id&reverse=true')
    ).json();
    expect(orders).toEqual({
      Data: [expect.objectContaining({ id: second.id })],
      ProductNames: [],
      Statuses: [],
      Total: 2,
    });
    const oldest = (await call('GET', '/user/orders?category=activation&limit=1&reverse=false')).json();
    expect(oldest.Data[0].id).toBe(first.id);
    expect((await call('GET', '/user/orders?category=hosting')).json().Total).toBe(0);
    const badCategory = await call('GET', '/user/orders?category=pizza');
    expect([badCategory.statusCode, badCategory.body]).toEqual([400, 'bad category']);
    const payments = (await call('GET', '/user/payments')).json();
    expect(payments.Total).toBe(3);
    expect(payments.Data[0]).toEqual({
      ID: expect.any(Number),
      TypeName: 'buy',
      ProviderName: 'admin',
      Amount: -0.123456,
      Balance: 9.753088,
      CreatedAt: expect.any(String),
    });
  });

  test('hosting and reuse', async () => {
    const u = await apiUser(t.db, '20');
    const call = fiveSim(t, u.apiKey);
    const hosting = await call('GET', '/user/buy/hosting/usa/any/1day');
    expect(hosting.statusCode, hosting.body).toBe(200);
    expect(hosting.json()).toMatchObject({ product: '1day', status: 'RECEIVED', price: 1 });
    const badHosting = await call('GET', '/user/buy/hosting/usa/any/2years');
    expect([badHosting.statusCode, badHosting.body]).toEqual([400, 'no product']);

    const order = (await call('GET', `/user/buy/activation/usa/any/${world.product}`)).json();
    const number = order.phone.slice(1);
    const early = await call('GET', `/user/reuse/${world.product}/${number}`);
    expect([early.statusCode, early.body]).toEqual([400, 'reuse false']);
    // The hosting rental holds the same number and its application takes any SMS: the sender pattern decides.
    await t.db.query("update applications set sender_pattern = 'telegram' where id = $1", [world.appId]);
    await smsArrives(t, order.id, 'Your code is 13579', '13579');
    await t.db.query("update applications set sender_pattern = '' where id = $1", [world.appId]);
    await call('GET', `/user/finish/${order.id}`);
    await t.db.query("update rentals set ended_at = now() - interval '1 hour' where id = $1", [order.id]);
    const reused = await call('GET', `/user/reuse/${world.product}/${number}`);
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json()).toMatchObject({ phone: order.phone, status: 'RECEIVED', price: 0.061728 });
    const never = await call('GET', `/user/reuse/${world.product}/15550000000`);
    expect([never.statusCode, never.body]).toEqual([400, 'reuse not possible']);
  });
});
