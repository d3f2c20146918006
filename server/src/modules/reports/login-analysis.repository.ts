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
 * Per IP in the period: successful and failed logins and the last attempt. One pass gives the distinct
 * IPs, the locations (successful logins, folded into countries by the caller: geolocation is offline,
 * in Node) and the failures that decide which IPs can be suspicious.
 */
export function loginsByIp(q: Queryable, { start, end }: Range) {
  return q.query<{ ip: string; success: number; failures: number }>(
    `select ip, count(*) filter (where success)::int as success, count(*) filter (where not success)::int as failures
     from login_records where created_at >= $1 and created_at < $2 group by ip`,
    [start, end],
  );
}

/** The most active users (successful logins) and, on every row, how many users logged in at all. */
export function mostActiveUsers(q: Queryable, { start, end }: Range, top: number) {
  return q.query<{
    user_id: number;
    username: string;
    logins: number;
    last_at: Date | string;
    users: number;
  }>(
    `select l.user_id, u.username, l.logins, l.last_at, l.users
     from (select user_id, count(*)::int as logins, max(created_at) as last_at, (count(*) over ())::int as users
           from login_records
           where created_at >= $1 and created_at < $2 and success and user_id is not null
           group by user_id order by logins desc, user_id limit $3) l
     join users u on u.id = l.user_id
     order by l.logins desc, l.user_id`,
    [start, end, top],
  );
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
