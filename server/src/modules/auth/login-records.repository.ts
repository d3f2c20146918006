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
      // Counted on the IP's latest refusal of the last minute (0106): a flood adds a row a minute.
      const counted = await tx.query(
        `update login_records set repeats = repeats + 1
          where id = (select id from login_records
                       where ip = $1 and reason = 'rate_limited' and created_at > now() - interval '1 minute'
                       order by created_at desc limit 1)
          returning id`,
        [attempt.ip],
      );
      if (!counted.length) await insertRecord(tx, attempt, 'rate_limited');
      return { refused: fromIp };
    }
    return { id: await insertRecord(tx, attempt, 'pending') };
  });
}

/**
 * Counts the attempt against its account before the password is checked, and gives it its turn:
 * under a per-account lock (every process), the failed and in-flight checks of the account in the
 * window are counted, giving the delay `delayFor(count)`; once there is one, the check's slot is that
 * delay after the later of now and the account's latest slot, so checks of one account go one after
 * another (25 guesses at once no longer all wait the same 20 s side by side). A slot further than
 * `maxWaitMs` away is refused (the attempt is recorded 'rate_limited'). An address that logged in to
 * this account successfully since `knownSince` is its owner's device as far as we can tell: no
 * delay, no slot, so a stranger's guesses never hold the owner's own logins.
 */
export async function claimAccountCheck(
  q: Db,
  {
    id,
    accountKey,
    ip,
    since,
    knownSince,
    maxWaitMs,
    delayFor,
  }: {
    id: number;
    accountKey: string;
    ip: string;
    since: Date;
    knownSince: Date;
    maxWaitMs: number;
    delayFor: (failures: number) => number;
  },
): Promise<{ waitMs: number } | { refusedForMs: number }> {
  return q.transaction(async (tx) => {
    await lockKey(tx, `login-account:${accountKey}`);
    const [known] = await tx.query<{ known: boolean }>(
      `select exists (select 1 from login_records
                       where account_key = $1 and ip = $2 and success and created_at > $3) as known`,
      [accountKey, ip, knownSince],
    );
    const [failures] = await tx.query<{ count: number; last_slot_ms: string | null; now_ms: string }>(
      `select count(*)::int as count,
              (extract(epoch from max(check_at)) * 1000)::bigint::text as last_slot_ms,
              (extract(epoch from clock_timestamp()) * 1000)::bigint::text as now_ms
         from login_records
        where account_key = $1 and created_at > $2 and id <> $3
          and reason in ('checking', 'bad_password', 'unknown_account')`,
      [accountKey, since, id],
    );
    const delayMs = known?.known ? 0 : delayFor(failures?.count ?? 0);
    const now = Number(failures!.now_ms);
    const lastSlot = failures!.last_slot_ms === null ? 0 : Number(failures!.last_slot_ms);
    const slot = delayMs > 0 ? Math.max(now, lastSlot) + delayMs : now;
    const waitMs = slot - now;
    if (waitMs > maxWaitMs) {
      await tx.query(`update login_records set reason = 'rate_limited', delay_ms = $2 where id = $1`, [
        id,
        delayMs,
      ]);
      return { refusedForMs: waitMs };
    }
    await tx.query(
      `update login_records set reason = 'checking', delay_ms = $2,
              check_at = case when $2 > 0 then to_timestamp($3::double precision / 1000) end
        where id = $1`,
      [id, delayMs, slot],
    );
    return { waitMs };
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
