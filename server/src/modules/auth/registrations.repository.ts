import type { Queryable } from '../../db/client';

type WindowCount = { count: number; oldest: Date | null };

/** Accounts registered from one IP since `since`. */
export async function countRegistrationsFromIp(q: Queryable, ip: string, since: Date): Promise<WindowCount> {
  const rows = await q.query<WindowCount>(
    'select count(*)::int as count, min(created_at) as oldest from users where register_ip = $1 and created_at > $2',
    [ip, since],
  );
  return rows[0] ?? { count: 0, oldest: null };
}

/**
 * Inside the registering transaction: waits for the other registrations from the same IP (in any
 * process) to end, then counts. The lock is held until this transaction commits its new user.
 */
export async function claimRegistration(q: Queryable, ip: string, since: Date): Promise<WindowCount> {
  await q.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`register-ip:${ip}`]);
  return countRegistrationsFromIp(q, ip, since);
}
