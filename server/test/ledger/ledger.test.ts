import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../src/lib/app-error';
import { applyBalanceChange } from '../../src/modules/ledger/ledger.service';
import { createTestApp, createUser, type TestApp } from '../helpers';
import {
  buyer,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';

/**
 * The ledger's rules (PRODUCT.md §4), now one SQL function (`ledger_apply_change`) behind
 * `applyBalanceChange`: idempotent by reference, never below zero, entry and balance together.
 */
let t: TestApp;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const change = (userId: number, type: 'recharge' | 'deduction', amount: string, reference: string) =>
  t.db.transaction((tx) => applyBalanceChange(tx, { userId, type, amount, reference, note: 'n' }));

const balanceOf = async (userId: number) =>
  (await t.db.query<{ b: string }>('select balance::text as b from users where id = $1', [userId]))[0]!.b;

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('applyBalanceChange', () => {
  test('applies once per reference: the entry holds the balance after; a retry returns it unchanged', async () => {
    const { userId } = await createUser(t.db);
    const first = await change(userId, 'recharge', '12.5', `test:r1:${userId}`);
    expect(first.applied).toBe(true);
    expect(first.entry).toMatchObject({
      userId,
      type: 'recharge',
      amount: '12.500000',
      balanceAfter: '12.500000',
    });
    const again = await change(userId, 'recharge', '12.500000', `test:r1:${userId}`);
    expect(again).toEqual({ entry: first.entry, applied: false });
    expect(await balanceOf(userId)).toBe('12.500000');
    await expectLedgerConsistent(t.db);
  });

  test('a reference used for another amount, type or user is a conflict, and changes nothing', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await change(a.userId, 'recharge', '5', `test:c:${a.userId}`);
    expect(await codeOf(change(a.userId, 'recharge', '6', `test:c:${a.userId}`))).toBe(
      'LEDGER_REFERENCE_CONFLICT',
    );
    expect(await codeOf(change(a.userId, 'deduction', '5', `test:c:${a.userId}`))).toBe(
      'LEDGER_REFERENCE_CONFLICT',
    );
    expect(await codeOf(change(b.userId, 'recharge', '5', `test:c:${a.userId}`))).toBe(
      'LEDGER_REFERENCE_CONFLICT',
    );
    expect([await balanceOf(a.userId), await balanceOf(b.userId)]).toEqual(['5.000000', '0.000000']);
  });

  test('never below zero: refused with the balance (or the caller’s error), nothing written', async () => {
    const { userId } = await createUser(t.db);
    await change(userId, 'recharge', '1', `test:n1:${userId}`);
    const refused = change(userId, 'deduction', '1.000001', `test:n2:${userId}`);
    await expect(refused).rejects.toMatchObject({
      code: 'BALANCE_WOULD_BE_NEGATIVE',
      params: { balance: '1.000000' },
    });
    const custom = t.db.transaction((tx) =>
      applyBalanceChange(tx, {
        userId,
        type: 'deduction',
        amount: '2',
        reference: `test:n3:${userId}`,
        onInsufficient: (balance) => new AppError('INSUFFICIENT_BALANCE', { needed: balance }),
      }),
    );
    await expect(custom).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      params: { needed: '1.000000' },
    });
    expect((await change(userId, 'deduction', '1', `test:n4:${userId}`)).entry.balanceAfter).toBe('0.000000');
    const entries = await t.db.query('select 1 from ledger_entries where user_id = $1', [userId]);
    expect(entries).toHaveLength(2);
  });

  test('an unknown user, a zero amount', async () => {
    expect(await codeOf(change(2_000_000_000, 'recharge', '1', 'test:nobody'))).toBe('NOT_FOUND');
    const { userId } = await createUser(t.db);
    expect(await codeOf(change(userId, 'recharge', '0', `test:z:${userId}`))).toBe('BAD_REQUEST');
  });
});

describe.skipIf(!onPostgres)('a purchase charged in its one statement, on PostgreSQL', () => {
  let world: StoreWorld;
  beforeAll(async () => {
    world = await storeWorld(t.db);
    const [operator] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'US' and code = 'any'`,
    );
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix) values ('+17775550001', 'US', $1, '+1777')`,
      [operator!.id],
    );
  });

  test('a balance spent meanwhile makes the ledger refuse: spec §5 message, and the whole purchase is undone', async () => {
    const b = await buyer(t, '0.2');
    // Another transaction holds the buyer's balance while the purchase runs, then spends most of it.
    const held = t.db.transaction(async (tx) => {
      await tx.query('select 1 from users where id = $1 for update', [b.userId]);
      const purchase = b.call({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(world, { countryCode: 'US', prefix: '+1777' }),
        locale: 'en-US',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await applyBalanceChange(tx, {
        userId: b.userId,
        type: 'deduction',
        amount: '0.15',
        reference: `test:spend:${b.userId}`,
      });
      // Wrapped: returning the promise itself would make the commit wait for the purchase it blocks.
      return { purchase };
    });
    const res = await (await held).purchase;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'INSUFFICIENT_BALANCE' });
    expect(res.json().message).toContain('0.123456');
    const [left] = await t.db.query<Record<string, number>>(
      `select (select count(*)::int from store_orders where user_id = $1) as orders,
         (select count(*)::int from rentals where user_id = $1) as rentals,
         (select count(*)::int from phone_number_app_usage where application_id = $2) as usages`,
      [b.userId, world.appId],
    );
    expect(left).toEqual({ orders: 0, rentals: 0, usages: 0 });
    expect(await balanceOf(b.userId)).toBe('0.050000');
    await expectLedgerConsistent(t.db);
  });
});
