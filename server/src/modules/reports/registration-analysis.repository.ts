import type { Queryable } from '../../db/client';
import { dayExpr } from './period';

type Range = { start: Date; end: Date; tzOffset: number };

/** Sign-ups per day and source: the sign-up form stores the IP; users an administrator created have none. */
export function registrationsByDay(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; self: number; admin: number }>(
    `select ${dayExpr('created_at', '$3')} as day,
       count(*) filter (where register_ip is not null)::int as self,
       count(*) filter (where register_ip is null)::int as admin
     from users where created_at >= $1 and created_at < $2 group by 1`,
    [start, end, tzOffset],
  );
}

export function registrationsByIp(q: Queryable, { start, end }: Range) {
  return q.query<{ ip: string; count: number }>(
    `select register_ip as ip, count(*)::int as count from users
     where created_at >= $1 and created_at < $2 and register_ip is not null group by register_ip`,
    [start, end],
  );
}

/**
 * Who paid most in the period: purchases and renewals (ledger `consume`) minus refunds, with the
 * number of orders they placed in it.
 */
export function topSpenders(q: Queryable, { start, end }: Range, top: number) {
  return q.query<{
    user_id: number;
    username: string;
    created_at: Date | string;
    spent: string;
    orders: number;
  }>(
    `with spend as (
       select user_id, -sum(amount) as spent from ledger_entries
       where created_at >= $1 and created_at < $2 and type in ('consume', 'refund')
       group by user_id having -sum(amount) > 0
       order by spent desc, user_id limit $3
     )
     select s.user_id, u.username, u.created_at, s.spent::text as spent,
       (select count(*)::int from store_orders o
        where o.user_id = s.user_id and o.created_at >= $1 and o.created_at < $2) as orders
     from spend s join users u on u.id = s.user_id
     order by s.spent desc, s.user_id`,
    [start, end, top],
  );
}
