import type { PricePlanKey } from '@jiema/shared';
import type { Queryable } from '../../db/client';

export type SmsAccount = {
  plan: PricePlanKey;
  freeUsed: number;
  dailyLimit: number | null;
  monthlyLimit: number | null;
};

type AccountRow = {
  plan: PricePlanKey;
  free_used: number;
  daily_limit: number | null;
  monthly_limit: number | null;
};
const toAccount = (row: AccountRow): SmsAccount => ({
  plan: row.plan,
  freeUsed: row.free_used,
  dailyLimit: row.daily_limit,
  monthlyLimit: row.monthly_limit,
});

/** The account (created on first use with the basic plan); `lock` serialises confirms of one user across processes. */
export async function accountOf(q: Queryable, userId: number, lock = false): Promise<SmsAccount> {
  if (lock) await q.query('insert into sms_accounts (user_id) values ($1) on conflict do nothing', [userId]);
  const rows = await q.query<AccountRow>(
    `select plan, free_used, daily_limit, monthly_limit from sms_accounts where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return rows[0] ? toAccount(rows[0]) : { plan: 'basic', freeUsed: 0, dailyLimit: null, monthlyLimit: null };
}

export async function saveAccount(
  q: Queryable,
  userId: number,
  change: { plan: PricePlanKey; dailyLimit?: number | null; monthlyLimit?: number | null },
) {
  await q.query('insert into sms_accounts (user_id) values ($1) on conflict do nothing', [userId]);
  await q.query(
    `update sms_accounts set plan = $2,
       daily_limit = case when $3::boolean then $4::integer else daily_limit end,
       monthly_limit = case when $5::boolean then $6::integer else monthly_limit end,
       updated_at = now()
     where user_id = $1`,
    [
      userId,
      change.plan,
      change.dailyLimit !== undefined,
      change.dailyLimit ?? null,
      change.monthlyLimit !== undefined,
      change.monthlyLimit ?? null,
    ],
  );
}

const TODAY = `(now() at time zone 'utc')::date`;

/** Segments confirmed today and this month (UTC), refunds subtracted. */
export async function usageOf(q: Queryable, userId: number): Promise<{ daily: number; monthly: number }> {
  const rows = await q.query<{ daily: number; monthly: number }>(
    `select coalesce(sum(segments) filter (where day = ${TODAY}), 0)::int as daily,
            coalesce(sum(segments), 0)::int as monthly
       from sms_usage_days
      where user_id = $1 and day >= date_trunc('month', now() at time zone 'utc')::date`,
    [userId],
  );
  return rows[0] ?? { daily: 0, monthly: 0 };
}

/** Adds (or, negative, gives back) confirmed segments and free segments; returns the usage day. */
export async function recordUsage(
  q: Queryable,
  userId: number,
  change: { segments: number; messages: number; freeSegments: number; day?: string },
): Promise<string> {
  const rows = await q.query<{ day: string }>(
    `insert into sms_usage_days (user_id, day, segments, messages)
     values ($1, coalesce($2::date, ${TODAY}), $3, $4)
     on conflict (user_id, day) do update
       set segments = sms_usage_days.segments + excluded.segments,
           messages = sms_usage_days.messages + excluded.messages
     returning to_char(day, 'YYYY-MM-DD') as day`,
    [userId, change.day ?? null, change.segments, change.messages],
  );
  if (change.freeSegments !== 0) {
    await q.query(
      'update sms_accounts set free_used = greatest(0, free_used + $2), updated_at = now() where user_id = $1',
      [userId, change.freeSegments],
    );
  }
  return rows[0]!.day;
}

/** The last 30 UTC days of a user's messages, every day present (charts). */
export async function usageByDay(q: Queryable, userId: number) {
  return q.query<{ day: string; messages: number; segments: number; delivered: number; failed: number }>(
    `with days as (
       select generate_series(${TODAY} - 29, ${TODAY}, interval '1 day')::date as day
     ), sent as (
       select (created_at at time zone 'utc')::date as day, count(*)::int as messages,
              sum(segments)::int as segments,
              count(*) filter (where status = 'delivered')::int as delivered,
              count(*) filter (where status = 'failed')::int as failed
         from sms_outbound
        where user_id = $1 and created_at >= (${TODAY} - 29)::timestamp at time zone 'utc'
        group by 1
     )
     select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sent.messages, 0) as messages,
            coalesce(sent.segments, 0) as segments, coalesce(sent.delivered, 0) as delivered,
            coalesce(sent.failed, 0) as failed
       from days left join sent on sent.day = days.day
      order by days.day`,
    [userId],
  );
}
