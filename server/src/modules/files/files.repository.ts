import type { Queryable } from '../../db/client';

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
