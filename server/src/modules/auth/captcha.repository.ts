import type { Queryable } from '../../db/client';

export async function insertCaptcha(
  q: Queryable,
  key: string,
  answer: string,
  expiresAt: Date,
): Promise<void> {
  await q.query('insert into captchas (key, answer, expires_at) values ($1, $2, $3)', [
    key,
    answer,
    expiresAt,
  ]);
}

/** Deletes the captcha and returns its answer if it had not expired: an answer can be checked once only. */
export async function consumeCaptcha(q: Queryable, key: string): Promise<string | null> {
  const rows = await q.query<{ answer: string; live: boolean }>(
    'delete from captchas where key = $1 returning answer, expires_at > now() as live',
    [key],
  );
  const row = rows[0];
  return row?.live ? row.answer : null;
}

export async function deleteExpiredCaptchas(q: Queryable): Promise<void> {
  await q.query('delete from captchas where expires_at < now()');
}
