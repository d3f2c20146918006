import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers';
import { apiUser, compatWorld, fiveSim as fiveSimCall, smsArrives } from '../compat-helpers';
import { expectRecorded } from './conform';
import { fiveSim as recorded } from './recorded-answers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 4);
}, 60_000);
afterAll(() => t.close());

const ORDER_VARY = [
  'id',
  'phone',
  'operator',
  'product',
  'price',
  'status',
  '#expires',
  '#created_at',
  'country',
];

describe('5sim contract: each call against the recorded real answer', () => {
  test('guest: products, prices, countries', async () => {
    const guest = fiveSimCall(t, null);
    expectRecorded(await guest('GET', '/guest/products/usa/any'), recorded.products, {
      rekey: { vkontakte: world.product },
      vary: ['1day.Qty', '1day.Price', `${world.product}.Qty`, `${world.product}.Price`],
      entries: true,
    });
    expectRecorded(
      await guest('GET', `/guest/prices?country=usa&product=${world.product}`),
      recorded.prices,
      {
        rekey: { russia: 'usa', 'usa.1688': world.product, [`usa.${world.product}.beeline`]: 'any' },
        vary: [`usa.${world.product}.any.cost`, `usa.${world.product}.any.count`],
      },
    );
    const countries = await guest('GET', '/guest/countries');
    // A country lists its operators after its names: Afghanistan's first one here is virtual21.
    expectRecorded(countries, recorded.countries, {
      rekey: { 'afghanistan.virtual18': 'virtual21' },
      trim: ['afghanistan'],
      entries: true,
    });
  });

  test('user: profile, buy, check, inbox, finish, orders, payments', async () => {
    const u = await apiUser(t.db, '100');
    const call = fiveSimCall(t, u.apiKey);
    expectRecorded(await call('GET', '/user/profile'), recorded.profile, {
      vary: ['id', 'email', 'vendor', 'default_forwarding_number', 'default_country'],
    });
    const buy = await call('GET', `/user/buy/activation/usa/any/${world.product}`);
    expectRecorded(buy, recorded.order, { vary: ORDER_VARY });
    expect(buy.json().status).toBe('RECEIVED');
    const id = buy.json().id as number;
    expectRecorded(await call('GET', `/user/check/${id}`), recorded.order, { vary: ORDER_VARY });
    await smsArrives(t, id, 'Your code 12345', '12345');
    expectRecorded(await call('GET', `/user/sms/inbox/${id}`), recorded.inbox, {
      vary: [
        'Data.0.ID',
        '#Data.0.created_at',
        '#Data.0.date',
        'Data.0.sender',
        'Data.0.text',
        'Data.0.code',
      ],
    });
    expectRecorded(await call('GET', `/user/cancel/${id}`), recorded.orderHasSms);
    const finished = await call('GET', `/user/finish/${id}`);
    expectRecorded(finished, recorded.order, { vary: [...ORDER_VARY, '!sms'] });
    expect(finished.json().status).toBe('FINISHED');
    expectRecorded(await call('GET', '/user/orders?category=activation'), recorded.orders, {
      vary: [...ORDER_VARY.map((p) => `Data.0.${p.replace(/^#/, '')}`), '!Data.0.sms', 'Total'],
    });
    expectRecorded(await call('GET', '/user/payments'), recorded.payments, {
      vary: ['Data', 'PaymentTypes', 'PaymentProviders', 'Total'],
    });
  });

  test("errors: plain text with 5sim's HTTP status", async () => {
    const u = await apiUser(t.db, '100');
    const poor = await apiUser(t.db, '0');
    const call = fiveSimCall(t, u.apiKey);
    expectRecorded(await fiveSimCall(t, 'wrong')('GET', '/user/profile'), recorded.unauthorized);
    expectRecorded(
      await call('GET', `/user/buy/activation/russia/any/${world.product}`),
      recorded.noFreePhones,
    );
    expectRecorded(
      await fiveSimCall(t, poor.apiKey)('GET', `/user/buy/activation/usa/any/${world.product}`),
      recorded.notEnoughBalance,
    );
    expectRecorded(
      await call('GET', `/user/buy/activation/atlantis/any/${world.product}`),
      recorded.badCountry,
    );
    expectRecorded(
      await call('GET', `/user/buy/activation/usa/nokia/${world.product}`),
      recorded.badOperator,
    );
    expectRecorded(await call('GET', '/user/buy/activation/usa/any/nosuchproduct'), recorded.noProduct);
    expectRecorded(await call('GET', '/user/check/999999999'), recorded.orderNotFound);
  });

  test('every 200 carries Content-Type application/json exactly, errors text/plain; no other header differs by call', async () => {
    const u = await apiUser(t.db, '100');
    const call = fiveSimCall(t, u.apiKey);
    const buy = await call('GET', `/user/buy/activation/usa/any/${world.product}`);
    const id = buy.json().id as number;
    for (const res of [
      buy,
      await call('GET', '/user/profile'),
      await call('GET', `/user/check/${id}`),
      await call('GET', `/user/sms/inbox/${id}`),
      await call('GET', '/user/orders?category=activation'),
      await call('GET', '/user/payments'),
      await call('GET', '/user/max-prices'),
      await call('GET', '/guest/countries'),
      await call('GET', '/guest/prices'),
    ]) {
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/json']);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      expect(() => JSON.parse(res.body)).not.toThrow();
    }
    const early = await call('GET', `/user/cancel/${id}`);
    expect([early.statusCode, early.headers['content-type'], early.body]).toEqual([
      400,
      'text/plain; charset=utf-8',
      'you need to wait time',
    ]);
  });
});
