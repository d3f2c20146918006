import type { Queryable } from '../../db/client';

export type ClaimedAddress = {
  address_id: number;
  address: string;
  cursor_ms: number | null;
  created_ms: number;
  hot: boolean;
};

/** Every address of the pool is watched (a disabled one may still receive what was sent to it). */
export async function ensureScanState(q: Queryable): Promise<void> {
  await q.query(
    `insert into tron_scan_state (address_id)
     select a.id from tron_addresses a where not exists (select 1 from tron_scan_state s where s.address_id = a.id)
     on conflict (address_id) do nothing`,
  );
}

/**
 * Takes up to `limit` addresses to scan: due ones (or all with `all`), those whose owner is looking
 * first, then the longest waiting. A lease, not a lock held across HTTP: another process skips them
 * until it ends, and a process that dies only delays them by the lease.
 */
export async function claimAddresses(
  q: Queryable,
  options: { limit: number; leaseSeconds: number; all: boolean; ignoreLeases: boolean },
): Promise<ClaimedAddress[]> {
  return q.query<ClaimedAddress>(
    `with due as (
       select s.address_id from tron_scan_state s
       where ($3 or s.next_scan_at <= now()) and ($4 or s.lease_until is null or s.lease_until < now())
       order by (s.watch_until > now()) is true desc, s.next_scan_at, s.address_id
       limit $1 for update skip locked
     )
     update tron_scan_state s set lease_until = now() + make_interval(secs => $2)
     from due, tron_addresses a
     where s.address_id = due.address_id and a.id = s.address_id
     returning s.address_id, a.address, s.cursor_ms::float8 as cursor_ms,
       (extract(epoch from a.created_at) * 1000)::float8 as created_ms, (s.watch_until > now()) is true as hot`,
    [options.limit, options.leaseSeconds, options.all, options.ignoreLeases],
  );
}

export async function finishScan(
  q: Queryable,
  addressId: number,
  cursorMs: number | null,
  intervalMs: number,
) {
  await q.query(
    `update tron_scan_state set cursor_ms = greatest(cursor_ms, $2::bigint), last_scan_at = now(), lease_until = null,
       next_scan_at = now() + make_interval(secs => $3)
     where address_id = $1`,
    [addressId, cursorMs, intervalMs / 1000],
  );
}

export async function releaseScan(q: Queryable, addressIds: number[]) {
  if (addressIds.length === 0) return;
  await q.query('update tron_scan_state set lease_until = null where address_id = any($1::int[])', [
    addressIds,
  ]);
}

/** The owner has the recharge page open: scan this address first (and its unsolidified transfers). */
export async function watchAddress(q: Queryable, addressId: number, until: 'page' | Date) {
  const untilSql = until === 'page' ? `now() + interval '2 minutes'` : '$2::timestamptz';
  await q.query(
    `insert into tron_scan_state (address_id, watch_until) values ($1, ${untilSql})
     on conflict (address_id) do update set watch_until = greatest(tron_scan_state.watch_until, excluded.watch_until)
       where tron_scan_state.watch_until is null or tron_scan_state.watch_until < excluded.watch_until - interval '30 seconds'`,
    until === 'page' ? [addressId] : [addressId, until],
  );
}

export async function finalTxIds(q: Queryable, txIds: string[]): Promise<Set<string>> {
  if (txIds.length === 0) return new Set();
  const rows = await q.query<{ tx_id: string }>(
    `select tx_id from usdt_deposits where tx_id = any($1::text[]) and status in ('credited', 'unmatched')`,
    [txIds],
  );
  return new Set(rows.map((r) => r.tx_id));
}

export type RoundRecord = { ok: boolean; error: string | null; ms: number; addresses: number };

export async function recordRound(q: Queryable, r: RoundRecord) {
  if (r.ok) {
    await q.query(
      `update tron_watcher_status set last_round_at = now(), last_success_at = case when $3 > 0 then now() else last_success_at end,
         consecutive_errors = 0, last_round_ms = $1, last_round_addresses = $2 where id = 1`,
      [r.ms, r.addresses, r.addresses],
    );
  } else {
    await q.query(
      `update tron_watcher_status set last_round_at = now(), last_error = $1, last_error_at = now(),
         consecutive_errors = consecutive_errors + 1, last_round_ms = $2, last_round_addresses = $3 where id = 1`,
      [r.error, r.ms, r.addresses],
    );
  }
}
