import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { countInWindow } from '../../lib/rate-counter';

export type StoredFile = { id: string; contentType: string; size: number; bytes: Buffer };

export async function insertStoredFile(
  q: Queryable,
  file: { id: string; ownerId: number; purpose: string; contentType: string; bytes: Buffer },
): Promise<void> {
  await q.query(
    'insert into stored_files (id, owner_id, purpose, content_type, size, bytes) values ($1, $2, $3, $4, $5, $6)',
    [file.id, file.ownerId, file.purpose, file.contentType, file.bytes.length, file.bytes],
  );
}

/** A file the public route may serve: never a ticket image (those go only to the ticket's user and staff). */
export async function findStoredFile(q: Queryable, id: string): Promise<StoredFile | null> {
  const rows = await q.query<{ id: string; content_type: string; size: number; bytes: Uint8Array }>(
    "select id, content_type, size, bytes from stored_files where id = $1 and purpose <> 'ticket'",
    [id],
  );
  const row = rows[0];
  return row
    ? { id: row.id, contentType: row.content_type, size: row.size, bytes: Buffer.from(row.bytes) }
    : null;
}

/**
 * Counts one upload of the user for this hour, inside the transaction that stores the file (so a
 * failed upload is not counted); refuses past `limitPerHour`. The counter row's lock makes it exact
 * when uploads arrive at once, in any process.
 */
export async function claimUploadQuota(q: Queryable, userId: number, limitPerHour: number): Promise<void> {
  const used = await countInWindow(q, `upload-user:${userId}`, 3600);
  if (used.count > limitPerHour)
    throw new AppError('UPLOAD_LIMITED', { limit: limitPerHour, seconds: used.resetsInSeconds });
}

/**
 * Deletes the user's own avatar file behind `iconPath` (an address of ours), when it is replaced:
 * avatars are replaced, not accumulated. Anything else (an outside address, another file) is kept.
 */
export async function deleteReplacedAvatar(q: Queryable, userId: number, iconPath: string): Promise<void> {
  const id = /^\/api\/files\/([A-Za-z0-9_-]{8,64})$/.exec(iconPath)?.[1];
  if (!id) return;
  await q.query(`delete from stored_files where id = $1 and owner_id = $2 and purpose = 'avatar'`, [
    id,
    userId,
  ]);
}
