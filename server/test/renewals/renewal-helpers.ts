import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client';
import type { TestApp } from '../helpers';
import { addNumbers, type buyer, dataOf, purchaseBody, type StoreWorld } from '../store/store-helpers';

export type Buyer = Awaited<ReturnType<typeof buyer>>;

export type RenewalRecord = {
  id: number;
  batchNo: string;
  rentalId: number;
  userId: number;
  username: string;
  phoneNumber: string;
  applicationId: number;
  validityOptionId: number;
  validityMinutes: number;
  price: string;
  expiresBefore: string;
  expiresAfter: string;
  createdAt: string;
};
export type RenewalResult = { batchNo: string; total: string; createdAt: string; items: RenewalRecord[] };
export type Quote = {
  option: { id: number; minutes: number };
  total: string;
  items: { rentalId: number; price: string; expiresAt: string; newExpiresAt: string }[];
};

/** Buys `quantity` numbers (day rentals unless told) and returns their rental ids, in id order. */
export async function buyRentals(
  t: TestApp,
  world: StoreWorld,
  b: Buyer,
  overrides: Parameters<typeof purchaseBody>[1] = {},
): Promise<number[]> {
  const quantity = Number(overrides.quantity ?? 1);
  await addNumbers(t.db, { count: quantity });
  const order = dataOf<{ phones: { rentalId: number }[] }>(
    await b.call({
      method: 'POST',
      url: '/api/store/orders',
      payload: purchaseBody(world, { validityOptionId: world.dayId, ...overrides, quantity }),
    }),
  );
  return order.phones.map((p) => p.rentalId).sort((x, y) => x - y);
}

export const newKey = () => `test-${randomBytes(8).toString('hex')}`;

export const renew = (
  b: Pick<Buyer, 'call'>,
  body: Record<string, unknown>,
  options: { key?: string; locale?: 'zh-CN' | 'en-US' } = {},
) =>
  b.call({
    method: 'POST',
    url: '/api/renewals',
    payload: body,
    locale: options.locale,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

export const quote = (b: Pick<Buyer, 'call'>, body: Record<string, unknown>) =>
  b.call({ method: 'POST', url: '/api/renewals/quote', payload: body });

/** Each rental's expiry as PostgreSQL holds it (microseconds), to compare exactly in SQL. */
export async function expiries(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; expires_at: string }>(
    'select id, expires_at::text as expires_at from rentals where id = any($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.expires_at]));
}

/** Whether each rental now expires exactly `minutes` after the expiry taken before. */
export async function extendedBy(db: Db, before: Map<number, string>, minutes: number): Promise<boolean[]> {
  const results: boolean[] = [];
  for (const [id, at] of before) {
    const [row] = await db.query<{ exact: boolean }>(
      `select expires_at = $2::timestamptz + make_interval(mins => $3) as exact from rentals where id = $1`,
      [id, at, minutes],
    );
    results.push(row!.exact);
  }
  return results;
}

/** The consume entries of a user whose reference is a renewal's. */
export function renewalCharges(db: Db, userId: number) {
  return db.query<{ amount: string; reference: string }>(
    `select amount::text as amount, reference from ledger_entries
     where user_id = $1 and type = 'consume' and reference like 'renewal:%' order by id`,
    [userId],
  );
}

/** A state snapshot of a user's money and rentals, to show a refusal changed nothing. */
export async function snapshot(db: Db, userId: number) {
  const [row] = await db.query<Record<string, unknown>>(
    `select (select balance::text from users where id = $1) as balance,
       (select count(*)::int from ledger_entries where user_id = $1) as entries,
       (select count(*)::int from rental_renewals where user_id = $1) as records,
       (select count(*)::int from renewal_batches where user_id = $1) as batches,
       (select string_agg(id || ':' || status || ':' || expires_at::text, ',' order by id) from rentals where user_id = $1) as rentals`,
    [userId],
  );
  return row;
}
