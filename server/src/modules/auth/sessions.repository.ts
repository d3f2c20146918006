import type { Queryable } from '../../db/client';
import { toUserRecord, USER_COLUMNS, type UserRecord } from '../users/users.repository';

export type SessionLookup = {
  sessionId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  user: UserRecord;
};

export async function insertSession(
  q: Queryable,
  session: { userId: number; tokenHash: string; expiresAt: Date; ip: string; userAgent: string },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into sessions (user_id, token_hash, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5) returning id`,
    [session.userId, session.tokenHash, session.expiresAt, session.ip, session.userAgent],
  );
  return rows[0]!.id;
}

/**
 * The sessions of several tokens together with their users, in one round trip: the hot path of every
 * authenticated request (see `batchPerTick` in auth.service). Unknown tokens are absent from the map.
 */
export async function findSessionsByTokenHashes(
  q: Queryable,
  tokenHashes: string[],
): Promise<Map<string, SessionLookup>> {
  const rows = await q.query<Record<string, unknown>>(
    `select s.token_hash, s.id as session_id, s.expires_at, s.revoked_at, ${USER_COLUMNS}
     from sessions s join users u on u.id = s.user_id where s.token_hash = any($1::text[])`,
    [tokenHashes],
    { prepare: 'find_sessions_by_token_hashes' },
  );
  const found = new Map<string, SessionLookup>();
  for (const row of rows) {
    found.set(row.token_hash as string, {
      sessionId: row.session_id as number,
      expiresAt: row.expires_at as Date,
      revokedAt: row.revoked_at as Date | null,
      user: toUserRecord(row as Parameters<typeof toUserRecord>[0]),
    });
  }
  return found;
}

export async function revokeSession(q: Queryable, sessionId: number): Promise<void> {
  await q.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  q: Queryable,
  userId: number,
  keepSessionId?: number,
): Promise<number> {
  const rows = await q.query(
    `update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id <> $2 returning id`,
    [userId, keepSessionId ?? 0],
  );
  return rows.length;
}
