import type { Queryable } from '../../db/client';

export async function findAssignedAddress(q: Queryable, userId: number) {
  const rows = await q.query<{ id: number; address: string }>(
    'select id, address from tron_addresses where assigned_user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * Gives the user the first free pool address. SKIP LOCKED: two users asking at once take two
 * different rows; the unique assigned_user_id stops one user from taking two.
 */
export async function assignFreeAddress(q: Queryable, userId: number) {
  const rows = await q.query<{ id: number; address: string }>(
    `update tron_addresses set assigned_user_id = $1, assigned_at = now(), updated_at = now()
     where id = (select id from tron_addresses where enabled and not shared and assigned_user_id is null
                 order by id limit 1 for update skip locked)
     returning id, address`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function countSharedAddresses(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>(
    'select count(*)::int as n from tron_addresses where shared and enabled',
  );
  return rows[0]?.n ?? 0;
}

export async function balanceOf(q: Queryable, userId: number): Promise<string> {
  const rows = await q.query<{ balance: string }>(
    'select balance::text as balance from users where id = $1',
    [userId],
  );
  return rows[0]?.balance ?? '0.000000';
}
