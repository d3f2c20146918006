import type { Queryable } from '../db/client';

export type WindowCount = { count: number; resetsInSeconds: number };

/**
 * Adds one to `key`'s counter for the current fixed window and returns the new count. One row per key
 * per window (so bounded, whatever the traffic); the upsert locks that row, so callers racing on one
 * key, in any process, each get a distinct count. Inside a transaction that is then rolled back, the
 * attempt is not counted.
 */
export async function countInWindow(q: Queryable, key: string, windowSeconds: number): Promise<WindowCount> {
  const rows = await q.query<{ count: number; resets_in: number }>(
    `insert into rate_counters (key, window_start, count)
     values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), 1)
     on conflict (key, window_start) do update set count = rate_counters.count + 1
     returning count, ceil(extract(epoch from window_start) + $2 - extract(epoch from now()))::int as resets_in`,
    [key, windowSeconds],
  );
  const row = rows[0]!;
  // A new window for this key: forget the windows that ended long ago (any key), keeping the table small.
  if (row.count === 1) {
    await q.query(`delete from rate_counters where window_start < now() - interval '1 day'`);
  }
  return { count: Number(row.count), resetsInSeconds: Math.max(1, Number(row.resets_in)) };
}
