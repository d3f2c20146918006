import type { Queryable } from '../../db/client';

export type LoginOutcome =
  | 'success'
  | 'bad_password'
  | 'unknown_account'
  | 'disabled'
  | 'captcha'
  | 'rate_limited';

export async function insertLoginRecord(
  q: Queryable,
  record: { userId: number | null; account: string; ip: string; userAgent: string; outcome: LoginOutcome },
): Promise<void> {
  await q.query(
    `insert into login_records (user_id, account, ip, user_agent, success, reason) values ($1, $2, $3, $4, $5, $6)`,
    [
      record.userId,
      record.account,
      record.ip,
      record.userAgent,
      record.outcome === 'success',
      record.outcome,
    ],
  );
}

type WindowCount = { count: number; oldest: Date | null };

/** Attempts from one IP since `since` (every outcome but those already refused for rate). */
export async function countAttemptsFromIp(q: Queryable, ip: string, since: Date): Promise<WindowCount> {
  const rows = await q.query<WindowCount>(
    `select count(*) as count, min(created_at) as oldest from login_records
     where ip = $1 and created_at > $2 and reason <> 'rate_limited'`,
    [ip, since],
  );
  return rows[0] ?? { count: 0, oldest: null };
}

/** Wrong passwords for one account since `since`: what locks an account against guessing. */
export async function countPasswordFailures(
  q: Queryable,
  account: string,
  since: Date,
): Promise<WindowCount> {
  const rows = await q.query<WindowCount>(
    `select count(*) as count, min(created_at) as oldest from login_records
     where lower(account) = lower($1) and created_at > $2 and reason = 'bad_password'`,
    [account, since],
  );
  return rows[0] ?? { count: 0, oldest: null };
}
