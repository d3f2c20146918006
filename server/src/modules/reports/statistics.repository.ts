import type { Queryable } from '../../db/client';
import { dayExpr } from './period';

type Range = { start: Date; end: Date; tzOffset: number };

/** Sales (purchases and renewals) and refunds per day, from the ledger. */
export function moneyByDay(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; revenue: string | null; refunds: string | null }>(
    `select ${dayExpr('created_at', '$3')} as day,
       (-sum(amount) filter (where type = 'consume'))::text as revenue,
       (sum(amount) filter (where type = 'refund'))::text as refunds
     from ledger_entries
     where created_at >= $1 and created_at < $2 and type in ('consume', 'refund')
     group by 1`,
    [start, end, tzOffset],
  );
}

export function ordersByDay(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; count: number }>(
    `select ${dayExpr('created_at', '$3')} as day, count(*)::int as count
     from store_orders where created_at >= $1 and created_at < $2 group by 1`,
    [start, end, tzOffset],
  );
}

export function smsByDay(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; count: number }>(
    `select ${dayExpr('received_at', '$3')} as day, count(*)::int as count
     from sms_messages where received_at >= $1 and received_at < $2 group by 1`,
    [start, end, tzOffset],
  );
}

export type SuccessRow = {
  dimension: 'application' | 'country' | 'operator' | 'all';
  key: string | null;
  rentals: number;
  with_code: number;
};

/**
 * Rentals started in the period and how many received a code, by application, by country, by
 * operator and in all, in one pass (grouping sets). A code is an SMS attributed to the rental with
 * an extracted code (index `sms_messages_rental_code_idx` answers each probe).
 */
export function successRates(q: Queryable, { start, end }: Range) {
  return q.query<SuccessRow>(
    `with r as (
       select r.application_id, r.country_code, r.operator_id, c.got is not null as got
       from rentals r
       -- A lateral probe with limit 1: one index lookup per rental of the period. (An exists subquery
       -- let the planner hash every coded SMS of all time instead, whatever the period.)
       left join lateral (
         select true as got from sms_messages s where s.rental_id = r.id and s.code is not null limit 1
       ) c on true
       where r.starts_at >= $1 and r.starts_at < $2
     )
     select case
         when grouping(application_id) = 0 then 'application'
         when grouping(country_code) = 0 then 'country'
         when grouping(operator_id) = 0 then 'operator'
         else 'all' end as dimension,
       coalesce(application_id::text, country_code::text, operator_id::text) as key,
       count(*)::int as rentals, count(*) filter (where got)::int as with_code
     from r
     group by grouping sets ((application_id), (country_code), (operator_id), ())`,
    [start, end],
  );
}

/** Names of the catalog rows the rates refer to (small tables: read whole). */
export async function catalogNames(q: Queryable) {
  const [applications, countries, operators] = await Promise.all([
    q.query<{ id: number; name_zh: string; name_en: string }>(
      'select id, name_zh, name_en from applications',
    ),
    q.query<{ code: string; name_zh: string; name_en: string }>(
      'select code, name_zh, name_en from countries',
    ),
    q.query<{ id: number; name: string; country_code: string }>(
      'select id, name, country_code from operators',
    ),
  ]);
  return { applications, countries, operators };
}
