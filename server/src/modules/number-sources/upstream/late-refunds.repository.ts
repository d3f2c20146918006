import type { Queryable } from '../../../db/client';
import { HOLDING } from '../../store/store.repository';
import type { ActivationWithProvider } from './activations.repository';

/** The first late read, this long after the end (late-refunds.ts: the waits that follow). */
export const LATE_FIRST_READ_MS = 60_000;

/**
 * When our side of a rental ended, by the database's clock: its end when an administrator ended it,
 * else its validity's end (or now, when the provider ended it before). The late-refund window counts
 * from there. Read before the relay ends the rental.
 */
export async function ourEndOf(q: Queryable, rentalId: number) {
  const [row] = await q.query<{ ended: Date }>(
    `select least(now(), case when status in ${HOLDING} then expires_at else coalesce(ended_at, now()) end) as ended
     from rentals where id = $1`,
    [rentalId],
  );
  return row ? new Date(row.ended) : null;
}

/**
 * An ended activation whose outcome can still change is watched until `until` (nothing when that is
 * past), first read LATE_FIRST_READ_MS after; once per activation.
 */
export async function watchLateRefund(
  q: Queryable,
  a: { id: number; provider_id: number },
  r: { customer: boolean; until: Date },
) {
  await q.query(
    `insert into upstream_late_refund_watch (activation_id, provider_id, customer, until, next_at)
     select $1, $2, $3, $4::timestamptz, now() + make_interval(secs => $5::float8 / 1000)
     where $4::timestamptz > now()
     on conflict (activation_id) do nothing`,
    [a.id, a.provider_id, r.customer, r.until, LATE_FIRST_READ_MS],
  );
}

export type LateWatch = Pick<
  ActivationWithProvider,
  | 'id'
  | 'provider_id'
  | 'upstream_id'
  | 'phone_number'
  | 'rental_id'
  | 'retry_round'
  | 'cost'
  | 'cost_usdt'
  | 'provider'
> & { customer: boolean; reads: number };

/** Windows that ran out: the outcome stays what it is (finished, paid). */
export async function dropExpiredWatches(q: Queryable) {
  await q.query('delete from upstream_late_refund_watch where until <= now()');
}

/**
 * Watched activations due for a read, claimed for `leaseMs` (SKIP LOCKED: another process reads
 * others, and skips these until the lease runs out).
 */
export function claimLateDue(q: Queryable, limit: number, leaseMs: number) {
  return q.query<LateWatch>(
    `with due as (
       select activation_id from upstream_late_refund_watch where next_at <= now() and until > now()
       order by next_at, activation_id limit $1 for update skip locked
     ), leased as (
       update upstream_late_refund_watch w set next_at = now() + make_interval(secs => $2::float8 / 1000),
         reads = w.reads + 1
       from due where w.activation_id = due.activation_id returning w.*
     )
     select a.id, a.provider_id, a.upstream_id, a.phone_number, a.rental_id, a.retry_round, a.cost::text as cost,
       a.cost_usdt::text as cost_usdt, l.customer, l.reads,
       json_build_object('id', p.id, 'protocol', p.protocol, 'base_url', p.base_url, 'api_key', p.api_key,
         'rate_to_usdt', p.rate_to_usdt::text) as provider
     from leased l join upstream_activations a on a.id = l.activation_id
     join upstream_providers p on p.id = a.provider_id
     where a.state = 'ended' and a.upstream_id is not null`,
    [limit, leaseMs],
  );
}

export async function rescheduleLate(q: Queryable, activationId: number, waitMs: number) {
  await q.query(
    `update upstream_late_refund_watch set next_at = now() + make_interval(secs => $2::float8 / 1000)
     where activation_id = $1`,
    [activationId, waitMs],
  );
}

export async function dropWatch(q: Queryable, activationId: number) {
  await q.query('delete from upstream_late_refund_watch where activation_id = $1', [activationId]);
}

/**
 * ended·finished → ended·refunded: the provider refunded after our side ended, exactly once (false:
 * another process or path did it).
 */
export async function markLateRefunded(q: Queryable, id: number) {
  const rows = await q.query(
    `update upstream_activations set outcome = 'refunded', updated_at = now(), note = 'refunded late by the provider'
     where id = $1 and state = 'ended' and outcome = 'finished' returning id`,
    [id],
  );
  return rows.length > 0;
}
