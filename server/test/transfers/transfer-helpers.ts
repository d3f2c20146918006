import type { TestApp } from '../helpers';
import {
  addNumbers,
  type as,
  type buyer,
  dataOf,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';

export type Caller = { call: ReturnType<typeof as>; userId: number; username: string };
export type RentalView = { id: number; token: string; status: string; userId: number; orderId: number };
export type OrderView = { id: number; token: string; phones: { rentalId: number; token: string }[] };

/** Buys `quantity` day rentals (open for a day, so transferable) and returns the order and rental ids. */
export async function buyRentals(
  t: TestApp,
  world: StoreWorld,
  b: Awaited<ReturnType<typeof buyer>>,
  quantity = 1,
) {
  await addNumbers(t.db, { count: quantity });
  const order = dataOf<OrderView>(
    await b.call({
      method: 'POST',
      url: '/api/store/orders',
      payload: purchaseBody(world, { quantity, validityOptionId: world.dayId }),
    }),
  );
  return { order, ids: order.phones.map((p) => p.rentalId) };
}

export const transfer = (
  from: Pick<Caller, 'call'>,
  payload: Record<string, unknown>,
  options: { locale?: 'zh-CN' | 'en-US'; key?: string } = {},
) =>
  from.call({
    method: 'POST',
    url: '/api/transfers',
    payload,
    locale: options.locale,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

/** Owner and token of rentals, straight from the database. */
export function rentalRows(t: TestApp, ids: number[]) {
  return t.db.query<{ id: number; user_id: number; token: string; status: string }>(
    'select id, user_id, token, status from rentals where id = any($1::int[]) order by id',
    [ids],
  );
}

export const codeLink = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/code/${token}` });
