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

/** Derived addresses are numbered one at a time (rare: once per customer, ever). */
const HD_INDEX_LOCK = 0x7e5d_0141;

/**
 * Gives the user the next address of the extended public key, recorded with its index, in the
 * caller's transaction. The unique assigned_user_id stops one user from taking two (the caller
 * retries by reading theirs).
 */
export async function assignDerivedAddress(
  q: Queryable,
  userId: number,
  hd: { keyId: string; pathPattern: string; addressAt(index: number): string },
) {
  await q.query('select pg_advisory_xact_lock($1)', [HD_INDEX_LOCK]);
  const [next] = await q.query<{ index: number }>(
    'select coalesce(max(derivation_index) + 1, 0)::int as index from tron_addresses where hd_key = $1',
    [hd.keyId],
  );
  const index = next!.index;
  const address = hd.addressAt(index);
  const rows = await q.query<{ id: number; address: string }>(
    `insert into tron_addresses (address, label, assigned_user_id, assigned_at, hd_key, derivation_index)
     values ($1, $2, $3, now(), $4, $5) returning id, address`,
    [address, hd.pathPattern.replace('{i}', String(index)), userId, hd.keyId, index],
  );
  return rows[0]!;
}

export async function countDerivedAddresses(q: Queryable, keyId: string): Promise<number> {
  const rows = await q.query<{ n: number }>(
    'select count(*)::int as n from tron_addresses where hd_key = $1',
    [keyId],
  );
  return rows[0]?.n ?? 0;
}
