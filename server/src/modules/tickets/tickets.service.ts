import {
  type MyTicketQuery,
  TICKET_REOPEN_WINDOW_DAYS,
  type TicketCreateInput,
  type TicketDetail,
  type TicketRateInput,
  type TicketReplyInput,
  type TicketSide,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { newFileId } from '../../lib/secrets';
import {
  conversationOf,
  findAttachment,
  insertAttachments,
  insertMessage,
  type TicketUpload,
} from './ticket-messages.repository';
import {
  countUserUnread,
  findTicket,
  insertTicket,
  isoOf,
  listOwnTickets,
  markRead,
  noteReply,
  rateTicket,
  setTicketStatus,
  type TicketRow,
  toSummary,
} from './tickets.repository';

export type TicketsService = ReturnType<typeof createTicketsService>;

/** Who is acting on a ticket: its customer, or a staff member. */
export type TicketActor = { id: number; name: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when the customer may reopen a completed ticket; null when reopening is not possible. */
export function reopenUntil(row: TicketRow): Date | null {
  if (row.status !== 'completed' || row.rating !== null || !row.completedAt) return null;
  return new Date(new Date(row.completedAt).getTime() + TICKET_REOPEN_WINDOW_DAYS * DAY_MS);
}

/** Fields of the detail view both sides share. */
export function detailFields(row: TicketRow) {
  const until = reopenUntil(row);
  return {
    description: row.description,
    ratingFeedback: row.ratingFeedback,
    ratedAt: isoOf(row.ratedAt),
    completedAt: isoOf(row.completedAt),
    closedAt: isoOf(row.closedAt),
    reopenUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
    canRate: row.status === 'completed' && row.rating === null,
    canReopen: !!until && until.getTime() > Date.now(),
    canReply: row.status !== 'closed',
  };
}

/** Adds a reply (and its images) and moves "last reply"; shared by both sides. */
export async function addReply(
  tx: Queryable,
  row: TicketRow,
  actor: TicketActor,
  side: TicketSide,
  content: string,
  files: readonly TicketUpload[],
) {
  if (row.status === 'closed') throw new AppError('TICKET_CLOSED');
  const messageId = await insertMessage(tx, {
    ticketId: row.id,
    authorId: actor.id,
    authorName: actor.name,
    side,
    kind: 'reply',
    content,
  });
  await insertAttachments(
    tx,
    { ticketId: row.id, messageId, ownerId: actor.id },
    files.map((f) => ({ ...f, id: newFileId() })),
  );
  await noteReply(tx, row.id, side);
  // Your own reply is read by your side.
  await markRead(tx, row.id, side, messageId);
  return messageId;
}

/** The customer's side: only their own tickets, anyone else's is "not found". */
export function createTicketsService({ db }: { db: Db }) {
  async function mustOwn(q: Queryable, userId: number, id: number, lock = false) {
    const row = await findTicket(q, id, { ownerId: userId, lock });
    if (!row) throw new AppError('TICKET_NOT_FOUND');
    return row;
  }

  return {
    async create(actor: TicketActor, input: TicketCreateInput, files: readonly TicketUpload[]) {
      return db.transaction(async (tx) => {
        const id = await insertTicket(tx, actor.id, input);
        await insertAttachments(
          tx,
          { ticketId: id, messageId: null, ownerId: actor.id },
          files.map((f) => ({ ...f, id: newFileId() })),
        );
        const row = (await findTicket(tx, id))!;
        return toSummary(row, 0);
      });
    },

    async list(userId: number, query: MyTicketQuery) {
      const { list, total } = await listOwnTickets(db, userId, query);
      return paged(list, total, query);
    },

    unread: (userId: number) => countUserUnread(db, userId),

    /** The conversation as the customer sees it (no internal remarks); reading it marks it read. */
    async detail(userId: number, id: number): Promise<TicketDetail> {
      return db.transaction(async (tx) => {
        const row = await mustOwn(tx, userId, id);
        const { messages, attachments } = await conversationOf(tx, id, 'user');
        const lastSeen = messages.at(-1)?.id ?? 0;
        await markRead(tx, id, 'user', lastSeen);
        return {
          ...toSummary(row, 0),
          ...detailFields(row),
          attachments,
          messages,
          processingStartedAt: isoOf(row.processingStartedAt),
          processingFinishedAt: isoOf(row.processingFinishedAt),
        };
      });
    },

    async reply(actor: TicketActor, id: number, input: TicketReplyInput, files: readonly TicketUpload[]) {
      await db.transaction(async (tx) => {
        const row = await mustOwn(tx, actor.id, id, true);
        await addReply(tx, row, actor, 'user', input.content, files);
      });
    },

    /** Once, when completed: the row lock and the conditional update let one of two at once win. */
    async rate(userId: number, id: number, input: TicketRateInput) {
      await db.transaction(async (tx) => {
        const row = await mustOwn(tx, userId, id, true);
        if (row.rating !== null) throw new AppError('TICKET_ALREADY_RATED');
        if (row.status !== 'completed') throw new AppError('TICKET_NOT_COMPLETED');
        if (!(await rateTicket(tx, id, input.rating, input.feedback)))
          throw new AppError('TICKET_ALREADY_RATED');
      });
    },

    /** Completed → pending, within TICKET_REOPEN_WINDOW_DAYS of completion and while not rated. */
    async reopen(actor: TicketActor, id: number) {
      await db.transaction(async (tx) => {
        const row = await mustOwn(tx, actor.id, id, true);
        const until = reopenUntil(row);
        if (!until) throw new AppError('TICKET_REOPEN_NOT_ALLOWED');
        if (until.getTime() <= Date.now()) {
          throw new AppError('TICKET_REOPEN_WINDOW_PASSED', { days: TICKET_REOPEN_WINDOW_DAYS });
        }
        await setTicketStatus(tx, id, 'pending');
        const messageId = await insertMessage(tx, {
          ticketId: id,
          authorId: actor.id,
          authorName: actor.name,
          side: 'user',
          kind: 'status',
          statusFrom: 'completed',
          statusTo: 'pending',
        });
        await markRead(tx, id, 'user', messageId);
      });
    },

    async file(userId: number, id: number, fileId: string) {
      await mustOwn(db, userId, id);
      const file = await findAttachment(db, id, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      return file;
    },
  };
}
