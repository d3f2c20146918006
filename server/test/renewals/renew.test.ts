import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import {
  balanceOf,
  buyer,
  dataOf,
  entriesOf,
  expectLedgerConsistent,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import {
  buyRentals,
  expiries,
  extendedBy,
  newKey,
  type Quote,
  quote,
  type RenewalResult,
  renew,
  renewalCharges,
  snapshot,
} from './renewal-helpers';

let t: TestApp;
let world: StoreWorld;
let other: StoreWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
  other = await storeWorld(t.db);
  // The second application's week is priced differently, so a mixed renewal sums unequal prices.
  await t.db.query(
    `update price_rules set price = '6.123457' where application_id = $1 and validity_option_id = $2 and card_type = 'new'`,
    [other.appId, other.weekId],
  );
});
afterAll(async () => {
  if (!t) return;
  await expectLedgerConsistent(t.db);
  await t.close();
});

describe('renewing', () => {
  test('one rental by a day: quoted, charged once, extended exactly from its expiry, recorded', async () => {
    const b = await buyer(t);
    const [id] = await buyRentals(t, world, b);
    expect(await balanceOf(t.db, b.userId)).toBe('98.500000');
    const before = await expiries(t.db, [id!]);

    const q = dataOf<Quote>(await quote(b, { rentalIds: [id], validityOptionId: world.dayId }));
    expect(q).toMatchObject({ total: '1.500000', option: { id: world.dayId, minutes: 1440 } });
    expect(Date.parse(q.items[0]!.newExpiresAt) - Date.parse(q.items[0]!.expiresAt)).toBe(86_400_000);
    expect(await balanceOf(t.db, b.userId)).toBe('98.500000');

    const done = dataOf<RenewalResult>(await renew(b, { rentalIds: [id], validityOptionId: world.dayId }));
    expect(done.total).toBe(q.total);
    expect(done.batchNo).toMatch(/^RN\d{8}\d{8}$/);
    expect(done.items).toHaveLength(1);
    expect(done.items[0]).toMatchObject({
      rentalId: id,
      userId: b.userId,
      username: b.username,
      validityOptionId: world.dayId,
      validityMinutes: 1440,
      price: '1.500000',
      expiresBefore: q.items[0]!.expiresAt,
    });
    expect(await extendedBy(t.db, before, 1440)).toEqual([true]);
    expect(await balanceOf(t.db, b.userId)).toBe('97.000000');
    const charges = await renewalCharges(t.db, b.userId);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amount).toBe('-1.500000');

    const records = dataOf<{ list: unknown[]; total: number }>(
      await b.call({ method: 'GET', url: '/api/renewals' }),
    );
    expect(records.total).toBe(1);
    const rental = dataOf<{ expiresAt: string }>(await b.call({ method: 'GET', url: `/api/rentals/${id}` }));
    expect(rental.expiresAt).toBe(done.items[0]!.expiresAfter);
  });

  test('many rentals of two applications by a week: the total is the exact sum, in one ledger entry', async () => {
    const b = await buyer(t);
    const mine = [...(await buyRentals(t, world, b, { quantity: 2 })), ...(await buyRentals(t, other, b))];
    expect(await balanceOf(t.db, b.userId)).toBe('95.500000');
    const before = await expiries(t.db, mine);
    const body = { rentalIds: [...mine].reverse(), validityOptionId: world.weekId };

    const q = dataOf<Quote>(await quote(b, body));
    expect(q.items.map((i) => i.price)).toEqual(['7.000000', '7.000000', '6.123457']);
    expect(q.total).toBe('20.123457');

    const done = dataOf<RenewalResult>(await renew(b, body));
    expect(done.total).toBe('20.123457');
    expect(done.items.map((i) => i.rentalId)).toEqual(mine);
    expect(new Set(done.items.map((i) => i.batchNo)).size).toBe(1);
    expect(await extendedBy(t.db, before, 7 * 1440)).toEqual([true, true, true]);
    expect(await balanceOf(t.db, b.userId)).toBe('75.376543');
    expect(await renewalCharges(t.db, b.userId)).toEqual([
      { amount: '-20.123457', reference: expect.stringMatching(/^renewal:\d+$/) },
    ]);
    const [batch] = await t.db.query<{ id: number }>('select id from renewal_batches where batch_no = $1', [
      done.batchNo,
    ]);
    expect(await entriesOf(t.db, `renewal:${batch!.id}`)).toHaveLength(1);
  });

  test('a paused rental can be renewed and stays paused', async () => {
    const b = await buyer(t);
    const [id] = await buyRentals(t, world, b);
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${id}/pause` }));
    const before = await expiries(t.db, [id!]);
    dataOf(await renew(b, { rentalIds: [id], validityOptionId: world.dayId }));
    expect(await extendedBy(t.db, before, 1440)).toEqual([true]);
    const [row] = await t.db.query<{ status: string }>('select status from rentals where id = $1', [id]);
    expect(row!.status).toBe('inactive');
  });
});

describe('idempotency', () => {
  test('a retried renewal (header or body key, in turn or at once) charges and extends once', async () => {
    const b = await buyer(t);
    const [id] = await buyRentals(t, world, b);
    const before = await expiries(t.db, [id!]);
    const key = newKey();
    const body = { rentalIds: [id], validityOptionId: world.dayId };
    const results = await Promise.all([
      renew(b, body, { key }),
      renew(b, body, { key }),
      renew(b, body, { key }),
    ]);
    const again = await renew(b, { ...body, idempotencyKey: key });
    const answers = [...results, again].map((r) => dataOf<RenewalResult>(r));
    expect(new Set(answers.map((a) => a.batchNo)).size).toBe(1);
    expect(await renewalCharges(t.db, b.userId)).toHaveLength(1);
    expect(await extendedBy(t.db, before, 1440)).toEqual([true]);
    expect(await balanceOf(t.db, b.userId)).toBe('97.000000');
  });

  test('the same key for a different renewal is refused', async () => {
    const b = await buyer(t);
    const ids = await buyRentals(t, world, b, { quantity: 2 });
    const key = newKey();
    dataOf(await renew(b, { rentalIds: [ids[0]], validityOptionId: world.dayId }, { key }));
    const state = await snapshot(t.db, b.userId);
    for (const body of [
      { rentalIds: ids, validityOptionId: world.dayId },
      { rentalIds: [ids[0]], validityOptionId: world.weekId },
    ]) {
      expect(expectErrorEnvelope(await renew(b, body, { key }), 409).error).toBe('RENEWAL_KEY_REUSED');
    }
    expect(await snapshot(t.db, b.userId)).toEqual(state);
  });
});

describe('money and prices', () => {
  test('an insufficient balance is refused naming the amount needed, in both languages, changing nothing', async () => {
    const b = await buyer(t, '2');
    const [id] = await buyRentals(t, world, b);
    const state = await snapshot(t.db, b.userId);
    const body = { rentalIds: [id], validityOptionId: world.weekId };
    const zh = expectErrorEnvelope(await renew(b, body), 400);
    expect(zh).toMatchObject({
      error: 'INSUFFICIENT_BALANCE',
      message: '余额不足，需要 7.000000 USDT，请先充值',
    });
    const en = expectErrorEnvelope(await renew(b, body, { locale: 'en-US' }), 400);
    expect(en.message).toBe('Insufficient balance: 7.000000 USDT needed, please recharge first');
    expect(await snapshot(t.db, b.userId)).toEqual(state);
  });

  test('no applicable price, a disabled or unknown validity, or an activation validity is refused', async () => {
    const b = await buyer(t);
    const [id] = await buyRentals(t, world, b);
    const [unpriced] = await t.db.query<{ id: number }>(
      `insert into validity_options (kind, minutes, name_zh, name_en) values ('rental', 4321, '3天', '3 days') returning id`,
    );
    const [disabled] = await t.db.query<{ id: number }>(
      `insert into validity_options (kind, minutes, name_zh, name_en, enabled) values ('rental', 4322, '3天', '3 days', false) returning id`,
    );
    const state = await snapshot(t.db, b.userId);
    const [row] = await t.db.query<{ phone_number: string }>(
      'select phone_number from rentals where id = $1',
      [id],
    );
    const cases = [
      [unpriced!.id, 'RENEWAL_PRICE_NOT_SET'],
      [disabled!.id, 'RENEWAL_OPTION_UNAVAILABLE'],
      [2_000_000_000, 'RENEWAL_OPTION_UNAVAILABLE'],
      [world.activationId, 'RENEWAL_OPTION_NOT_RENTAL'],
    ] as const;
    for (const [validityOptionId, error] of cases) {
      for (const call of [quote, renew]) {
        const res = await call(b, { rentalIds: [id], validityOptionId });
        expect(expectErrorEnvelope(res, 400).error).toBe(error);
        if (error === 'RENEWAL_PRICE_NOT_SET') expect(res.json().message).toContain(row!.phone_number);
      }
    }
    expect(await snapshot(t.db, b.userId)).toEqual(state);
  });
});

describe('the expiry sweep', () => {
  test('a renewed rental is no longer due; one past its end is ended, not renewed', async () => {
    const b = await buyer(t);
    const [kept, lapsed] = await buyRentals(t, world, b, { quantity: 2 });
    dataOf(await renew(b, { rentalIds: [kept], validityOptionId: world.dayId }));
    // An hour and a day pass: the renewed rental still has an hour left, the other is past its end.
    await t.db.query(
      `update rentals set expires_at = expires_at - interval '1 day 1 hour', starts_at = starts_at - interval '1 day 1 hour'
       where id = any($1::int[])`,
      [[kept, lapsed]],
    );
    const refused = await renew(b, { rentalIds: [lapsed], validityOptionId: world.dayId });
    expect(expectErrorEnvelope(refused, 409).error).toBe('RENEWAL_ENDED');
    await sweepRentals(t.db, { cooldownMinutes: t.config.storeCooldownMinutes });
    const rows = await t.db.query<{ id: number; status: string }>(
      'select id, status from rentals where id = any($1::int[]) order by id',
      [[kept, lapsed]],
    );
    expect(rows).toEqual([
      { id: kept, status: 'active' },
      { id: lapsed, status: 'expired' },
    ]);
    const after = await renew(b, { rentalIds: [lapsed], validityOptionId: world.dayId }, { locale: 'en-US' });
    expect(expectErrorEnvelope(after, 409).message).toMatch(/has ended .* cannot be renewed/);
    expect(await renewalCharges(t.db, b.userId)).toHaveLength(1);
  });
});
