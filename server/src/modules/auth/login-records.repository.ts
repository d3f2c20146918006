import type { Db, Queryable } from '../../db/client';

/**
 * The reason a login record ends with. 'pending' (counted against the IP, before the captcha) and
 * 'checking' (counted against the account, before the password) are the states of an attempt in
 * flight: attempts are written BEFORE they are checked, so concurrent ones count each other.
 */
export type LoginOutcome =
  | 'success'
  | 'bad_password'
  | 'unknown_account'
  | 'disabled'
  | 'captcha'
  | 'rate_limited';

export type LoginAttempt = {
  userId: number | null;
  account: string;
  /** The account the attempt is against: `user:<id>` once the username or email is resolved, else `name:<typed>`. */
  accountKey: string;
  ip: string;
  userAgent: string;
};

/** Serializes the transactions holding the same key, in every process, until they end. */
async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

async function insertRecord(q: Queryable, a: LoginAttempt, reason: string, success = false): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into login_records (user_id, account, account_key, ip, user_agent, success, reason)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [a.userId, a.account, a.accountKey, a.ip, a.userAgent, success, reason],
  );
  return rows[0]!.id;
}

export async function insertLoginRecord(q: Queryable, a: LoginAttempt, outcome: LoginOutcome): Promise<void> {
  await insertRecord(q, a, outcome, outcome === 'success');
}

type WindowCount = { count: number; oldest: Date | null };

/**
 * Counts the attempt against its IP, or refuses it: under a per-IP lock, the attempts from the IP in
 * the window (in flight or done, except those already refused) are counted and this one is written
 * as 'pending' when below `limit`, as 'rate_limited' otherwise. Exact under any concurrency.
 */
export async function claimIpAttempt(
  q: Db,
  attempt: LoginAttempt,
  { since, limit }: { since: Date; limit: number },
): Promise<{ id: number } | { refused: WindowCount }> {
  return q.transaction(async (tx) => {
    await lockKey(tx, `login-ip:${attempt.ip}`);
    const [fromIp] = await tx.query<WindowCount>(
      `select count(*)::int as count, min(created_at) as oldest from login_records
       where ip = $1 and created_at > $2 and reason <> 'rate_limited'`,
      [attempt.ip, since],
    );
    if (fromIp && fromIp.count >= limit) {
      await insertRecord(tx, attempt, 'rate_limited');
      return { refused: fromIp };
    }
    return { id: await insertRecord(tx, attempt, 'pending') };
  });
}

/**
 * Counts the attempt against its account before the password is checked: under a per-account lock,
 * the failed and in-flight checks of the account in the window are counted, then this attempt is
 * marked 'checking' with the delay `delayFor(count)` it will wait. Returns that delay.
 */
export async function claimAccountCheck(
  q: Db,
  {
    id,
    accountKey,
    since,
    delayFor,
  }: { id: number; accountKey: string; since: Date; delayFor: (failures: number) => number },
): Promise<number> {
  return q.transaction(async (tx) => {
    await lockKey(tx, `login-account:${accountKey}`);
    const [failures] = await tx.query<{ count: number }>(
      `select count(*)::int as count from login_records
       where account_key = $1 and created_at > $2 and id <> $3
         and reason in ('checking', 'bad_password', 'unknown_account')`,
      [accountKey, since, id],
    );
    const delayMs = delayFor(failures?.count ?? 0);
    await tx.query(`update login_records set reason = 'checking', delay_ms = $2 where id = $1`, [
      id,
      delayMs,
    ]);
    return delayMs;
  });
}

/** The attempt's final outcome. */
export async function finishLoginRecord(q: Queryable, id: number, outcome: LoginOutcome): Promise<void> {
  await q.query('update login_records set reason = $2, success = $3 where id = $1', [
    id,
    outcome,
    outcome === 'success',
  ]);
}
