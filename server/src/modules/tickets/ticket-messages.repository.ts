import type { TicketAttachment, TicketMessage, TicketSide, TicketStatus } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { isoOf } from './tickets.repository';

/** An attachment checked by content, ready to be stored. */
export type TicketUpload = { name: string; contentType: string; bytes: Buffer };

/** The `stored_files` purpose of ticket attachments: the public file route never serves these. */
export const TICKET_FILE_PURPOSE = 'ticket';

export async function insertMessage(
  q: Queryable,
  message: {
    ticketId: number;
    authorId: number;
    authorName: string;
    side: TicketSide;
    kind: 'reply' | 'remark' | 'status';
    content?: string;
    statusFrom?: TicketStatus;
    statusTo?: TicketStatus;
  },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into ticket_messages (ticket_id, author_id, author_name, side, kind, content, status_from, status_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      message.ticketId,
      message.authorId,
      message.authorName,
      message.side,
      message.kind,
      message.content ?? '',
      message.statusFrom ?? null,
      message.statusTo ?? null,
    ],
  );
  return row!.id;
}

/** Stores the files (bytes in `stored_files`, like avatars) and ties them to the ticket or a reply. */
export async function insertAttachments(
  q: Queryable,
  target: { ticketId: number; messageId: number | null; ownerId: number },
  files: readonly (TicketUpload & { id: string })[],
) {
  for (const [position, file] of files.entries()) {
    // As files.repository stores avatars, but sent as base64: PGlite serialises a bytea parameter
    // byte by byte, and five 5 MB files are slow that way (see phone-imports.repository).
    await q.query(
      `insert into stored_files (id, owner_id, purpose, content_type, size, bytes)
       values ($1, $2, $3, $4, $5, decode($6, 'base64'))`,
      [
        file.id,
        target.ownerId,
        TICKET_FILE_PURPOSE,
        file.contentType,
        file.bytes.length,
        file.bytes.toString('base64'),
      ],
    );
    await q.query(
      `insert into ticket_attachments (file_id, ticket_id, message_id, file_name, position)
       values ($1, $2, $3, $4, $5)`,
      [file.id, target.ticketId, target.messageId, file.name, position],
    );
  }
}

type AttachmentRow = TicketAttachment & { messageId: number | null };

async function attachmentsOf(q: Queryable, ticketId: number): Promise<AttachmentRow[]> {
  return q.query<AttachmentRow>(
    `select a.file_id as id, a.file_name as name, f.content_type as "contentType", f.size,
       a.message_id as "messageId"
     from ticket_attachments a join stored_files f on f.id = a.file_id
     where a.ticket_id = $1 order by a.message_id nulls first, a.position`,
    [ticketId],
  );
}

/**
 * The conversation of a ticket, oldest first, with the ticket's own attachments, as `viewer` sees it: a
 * customer gets no internal remarks and no staff login names (support speaks as "support", in replies
 * and status changes alike; the name is blank and the screen says 客服 / support).
 */
export async function conversationOf(q: Queryable, ticketId: number, viewer: TicketSide) {
  const withRemarks = viewer === 'staff';
  const rows = await q.query<{
    id: number;
    kind: TicketMessage['kind'];
    side: TicketSide;
    authorName: string;
    content: string;
    statusFrom: TicketStatus | null;
    statusTo: TicketStatus | null;
    createdAt: Date;
  }>(
    `select id, kind, side, author_name as "authorName", content, status_from as "statusFrom",
       status_to as "statusTo", created_at as "createdAt"
     from ticket_messages where ticket_id = $1 ${withRemarks ? '' : "and kind <> 'remark'"} order by id`,
    [ticketId],
  );
  const attachments = await attachmentsOf(q, ticketId);
  const strip = ({ messageId: _, ...a }: AttachmentRow): TicketAttachment => a;
  const messages: TicketMessage[] = rows.map((r) => ({
    ...r,
    authorName: r.side === 'staff' && !withRemarks ? '' : r.authorName,
    createdAt: isoOf(r.createdAt)!,
    attachments: attachments.filter((a) => a.messageId === r.id).map(strip),
  }));
  return { messages, attachments: attachments.filter((a) => a.messageId === null).map(strip) };
}

/** The bytes of one attachment of one ticket; null when the file is not that ticket's. */
export async function findAttachment(q: Queryable, ticketId: number, fileId: string) {
  const rows = await q.query<{ name: string; contentType: string; bytes: Uint8Array }>(
    `select a.file_name as name, f.content_type as "contentType", f.bytes
     from ticket_attachments a join stored_files f on f.id = a.file_id
     where a.ticket_id = $1 and a.file_id = $2`,
    [ticketId, fileId],
  );
  const row = rows[0];
  return row ? { name: row.name, contentType: row.contentType, bytes: Buffer.from(row.bytes) } : null;
}
