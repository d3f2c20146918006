import { z } from 'zod';
import { ATTACHMENT_KINDS, type AttachmentType } from '../attachment-type';
import { ZPageQuery } from '../pagination';

/**
 * Support tickets (spec §2 work-order, work-order-record, admin/ticket-manage; §3 fields; §4
 * statuses and priorities; §5 the work-order form; §9 five rating levels). The same schemas
 * validate the browser's forms and the server's routes.
 */

/** Spec §5 work-order form: the ticket types. */
export const TICKET_TYPES = ['afterSales', 'recharge', 'feature', 'other'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** Spec §4: the priorities staff may set. */
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/** Spec §5 "submit mode normal or urgent": what a customer may choose. */
export const USER_TICKET_PRIORITIES = ['normal', 'urgent'] as const;

/** Spec §4 statuses. */
export const TICKET_STATUSES = ['pending', 'processing', 'completed', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * Who may move a ticket where (spec §4 leaves it open). Staff: pending → processing → completed,
 * and pending / processing / completed → closed. The customer: completed → pending (reopen, within
 * TICKET_REOPEN_WINDOW_DAYS and while not rated). Closed is final.
 */
export const STAFF_TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  pending: ['processing', 'closed'],
  processing: ['completed', 'closed'],
  completed: ['closed'],
  closed: [],
};

/**
 * Spec §5 generic ticket form: title 5–100 (the work-order form's own reading, 1–200 or 2000,
 * conflicts with itself; the generic rule is the one both languages agree on), description 10–2000.
 */
export const TICKET_TITLE_MIN = 5;
export const TICKET_TITLE_MAX = 100;
export const TICKET_DESCRIPTION_MIN = 10;
export const TICKET_DESCRIPTION_MAX = 2000;
/** Spec §5: a reply is 1–1000 characters; internal remarks share the limit. */
export const TICKET_REPLY_MAX = 1000;
export const TICKET_FEEDBACK_MAX = 500;
/**
 * Spec §5 / §9 ticket attachments: up to 5 files of at most 5 MB each, jpg, png, gif, pdf, doc, txt,
 * zip (and webp, docx), the same for replies. Checked by content (`sniffAttachmentType`) on pick and
 * on the server.
 */
export const TICKET_ATTACHMENT_MAX_COUNT = 5;
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_MB = TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024;
export const TICKET_ATTACHMENT_TYPES = Object.keys(ATTACHMENT_KINDS) as AttachmentType[];
export const TICKET_ATTACHMENT_EXTENSIONS = Object.values(ATTACHMENT_KINDS).flat();
/** A completed ticket may be reopened by its customer for this many days (not once rated). */
export const TICKET_REOPEN_WINDOW_DAYS = 7;
/** Spec §9: five rating levels, 1 terrible … 5 excellent. */
export const TICKET_RATING_LEVELS = ['terrible', 'poor', 'fair', 'good', 'excellent'] as const;

/**
 * Service targets per priority, in minutes from the ticket's creation: the first staff reply
 * (`response`) and the completion (`resolution`). A ticket still open past a target is over it.
 */
export const TICKET_SLA_MINUTES: Record<TicketPriority, { response: number; resolution: number }> = {
  urgent: { response: 30, resolution: 4 * 60 },
  high: { response: 2 * 60, resolution: 24 * 60 },
  normal: { response: 8 * 60, resolution: 72 * 60 },
  low: { response: 24 * 60, resolution: 7 * 24 * 60 },
};

const MAX_ID = 2_147_483_647;

export const ZTicketType = z.enum(TICKET_TYPES, { error: 'validation.ticketTypeRequired' });
export const ZTicketPriority = z.enum(TICKET_PRIORITIES, { error: 'validation.ticketPriorityInvalid' });
export const ZTicketStatus = z.enum(TICKET_STATUSES, { error: 'validation.ticketStatusInvalid' });

/** The work-order form (spec §5). Attachments travel beside it as multipart files. */
export const ZTicketCreateInput = z.object({
  type: ZTicketType,
  title: z
    .string({ error: 'validation.ticketTitleRequired' })
    .trim()
    .min(1, 'validation.ticketTitleRequired')
    .min(TICKET_TITLE_MIN, 'validation.ticketTitleLength')
    .max(TICKET_TITLE_MAX, 'validation.ticketTitleLength'),
  description: z
    .string({ error: 'validation.ticketDescriptionRequired' })
    .trim()
    .min(1, 'validation.ticketDescriptionRequired')
    .min(TICKET_DESCRIPTION_MIN, 'validation.ticketDescriptionMin')
    .max(TICKET_DESCRIPTION_MAX, 'validation.ticketDescriptionMax'),
  priority: z.enum(USER_TICKET_PRIORITIES, { error: 'validation.ticketSubmitPriority' }).default('normal'),
});
export type TicketCreateInput = z.infer<typeof ZTicketCreateInput>;

const replyContent = z
  .string({ error: 'validation.ticketReplyRequired' })
  .trim()
  .min(1, 'validation.ticketReplyRequired')
  .max(TICKET_REPLY_MAX, 'validation.ticketReplyLength');

/** A reply (customer or staff); images may travel beside it as multipart files. */
export const ZTicketReplyInput = z.object({ content: replyContent });
export type TicketReplyInput = z.infer<typeof ZTicketReplyInput>;

/** An internal remark: staff only, never shown to the customer. */
export const ZTicketRemarkInput = z.object({
  content: z
    .string({ error: 'validation.ticketRemarkRequired' })
    .trim()
    .min(1, 'validation.ticketRemarkRequired')
    .max(TICKET_REPLY_MAX, 'validation.ticketRemarkLength'),
});
export type TicketRemarkInput = z.infer<typeof ZTicketRemarkInput>;

export const ZTicketRateInput = z.object({
  rating: z
    .number({ error: 'validation.ticketRating' })
    .int('validation.ticketRating')
    .min(1, 'validation.ticketRating')
    .max(5, 'validation.ticketRating'),
  feedback: z
    .string({ error: 'validation.ticketFeedbackLength' })
    .trim()
    .max(TICKET_FEEDBACK_MAX, 'validation.ticketFeedbackLength')
    .default(''),
});
export type TicketRateInput = z.infer<typeof ZTicketRateInput>;

export const ZTicketAssignInput = z.object({
  /** null: back to the unassigned queue. */
  assigneeId: z.number({ error: 'validation.ticketAssignee' }).int().min(1).max(MAX_ID).nullable(),
});
export type TicketAssignInput = z.infer<typeof ZTicketAssignInput>;

export const ZTicketStatusInput = z.object({ status: ZTicketStatus });
export const ZTicketPriorityInput = z.object({ priority: ZTicketPriority });

export const ZTicketParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });
export const ZTicketFileParams = ZTicketParams.extend({ fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

const dateFilter = z.iso.datetime({ offset: true, error: 'validation.dateTimeFormat' }).optional();

/** The customer's own tickets. */
export const ZMyTicketQuery = ZPageQuery.extend({ status: ZTicketStatus.optional() });
export type MyTicketQuery = z.infer<typeof ZMyTicketQuery>;

const adminFilters = {
  status: ZTicketStatus.optional(),
  priority: ZTicketPriority.optional(),
  type: ZTicketType.optional(),
  /** A staff member's id, or `none` for the unassigned ones. */
  assignee: z.union([z.literal('none'), z.coerce.number().int().min(1).max(MAX_ID)]).optional(),
  /** Username or email (part of it) of the customer. */
  user: z.string().trim().max(64).optional(),
  /** Ticket number or part of the title. */
  keyword: z.string().trim().max(64).optional(),
  /** Created at or after `from`, before `to`. */
  from: dateFilter,
  to: dateFilter,
  /** Only open tickets past a service target of their priority. */
  overdue: z.enum(['true', 'false']).optional(),
};
export const ZAdminTicketQuery = ZPageQuery.extend(adminFilters);
export type AdminTicketQuery = z.infer<typeof ZAdminTicketQuery>;
export const ZAdminTicketExportQuery = z.object(adminFilters);
export type AdminTicketExportQuery = z.infer<typeof ZAdminTicketExportQuery>;

export const ZTicketAttachment = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ZTicketAttachment>;

export const TICKET_MESSAGE_KINDS = ['reply', 'remark', 'status'] as const;
export const TICKET_SIDES = ['user', 'staff'] as const;
export type TicketSide = (typeof TICKET_SIDES)[number];

/** One line of the conversation: a reply, a status change, or (staff only) an internal remark. */
export const ZTicketMessage = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_MESSAGE_KINDS),
  side: z.enum(TICKET_SIDES),
  authorName: z.string(),
  content: z.string(),
  statusFrom: ZTicketStatus.nullable(),
  statusTo: ZTicketStatus.nullable(),
  attachments: z.array(ZTicketAttachment),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ZTicketMessage>;

/** A row of the customer's list. */
export const ZTicketSummary = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  type: ZTicketType,
  priority: ZTicketPriority,
  title: z.string(),
  status: ZTicketStatus,
  rating: z.number().int().nullable(),
  createdAt: z.string(),
  lastReplyAt: z.string().nullable(),
  lastReplySide: z.enum(TICKET_SIDES).nullable(),
  /** Messages of the other side the caller's side has not read yet. */
  unread: z.number().int(),
});
export type TicketSummary = z.infer<typeof ZTicketSummary>;

/** A row of the staff queue. */
export const ZAdminTicketSummary = ZTicketSummary.extend({
  userId: z.number().int(),
  username: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  processingStartedAt: z.string().nullable(),
  processingFinishedAt: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  firstResponseAt: z.string().nullable(),
  /** Open and past the response or resolution target of its priority. */
  overdue: z.boolean(),
});
export type AdminTicketSummary = z.infer<typeof ZAdminTicketSummary>;

const detailFields = {
  description: z.string(),
  attachments: z.array(ZTicketAttachment),
  messages: z.array(ZTicketMessage),
  ratingFeedback: z.string().nullable(),
  ratedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Until when the customer may reopen it (completed and not rated), else null. */
  reopenUntil: z.string().nullable(),
  canRate: z.boolean(),
  canReopen: z.boolean(),
  canReply: z.boolean(),
};

export const ZTicketDetail = ZTicketSummary.extend({
  ...detailFields,
  processingStartedAt: z.string().nullable(),
  processingFinishedAt: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ZTicketDetail>;

export const ZAdminTicketDetail = ZAdminTicketSummary.extend(detailFields);
export type AdminTicketDetail = z.infer<typeof ZAdminTicketDetail>;

export const ZTicketUnread = z.object({ tickets: z.number().int(), messages: z.number().int() });
export type TicketUnread = z.infer<typeof ZTicketUnread>;

export const ZTicketStaffMember = z.object({ userId: z.number().int(), username: z.string() });
export type TicketStaffMember = z.infer<typeof ZTicketStaffMember>;

/** The SLA view: per priority, its targets and how the open tickets stand against them. */
export const ZTicketSlaRow = z.object({
  priority: ZTicketPriority,
  responseTargetMinutes: z.number().int(),
  resolutionTargetMinutes: z.number().int(),
  open: z.number().int(),
  overResponse: z.number().int(),
  overResolution: z.number().int(),
  completed: z.number().int(),
  /** Completed within the resolution target, of all completed; null when none completed. */
  metRate: z.number().nullable(),
  avgDurationMinutes: z.number().nullable(),
});
export type TicketSlaRow = z.infer<typeof ZTicketSlaRow>;
