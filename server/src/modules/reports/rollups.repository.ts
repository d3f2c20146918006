import type { Queryable } from '../../db/client';
import { dayExpr } from './period';
import type { SuccessRow } from './statistics.repository';

type Range = { start: Date; end: Date; tzOffset: number };

/**
 * The totals that triggers keep per 15 minutes of UTC (migration 0080). A reader's day is whole buckets
 * when their offset is a multiple of 15 minutes (every real time zone); for any other offset the
 * per-day series are read from the raw rows instead.
 */
const BUCKET_MINUTES = 15;
export const bucketsAlignWith = (tzOffset: number) => tzOffset % BUCKET_MINUTES === 0;

/**
 * The dashboard's business since the reader's midnight (revenue, orders, SMS), from the buckets: a sum
 * over at most a day's 96 buckets per shard, where the raw rows would be a day's orders and SMS, which
 * at 100 SMS a second are millions by the evening. The same figures as `businessSince` in
 * overview.repository.ts when `since` starts a bucket.
 */
export async function businessSinceFromBuckets(q: Queryable, since: Date) {
  const rows = await q.query<{ revenue: string | null; orders: number; sms: number }>(
    `select
       (select sum(revenue)::text from report_ledger_buckets where bucket >= $1) as revenue,
       (select coalesce(sum(orders), 0)::int from report_order_buckets where bucket >= $1) as orders,
       (select coalesce(sum(sms), 0)::int from report_sms_buckets where bucket >= $1) as sms`,
    [since],
  );
  return rows[0]!;
}

export function moneyByDayFromBuckets(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; revenue: string | null; refunds: string | null }>(
    `select ${dayExpr('bucket', '$3')} as day, sum(revenue)::text as revenue, sum(refunds)::text as refunds
     from report_ledger_buckets where bucket >= $1 and bucket < $2 group by 1`,
    [start, end, tzOffset],
  );
}

export function ordersByDayFromBuckets(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; count: number }>(
    `select ${dayExpr('bucket', '$3')} as day, sum(orders)::int as count
     from report_order_buckets where bucket >= $1 and bucket < $2 group by 1`,
    [start, end, tzOffset],
  );
}

export function smsByDayFromBuckets(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; count: number }>(
    `select ${dayExpr('bucket', '$3')} as day, sum(sms)::int as count
     from report_sms_buckets where bucket >= $1 and bucket < $2 group by 1`,
    [start, end, tzOffset],
  );
}

export function loginsByDayFromBuckets(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; success: number; failure: number }>(
    `select ${dayExpr('bucket', '$3')} as day, sum(success)::int as success, sum(failure)::int as failure
     from report_login_buckets where bucket >= $1 and bucket < $2 group by 1`,
    [start, end, tzOffset],
  );
}

export function registrationsByDayFromBuckets(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; self: number; admin: number }>(
    `select ${dayExpr('bucket', '$3')} as day, sum(self)::int as self, sum(admin)::int as admin
     from report_registration_buckets where bucket >= $1 and bucket < $2 group by 1`,
    [start, end, tzOffset],
  );
}

/**
 * Rentals that started on the UTC days [fromDay, toDay) and how many got a code, in the shape of
 * `successRates` (operator 0 stands for none). Cells can sum to 0 after a rental moved: left out, as
 * the raw query has no group without rentals.
 */
export function successRatesFromCells(q: Queryable, fromDay: string, toDay: string) {
  return q.query<SuccessRow>(
    `select case
         when grouping(application_id) = 0 then 'application'
         when grouping(country_code) = 0 then 'country'
         when grouping(operator_id) = 0 then 'operator'
         else 'all' end as dimension,
       coalesce(application_id::text, country_code::text, nullif(operator_id, 0)::text) as key,
       sum(rentals)::int as rentals, sum(with_code)::int as with_code
     from report_rental_cells where day >= $1::date and day < $2::date
     group by grouping sets ((application_id), (country_code), (operator_id), ())
     having sum(rentals) > 0`,
    [fromDay, toDay],
  );
}
