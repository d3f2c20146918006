import type { Queryable } from '../../db/client';

/**
 * Marks a solved challenge as used until it expires anyway; false when it was used before. Only
 * solved challenges are written (each costs its solver the proof of work), and expired ones go.
 */
export async function markChallengeUsed(q: Queryable, signature: string, expiresAt: Date): Promise<boolean> {
  await q.query('delete from captcha_uses where expires_at < now()');
  const rows = await q.query(
    'insert into captcha_uses (signature, expires_at) values ($1, $2) on conflict (signature) do nothing returning 1',
    [signature, expiresAt],
  );
  return rows.length === 1;
}

/** The secret every server process signs challenges with: made by the first process that needs it. */
export async function loadOrCreateSecret(q: Queryable, name: string, candidate: string): Promise<string> {
  await q.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    candidate,
  ]);
  const rows = await q.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
  return rows[0]!.value;
}
