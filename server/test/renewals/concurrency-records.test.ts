import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, expectErrorEnvelope, login, type TestApp } from '../helpers';
import {
  as,
  balanceOf,
  buyer,
  dataOf,
  expectLedgerConsistent,
  fund,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import {
  buyRentals,
  expiries,
  extendedBy,
  newKey,
  type RenewalRecord,
  renew,
  renewalCharges,
} from './renewal-helpers';

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
  await t.close();
});

describe('concurrency', () => {
  test('20 parallel renewals of one rental: each charge extends it once, the balance stays exact', async () => {
    const b = await buyer(t, '1.5');
    const [id] = await buyRentals(t, world, b);
    // Enough for 12 of the 20 one-day renewals (1.5 each) and a little over.
    await fund(t.db, b.userId, '18.3');
    const before = await expiries(t.db, [id!]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        renew(b, { rentalIds: [id], validityOptionId: world.dayId }, { key: newKey() }),
      ),
    );
    const succeeded = results.filter((r) => r.statusCode === 200);
    for (const res of results.filter((r) => r.statusCode !== 200)) {
      expect(expectErrorEnvelope(res, 400).error).toBe('INSUFFICIENT_BALANCE');
    }
    expect(succeeded).toHaveLength(12);
    expect(await renewalCharges(t.db, b.userId)).toHaveLength(12);
    expect(await balanceOf(t.db, b.userId)).toBe('0.300000');
    expect(await extendedBy(t.db, before, 12 * 1440)).toEqual([true]);
    // Each record starts where the one before ended: no extension was lost or counted twice.
    const records = succeeded
      .map((r) => dataOf<{ items: RenewalRecord[] }>(r).items[0]!)
      .sort((x, y) => Date.parse(x.expiresBefore) - Date.parse(y.expiresBefore));
    for (let i = 1; i < records.length; i++) {
      expect(records[i]!.expiresBefore).toBe(records[i - 1]!.expiresAfter);
    }
    await expectLedgerConsistent(t.db);
  });

  test('overlapping renewals in opposite orders neither deadlock nor lose an extension', async () => {
    const b = await buyer(t);
    const ids = await buyRentals(t, world, b, { quantity: 3 });
    const before = await expiries(t.db, ids);
    const forward = { rentalIds: ids, validityOptionId: world.dayId };
    const backward = { rentalIds: [...ids].reverse(), validityOptionId: world.dayId };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => renew(b, i % 2 ? backward : forward, { key: newKey() })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await extendedBy(t.db, before, 6 * 1440)).toEqual([true, true, true]);
    expect(await balanceOf(t.db, b.userId)).toBe('68.500000');
  });
});

describe('renewal records', () => {
  test('filters by phone number, application and dates; the renewable list skips what cannot be renewed', async () => {
    const b = await buyer(t);
    const [first, second] = await buyRentals(t, world, b, { quantity: 2 });
    const [activation] = await buyRentals(t, world, b, { validityOptionId: world.activationId });
    dataOf(await renew(b, { rentalIds: [first, second], validityOptionId: world.dayId }));
    dataOf(await renew(b, { rentalIds: [first], validityOptionId: world.weekId }));
    type Page = { list: RenewalRecord[]; total: number };
    const list = async (query: string) =>
      dataOf<Page>(await b.call({ method: 'GET', url: `/api/renewals${query}` }));
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.list[0]).toMatchObject({ rentalId: first, validityMinutes: 7 * 1440, price: '7.000000' });

    const [row] = await t.db.query<{ n: string }>('select phone_number as n from rentals where id = $1', [
      second,
    ]);
    const byNumber = await list(`?keyword=${encodeURIComponent(row!.n.slice(-6))}`);
    expect(byNumber.list.map((r) => r.rentalId)).toEqual([second]);
    const byBatch = await list(`?keyword=${all.list[0]!.batchNo.toLowerCase()}`);
    expect(byBatch.list.map((r) => r.rentalId)).toEqual([first]);
    expect((await list(`?applicationId=${world.appId}`)).total).toBe(3);
    expect((await list('?applicationId=2000000000')).total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(tomorrow)}`)).total).toBe(0);
    expect(
      (await list(`?to=${encodeURIComponent(tomorrow)}&sortField=price&sortOrder=ascend`)).list[0]!.price,
    ).toBe('1.500000');

    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${second}/pause` }));
    const renewable = dataOf<{ list: { id: number; renewalCount: number; status: string }[] }>(
      await b.call({ method: 'GET', url: '/api/renewals/rentals' }),
    );
    expect(renewable.list.map((r) => r.id).sort()).toEqual([first, second].sort());
    expect(renewable.list.find((r) => r.id === first)).toMatchObject({ renewalCount: 2, status: 'active' });
    expect(renewable.list.find((r) => r.id === second)?.status).toBe('inactive');
    expect(renewable.list.map((r) => r.id)).not.toContain(activation);
  });

  test('administrators export the records as CSV, filtered', async () => {
    const b = await buyer(t);
    const [id] = await buyRentals(t, world, b);
    dataOf(await renew(b, { rentalIds: [id], validityOptionId: world.dayId }));
    const res = await admin({ method: 'GET', url: `/api/admin/renewals/export?username=${b.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('renewal-records.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'batch_no,username,phone_number,application,country,validity,validity_minutes,price_usdt,expires_before,expires_after,created_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${b.username},`);
    expect(lines[1]).toContain(',1440,1.500000,');
    expectErrorEnvelope(await b.call({ method: 'GET', url: '/api/admin/renewals/export' }), 403);
  });
});
