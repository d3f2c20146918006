import type { Queryable } from '../../db/client';

export type EmailTokenPurpose = 'password_reset' | 'email_verify';

export async function insertEmailToken(
  q: Queryable,
  token: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; email: string; ttlMs: number },
): Promise<void> {
  await q.query(
    `insert into email_tokens (user_id, purpose, token_hash, email, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision))`,
    [token.userId, token.purpose, token.tokenHash, token.email, token.ttlMs / 1000],
  );
  // Expired links are worth nothing: forget them as new ones are made, keeping the table small.
  await q.query(`delete from email_tokens where expires_at < now() - interval '7 days'`);
}

/**
 * Marks a live token of that purpose used and returns its user, in one statement: of two requests
 * with the same link at once, exactly one gets the row (the other sees `used_at` set and gets none).
 * The token must still be for the user's current email.
 */
export async function consumeEmailToken(
  q: Queryable,
  purpose: EmailTokenPurpose,
  tokenHash: string,
): Promise<{ userId: number } | null> {
  const rows = await q.query<{ user_id: number }>(
    `update email_tokens t set used_at = now()
       from users u
      where t.token_hash = $1 and t.purpose = $2 and t.used_at is null and t.expires_at > now()
        and u.id = t.user_id and lower(u.email) = lower(t.email)
      returning t.user_id`,
    [tokenHash, purpose],
  );
  return rows[0] ? { userId: Number(rows[0].user_id) } : null;
}

/** Every other pending link of the user for that purpose dies with the one just used. */
export async function retireEmailTokens(q: Queryable, userId: number, purpose: EmailTokenPurpose) {
  await q.query(
    `update email_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null`,
    [userId, purpose],
  );
}

export async function findUserForMail(
  q: Queryable,
  email: string,
): Promise<{ id: number; username: string; email: string; enabled: boolean } | null> {
  const rows = await q.query<{ id: number; username: string; email: string; enabled: boolean }>(
    `select id, username, email, enabled from users where lower(email) = lower($1)`,
    [email],
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function markEmailVerified(q: Queryable, userId: number): Promise<void> {
  await q.query(`update users set email_verified = true, updated_at = now() where id = $1`, [userId]);
}

export async function isEmailTokenLive(q: Queryable, tokenHash: string, purpose: EmailTokenPurpose) {
  const rows = await q.query(
    `select 1 from email_tokens where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()`,
    [tokenHash, purpose],
  );
  return rows.length > 0;
}
