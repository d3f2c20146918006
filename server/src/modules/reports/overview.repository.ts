import type { Queryable } from '../../db/client';

/** Rentals that still hold their number (spec: active, inactive or suspended). */
export async function activeRentalCount(q: Queryable, userId: number) {
  const rows = await q.query<{ n: number }>(
    `select count(*)::int as n from rentals
     where user_id = $1 and status in ('active', 'inactive', 'suspended')`,
    [userId],
  );
  return rows[0]!.n;
}

export async function codesSince(q: Queryable, userId: number, since: Date) {
  const rows = await q.query<{ n: number }>(
    `select count(*)::int as n from sms_messages s join rentals r on r.id = s.rental_id
     where r.user_id = $1 and s.code is not null and s.received_at >= $2`,
    [userId, since],
  );
  return rows[0]!.n;
}

export function recentCodes(q: Queryable, userId: number, limit: number) {
  return q.query<{
    id: number;
    phone_number: string;
    name_zh: string | null;
    name_en: string | null;
    code: string;
    received_at: Date | string;
  }>(
    `select s.id, s.phone_number, a.name_zh, a.name_en, s.code, s.received_at
     from sms_messages s join rentals r on r.id = s.rental_id
     left join applications a on a.id = s.application_id
     where r.user_id = $1 and s.code is not null
     order by s.received_at desc, s.id desc limit $2`,
    [userId, limit],
  );
}

export async function businessSince(q: Queryable, since: Date) {
  const rows = await q.query<{ revenue: string | null; orders: number; sms: number }>(
    `select
       (select (-sum(amount))::text from ledger_entries where type = 'consume' and created_at >= $1) as revenue,
       (select count(*)::int from store_orders where created_at >= $1) as orders,
       (select count(*)::int from sms_messages where received_at >= $1) as sms`,
    [since],
  );
  return rows[0]!;
}

/** Numbers per country and state, from the counts kept as numbers are written (migration 0250). */
export function stockByCountry(q: Queryable) {
  return q.query<{
    country_code: string;
    name_zh: string | null;
    name_en: string | null;
    available: number;
    in_use: number;
    total: number;
  }>(
    `select p.country_code, c.name_zh, c.name_en, p.available, p.in_use, p.total
     from (select country_code, coalesce(sum(n) filter (where state = 'available'), 0)::int as available,
             coalesce(sum(n) filter (where state = 'in_use'), 0)::int as in_use, sum(n)::int as total
           from stock_count_deltas group by country_code having sum(n) > 0) p
     left join countries c on c.code = p.country_code
     order by p.available desc, p.country_code`,
  );
}

export function gatewayHealth(q: Queryable, since: Date) {
  return q.query<{
    id: number;
    name: string;
    kind: string;
    enabled: boolean;
    demo: boolean;
    last_seen_at: Date | string | null;
    received: number;
    rejected: number;
  }>(
    `select g.id, g.name, g.kind, g.enabled, g.demo, g.last_seen_at,
       (select count(*)::int from sms_messages s where s.gateway_id = g.id and s.created_at >= $1) as received,
       (select coalesce(sum(j.repeats), 0)::int from gateway_rejections j where j.gateway_id = g.id and j.created_at >= $1) as rejected
     from gateways g order by g.enabled desc, g.id`,
    [since],
  );
}
