import {
  type AdminTicketDetail,
  type AdminTicketExportQuery,
  type AdminTicketQuery,
  EXPORT_MAX_ROWS,
  STAFF_TICKET_TRANSITIONS,
  TICKET_PRIORITIES,
  TICKET_SLA_MINUTES,
  type TicketPriority,
  type TicketSlaRow,
  type TicketStatus,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import {
  conversationOf,
  findAttachment,
  insertMessage,
  type TicketUpload,
} from './ticket-messages.repository';
import { isTicketStaff, listTicketStaff } from './ticket-staff.repository';
import {
  countStaffUnread,
  exportAdminTickets,
  findTicket,
  listAdminTickets,
  markRead,
  setTicketAssignee,
  setTicketPriority,
  setTicketStatus,
  slaByPriority,
  toAdminSummary,
} from './tickets.repository';
import { addReply, detailFields } from './tickets.service';

export type TicketAdminService = ReturnType<typeof createTicketAdminService>;

const ENTITY = 'ticket';

/** Status names for the transition error, which names them in both languages. */
const STATUS_NAMES: Record<TicketStatus, { zh: string; en: string }> = {
  pending: { zh: '待处理', en: 'pending' },
  processing: { zh: '处理中', en: 'processing' },
  completed: { zh: '已完成', en: 'completed' },
  closed: { zh: '已关闭', en: 'closed' },
};

/** Staff work on every ticket: queue, assignment, status, replies, internal remarks, SLA, export. */
export function createTicketAdminService({ db, adminUsername }: { db: Db; adminUsername: string }) {
  async function mustFind(q: Queryable, id: number, lock = false) {
    const row = await findTicket(q, id, { lock });
    if (!row) throw new AppError('TICKET_NOT_FOUND');
    return row;
  }

  const snapshot = (row: { status: string; priority: string; assigneeId: number | null }) => ({
    status: row.status,
    priority: row.priority,
    assigneeId: row.assigneeId,
  });

  return {
    async list(query: AdminTicketQuery) {
      const { list, total } = await listAdminTickets(db, query);
      return paged(list, total, query);
    },

    exportRows: (query: AdminTicketExportQuery) => exportAdminTickets(db, query, EXPORT_MAX_ROWS),

    unread: () => countStaffUnread(db),

    /** The whole conversation, internal remarks included; reading it marks it read for staff. */
    async detail(id: number): Promise<AdminTicketDetail> {
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, id);
        const { messages, attachments } = await conversationOf(tx, id, 'staff');
        await markRead(tx, id, 'staff', messages.at(-1)?.id ?? 0);
        return { ...toAdminSummary(row, 0), ...detailFields(row), attachments, messages };
      });
    },

    staff: () => listTicketStaff(db, adminUsername),

    async assign(actor: Actor, id: number, assigneeId: number | null) {
      await db.transaction(async (tx) => {
        const before = await mustFind(tx, id, true);
        if (assigneeId !== null && !(await isTicketStaff(tx, assigneeId, adminUsername))) {
          throw new AppError('TICKET_ASSIGNEE_INVALID');
        }
        await setTicketAssignee(tx, id, assigneeId);
        await audit(tx, actor, {
          action: 'assign',
          entity: ENTITY,
          entityId: id,
          before: snapshot(before),
          after: { ...snapshot(before), assigneeId },
        });
      });
    },

    /** Only the moves of STAFF_TICKET_TRANSITIONS; each is a line of the conversation (who, when). */
    async changeStatus(actor: Actor, id: number, to: TicketStatus) {
      await db.transaction(async (tx) => {
        const before = await mustFind(tx, id, true);
        if (!STAFF_TICKET_TRANSITIONS[before.status].includes(to)) {
          const from = STATUS_NAMES[before.status];
          const target = STATUS_NAMES[to];
          throw new AppError('TICKET_STATUS_TRANSITION_INVALID', {
            fromZh: from.zh,
            fromEn: from.en,
            toZh: target.zh,
            toEn: target.en,
          });
        }
        await setTicketStatus(tx, id, to);
        await insertMessage(tx, {
          ticketId: id,
          authorId: actor.id,
          authorName: actor.name,
          side: 'staff',
          kind: 'status',
          statusFrom: before.status,
          statusTo: to,
        });
        await audit(tx, actor, {
          action: 'status',
          entity: ENTITY,
          entityId: id,
          before: snapshot(before),
          after: { ...snapshot(before), status: to },
        });
      });
    },

    async changePriority(actor: Actor, id: number, priority: TicketPriority) {
      await db.transaction(async (tx) => {
        const before = await mustFind(tx, id, true);
        await setTicketPriority(tx, id, priority);
        await audit(tx, actor, {
          action: 'priority',
          entity: ENTITY,
          entityId: id,
          before: snapshot(before),
          after: { ...snapshot(before), priority },
        });
      });
    },

    async reply(actor: Actor, id: number, content: string, files: readonly TicketUpload[]) {
      await db.transaction(async (tx) => {
        const row = await mustFind(tx, id, true);
        await addReply(tx, row, actor, 'staff', content, files);
      });
    },

    /** An internal note: staff see it in the conversation, the customer never does. */
    async remark(actor: Actor, id: number, content: string) {
      await db.transaction(async (tx) => {
        await mustFind(tx, id, true);
        await insertMessage(tx, {
          ticketId: id,
          authorId: actor.id,
          authorName: actor.name,
          side: 'staff',
          kind: 'remark',
          content,
        });
      });
    },

    async sla(): Promise<TicketSlaRow[]> {
      const rows = await slaByPriority(db);
      return [...TICKET_PRIORITIES].reverse().map((priority) => {
        const row = rows.find((r) => r.priority === priority);
        const completed = row?.completed ?? 0;
        return {
          priority,
          responseTargetMinutes: TICKET_SLA_MINUTES[priority].response,
          resolutionTargetMinutes: TICKET_SLA_MINUTES[priority].resolution,
          open: row?.open ?? 0,
          overResponse: row?.overResponse ?? 0,
          overResolution: row?.overResolution ?? 0,
          completed,
          metRate: completed ? (row?.met ?? 0) / completed : null,
          avgDurationMinutes:
            row?.avgDuration === null || row?.avgDuration === undefined ? null : Math.round(row.avgDuration),
        };
      });
    },

    async file(id: number, fileId: string) {
      const file = await findAttachment(db, id, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      return file;
    },
  };
}
