import { SUSPICIOUS_ACCOUNTS_PER_IP, SUSPICIOUS_FAILURES, SUSPICIOUS_TOP } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { dayExpr } from './period';

type Range = { start: Date; end: Date; tzOffset: number };

export function loginsByDay(q: Queryable, { start, end, tzOffset }: Range) {
  return q.query<{ day: string; success: number; failure: number }>(
    `select ${dayExpr('created_at', '$3')} as day,
       count(*) filter (where success)::int as success, count(*) filter (where not success)::int as failure
     from login_records where created_at >= $1 and created_at < $2 group by 1`,
    [start, end, tzOffset],
  );
}

/**
 * One pass over the period's logins for two answers: per IP the successful and failed logins (the
 * distinct IPs, the locations, folded into countries by the caller: geolocation is offline, in Node,
 * and the failures that decide which IPs can be suspicious), and per user the successful logins, of
 * which the `top` most active users come back with, on each, how many users logged in at all.
 * GROUPING SETS reads the rows once for both groupings: two queries cost ~1.5 times as much database
 * CPU over a year of logins (bench/RESULTS.md, reports).
 */
export async function loginsByIpAndTopUsers(q: Queryable, { start, end }: Range, top: number) {
  const rows = await q.query<{
    kind: 'ip' | 'user';
    ip: string | null;
    user_id: number | null;
    username: string | null;
    success: number;
    failures: number;
    last_at: Date | string | null;
    users: number | null;
  }>(
    `with grouped as materialized (
       select ip, user_id, grouping(ip) = 1 as per_user,
         count(*) filter (where success)::int as success, count(*) filter (where not success)::int as failures,
         max(created_at) filter (where success) as last_at
       from login_records where created_at >= $1 and created_at < $2
       group by grouping sets ((ip), (user_id))),
     most_active as (
       select user_id, success, last_at, (count(*) over ())::int as users
       from grouped where per_user and user_id is not null and success > 0
       order by success desc, user_id limit $3)
     select 'ip' as kind, ip, null::bigint as user_id, null::text as username, success, failures,
       null::timestamptz as last_at, null::int as users
     from grouped where not per_user
     union all
     select 'user', null, m.user_id, u.username, m.success, 0, m.last_at, m.users
     from most_active m join users u on u.id = m.user_id`,
    [start, end, top],
  );
  const ips: { ip: string; success: number; failures: number }[] = [];
  const active: {
    user_id: number;
    username: string;
    logins: number;
    last_at: Date | string;
    users: number;
  }[] = [];
  for (const row of rows) {
    if (row.kind === 'ip') ips.push({ ip: row.ip!, success: row.success, failures: row.failures });
    else
      active.push({
        user_id: row.user_id!,
        username: row.username!,
        logins: row.success,
        last_at: row.last_at!,
        users: row.users!,
      });
  }
  active.sort((a, b) => b.logins - a.logins || a.user_id - b.user_id);
  return { ips, active };
}

type SuspiciousRow = { subject: string; failures: number; accounts: number; last_at: Date | string };

/**
 * IPs with many failed logins, and IPs that tried many different accounts. `among`: only these IPs
 * (the caller knows the answer is among them), which lets PostgreSQL probe them by IP.
 */
export function suspiciousIps(q: Queryable, { start, end }: Range, among?: string[]) {
  return q.query<SuspiciousRow>(
    `select ip as subject, count(*) filter (where not success)::int as failures,
       count(distinct lower(account))::int as accounts, max(created_at) as last_at
     from login_records where created_at >= $1 and created_at < $2 ${among ? 'and ip = any($6::text[])' : ''}
     group by ip
     having count(*) filter (where not success) >= $3 or count(distinct lower(account)) >= $4
     order by failures desc, accounts desc, ip limit $5`,
    [
      start,
      end,
      SUSPICIOUS_FAILURES,
      SUSPICIOUS_ACCOUNTS_PER_IP,
      SUSPICIOUS_TOP * 2,
      ...(among ? [among] : []),
    ],
  );
}

/** Accounts with many failed logins (password guessing against one account). */
export function suspiciousAccounts(q: Queryable, { start, end }: Range) {
  return q.query<SuspiciousRow & { ip: string }>(
    `select lower(account) as subject, count(*)::int as failures, count(distinct ip)::int as accounts,
       max(created_at) as last_at, max(ip) as ip
     from login_records where created_at >= $1 and created_at < $2 and not success
     group by lower(account) having count(*) >= $3
     order by failures desc, subject limit $4`,
    [start, end, SUSPICIOUS_FAILURES, SUSPICIOUS_TOP],
  );
}
