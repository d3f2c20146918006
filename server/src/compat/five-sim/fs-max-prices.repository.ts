import type { Queryable } from '../../db/client';

export type MaxPrice = { product: string; price: string; created_at: string };

export function listMaxPrices(q: Queryable, userId: number) {
  return q.query<MaxPrice>(
    `select product, price::text as price, created_at from compat_max_prices where user_id = $1 order by product`,
    [userId],
  );
}

export async function maxPriceOf(q: Queryable, userId: number, product: string): Promise<string | null> {
  const rows = await q.query<{ price: string }>(
    'select price::text as price from compat_max_prices where user_id = $1 and product = $2',
    [userId, product],
  );
  return rows[0]?.price ?? null;
}

export async function setMaxPrice(q: Queryable, userId: number, product: string, price: string) {
  await q.query(
    `insert into compat_max_prices (user_id, product, price) values ($1, $2, $3)
     on conflict (user_id, product) do update set price = excluded.price`,
    [userId, product, price],
  );
}

export async function deleteMaxPrice(q: Queryable, userId: number, product: string) {
  await q.query('delete from compat_max_prices where user_id = $1 and product = $2', [userId, product]);
}

/** The user's ledger, as 5sim's payments. */
export function listPayments(
  q: Queryable,
  userId: number,
  page: { limit: number; offset: number; ascending: boolean },
) {
  const dir = page.ascending ? 'asc' : 'desc';
  return Promise.all([
    q.query<{ id: number; type: string; amount: string; balance_after: string; created_at: Date }>(
      `select id, type, amount::text as amount, balance_after::text as balance_after, created_at
       from ledger_entries where user_id = $1 order by created_at ${dir}, id ${dir} limit $2 offset $3`,
      [userId, page.limit, page.offset],
    ),
    q.query<{ n: number }>('select count(*)::int as n from ledger_entries where user_id = $1', [userId]),
  ]);
}

/** Whether the user held this number for this application before (5sim `reuse`). */
export async function heldBefore(q: Queryable, userId: number, applicationId: number, phone: string) {
  const rows = await q.query(
    'select 1 from rentals where user_id = $1 and application_id = $2 and phone_number = $3 limit 1',
    [userId, applicationId, phone],
  );
  return rows.length > 0;
}
