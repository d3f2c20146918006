import type { Queryable } from '../../db/client';

/**
 * The watcher's state in the database: the chain cursor (one row, leased by the process that reads),
 * the addresses whose owner is looking (shown unsolidified transfers), and the round record for health.
 */

/**
 * Takes (or renews) the lease of the chain cursor for `owner`; null while another process holds it.
 * A lease, not a lock held across HTTP: a process that dies only delays the reading by the lease.
 */
export async function claimCursor(
  q: Queryable,
  options: { owner: string; leaseSeconds: number; ignoreLease: boolean },
): Promise<number | null> {
  const rows = await q.query<{ cursor_ms: number }>(
    `update tron_chain_cursor set lease_until = now() + make_interval(secs => $2), lease_owner = $1
     where id = 1 and ($3 or lease_until is null or lease_until < now() or lease_owner = $1)
     returning cursor_ms::float8 as cursor_ms`,
    [options.owner, options.leaseSeconds, options.ignoreLease],
  );
  return rows[0]?.cursor_ms ?? null;
}

/** Every solidified event before `cursorMs` has been settled (it never moves back). */
export async function advanceCursor(q: Queryable, cursorMs: number) {
  await q.query(
    `update tron_chain_cursor set cursor_ms = greatest(cursor_ms, $1::bigint),
       moved_at = case when $1::bigint > cursor_ms then now() else moved_at end, updated_at = now()
     where id = 1`,
    [Math.floor(cursorMs)],
  );
}

export async function releaseCursor(q: Queryable, owner: string) {
  await q.query('update tron_chain_cursor set lease_until = null where id = 1 and lease_owner = $1', [owner]);
}

export async function readCursor(q: Queryable): Promise<number | null> {
  const rows = await q.query<{ cursor_ms: number }>(
    'select cursor_ms::float8 as cursor_ms from tron_chain_cursor where id = 1',
  );
  return rows[0]?.cursor_ms ?? null;
}

/** Which of `addresses` are ours (the unique index on the address: one probe each, however many we have). */
export async function ourAddresses(q: Queryable, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await q.query<{ address: string }>(
    'select address from tron_addresses where address = any($1::text[])',
    [addresses],
  );
  return new Set(rows.map((r) => r.address));
}

export async function hasAddresses(q: Queryable): Promise<boolean> {
  const rows = await q.query<{ any: boolean }>('select exists (select 1 from tron_addresses) as any');
  return rows[0]?.any ?? false;
}

/**
 * The address whose owner is looking and whose unsolidified transfers were looked at longest ago, now
 * marked looked at (SKIP LOCKED: two processes take two addresses).
 */
export async function takeWatchedAddress(q: Queryable): Promise<string | null> {
  const rows = await q.query<{ address: string }>(
    `with next as (
       select s.address_id from tron_scan_state s where s.watch_until > now()
       order by s.last_scan_at nulls first, s.address_id limit 1 for update skip locked
     )
     update tron_scan_state s set last_scan_at = now() from next, tron_addresses a
     where s.address_id = next.address_id and a.id = s.address_id
     returning a.address`,
  );
  return rows[0]?.address ?? null;
}

/** The owner has the recharge page open (or an order is open): their unsolidified transfers are shown. */
export async function watchAddress(q: Queryable, addressId: number, until: 'page' | Date) {
  const untilSql = until === 'page' ? `now() + interval '2 minutes'` : '$2::timestamptz';
  await q.query(
    `insert into tron_scan_state (address_id, watch_until) values ($1, ${untilSql})
     on conflict (address_id) do update set watch_until = greatest(tron_scan_state.watch_until, excluded.watch_until)
       where tron_scan_state.watch_until is null or tron_scan_state.watch_until < excluded.watch_until - interval '30 seconds'`,
    until === 'page' ? [addressId] : [addressId, until],
  );
}

export type RoundRecord = { ok: boolean; error: string | null; ms: number; events: number };

export async function recordRound(q: Queryable, r: RoundRecord) {
  if (r.ok) {
    await q.query(
      `update tron_watcher_status set last_round_at = now(), last_success_at = now(),
         consecutive_errors = 0, last_round_ms = $1, last_round_addresses = $2 where id = 1`,
      [r.ms, r.events],
    );
  } else {
    await q.query(
      `update tron_watcher_status set last_round_at = now(), last_error = $1, last_error_at = now(),
         consecutive_errors = consecutive_errors + 1, last_round_ms = $2, last_round_addresses = $3 where id = 1`,
      [r.error, r.ms, r.events],
    );
  }
}

/** Which of these transfer events are settled for good (read again, they need no transaction at all). */
export async function settledEvents(
  q: Queryable,
  events: Array<{ txId: string; eventIndex: number | null }>,
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await q.query<{ key: string }>(
    `select d.tx_id || ':' || d.event_index as key from usdt_deposits d
     join unnest($1::text[], $2::int[]) as e(tx_id, event_index)
       on d.tx_id = e.tx_id and d.event_index = e.event_index
     where d.status in ('credited', 'unmatched')`,
    [events.map((e) => e.txId), events.map((e) => e.eventIndex)],
  );
  return new Set(rows.map((r) => r.key));
}
