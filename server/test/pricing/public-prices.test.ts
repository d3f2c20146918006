import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { addNumbers, buyer, dataOf, purchaseBody, type StoreWorld, storeWorld } from '../store/store-helpers';

type PublicPrice = {
  applicationId: number;
  countryCode: string;
  countryNameEn: string;
  lowestPrice: string;
  cardType: string;
  stockLevel: string;
};

let t: TestApp;
let world: StoreWorld;
beforeAll(async () => {
  // Cache off: every request computes the list, so the test sees each change at once.
  t = await createTestApp({ PUBLIC_PRICES_CACHE_SECONDS: '0' });
  world = await storeWorld(t.db);
});
afterAll(() => t?.close());

const prices = async (locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/public/prices',
    headers: { 'x-locale': locale },
  });
  return dataOf<{ updatedAt: string; items: PublicPrice[] }>(res).items;
};
const mine = async (country: string) =>
  (await prices()).find((p) => p.applicationId === world.appId && p.countryCode === country);

describe('public price list', () => {
  test('needs no account and shows the lowest price with the stock as a band, never a count', async () => {
    expect(await mine('GB')).toBeUndefined();
    await addNumbers(t.db, { country: 'GB', dial: '+44', count: 3 });
    const few = await mine('GB');
    // Only new numbers are in stock: the cheapest price a visitor can pay is a new activation
    // (0.123456), not the cheaper used one (0.061728) that nobody could buy.
    expect(few).toMatchObject({
      lowestPrice: '0.123456',
      cardType: 'new',
      stockLevel: 'low',
      countryNameEn: 'United Kingdom',
    });
    expect(JSON.stringify(few)).not.toMatch(/"(count|stock|numbers)":\s*\d/);

    await addNumbers(t.db, { country: 'GB', dial: '+44', count: 10 });
    expect((await mine('GB'))?.stockLevel).toBe('medium');
  });

  test('a country price rule cheaper than the application rule wins; a disabled country disappears', async () => {
    await addNumbers(t.db, { country: 'DE', dial: '+49', count: 1 });
    await t.db.query(
      `insert into price_rules (application_id, country_code, card_type, validity_option_id, price)
       values ($1, 'DE', 'new', $2, '0.010000')`,
      [world.appId, world.activationId],
    );
    expect(await mine('DE')).toMatchObject({ lowestPrice: '0.010000', stockLevel: 'low' });
    await t.db.query(`update countries set enabled = false where code = 'DE'`);
    try {
      expect(await mine('DE')).toBeUndefined();
    } finally {
      await t.db.query(`update countries set enabled = true where code = 'DE'`);
    }
  });

  test('numbers already used for the application leave its new stock; sold out reads "none"', async () => {
    await addNumbers(t.db, { country: 'FR', dial: '+33', count: 1 });
    expect((await mine('FR'))?.stockLevel).toBe('low');
    const b = await buyer(t, '10');
    const res = await b.call({
      method: 'POST',
      url: '/api/store/orders',
      payload: purchaseBody(world, { countryCode: 'FR', quantity: 1 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing to buy: no new number, and the used one is held. The cheapest price, band "none".
    expect(await mine('FR')).toMatchObject({ stockLevel: 'none', lowestPrice: '0.061728', cardType: 'used' });
    // The rental ended long ago (past the cooldown): the number is on sale again, as a used one.
    await t.db.query(
      `update rentals set status = 'expired', ended_at = now() - interval '2 days'
       where phone_number_id in (select id from phone_numbers where country_code = 'FR')`,
    );
    expect(await mine('FR')).toMatchObject({ stockLevel: 'low', lowestPrice: '0.061728', cardType: 'used' });
  });

  test('is cached: a change shows only after the cache period', async () => {
    const cached = await createTestApp({ PUBLIC_PRICES_CACHE_SECONDS: '3600' });
    try {
      const list = async () =>
        dataOf<{ updatedAt: string; items: PublicPrice[] }>(
          await cached.app.inject({ method: 'GET', url: '/api/public/prices' }),
        );
      const first = await list();
      await addNumbers(cached.db, { country: 'IT', dial: '+39', count: 1 });
      const second = await list();
      expect(second.updatedAt).toBe(first.updatedAt);
      const res = await cached.app.inject({ method: 'GET', url: '/api/public/prices' });
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    } finally {
      await cached.close();
    }
  });
});
