import {
  type AdminTicketExportQuery,
  type AdminTicketSummary,
  type MyTicketQuery,
  type PageQuery,
  TICKET_SLA_MINUTES,
  type TicketCreateInput,
  type TicketPriority,
  type TicketStatus,
  type TicketSummary,
  type TicketType,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

/** A ticket as stored, with its customer's and assignee's names. */
export type TicketRow = {
  id: number;
  ticketNo: string;
  userId: number;
  username: string;
  type: TicketType;
  priority: TicketPriority;
  title: string;
  description: string;
  status: TicketStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  rating: number | null;
  ratingFeedback: string | null;
  ratedAt: Date | null;
  firstResponseAt: Date | null;
  processingStartedAt: Date | null;
  processingFinishedAt: Date | null;
  durationMinutes: number | null;
  completedAt: Date | null;
  closedAt: Date | null;
  lastReplyAt: Date | null;
  lastReplySide: 'user' | 'staff' | null;
  userReadMessageId: number;
  staffReadMessageId: number;
  createdAt: Date;
  /** Open and past a service target (computed by the database at read time). */
  overdue: boolean;
};

/** `case priority when … then <minutes> end` from the shared targets, so SQL and the UI agree. */
const targetMinutes = (kind: 'response' | 'resolution') =>
  `(case t.priority ${Object.entries(TICKET_SLA_MINUTES)
    .map(([priority, target]) => `when '${priority}' then ${Math.trunc(target[kind])}`)
    .join(' ')} end)`;

/** Open, and without a first staff reply past the response target, or past the resolution target. */
export const OVERDUE_SQL = `(t.status in ('pending', 'processing') and (
  (t.first_response_at is null and now() > t.created_at + make_interval(mins => ${targetMinutes('response')}))
  or now() > t.created_at + make_interval(mins => ${targetMinutes('resolution')})))`;

const SELECT = `
  select t.id, t.ticket_no as "ticketNo", t.user_id as "userId", u.username, t.type, t.priority, t.title,
    t.description, t.status, t.assignee_id as "assigneeId", a.username as "assigneeName", t.rating,
    t.rating_feedback as "ratingFeedback", t.rated_at as "ratedAt", t.first_response_at as "firstResponseAt",
    t.processing_started_at as "processingStartedAt", t.processing_finished_at as "processingFinishedAt",
    t.duration_minutes as "durationMinutes", t.completed_at as "completedAt", t.closed_at as "closedAt",
    t.last_reply_at as "lastReplyAt", t.last_reply_side as "lastReplySide",
    t.user_read_message_id as "userReadMessageId", t.staff_read_message_id as "staffReadMessageId",
    t.created_at as "createdAt", ${OVERDUE_SQL} as overdue
  from tickets t join users u on u.id = t.user_id left join users a on a.id = t.assignee_id`;

export async function insertTicket(q: Queryable, userId: number, input: TicketCreateInput): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into tickets (ticket_no, user_id, type, priority, title, description)
     values ('T' || to_char(now() at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('ticket_no_seq')::text, 6, '0'),
             $1, $2, $3, $4, $5)
     returning id`,
    [userId, input.type, input.priority, input.title, input.description],
  );
  return row!.id;
}

/** One ticket; `ownerId` limits it to that customer's (anyone else's is "not found"). */
export async function findTicket(
  q: Queryable,
  id: number,
  options: { ownerId?: number; lock?: boolean } = {},
): Promise<TicketRow | null> {
  const rows = await q.query<TicketRow>(
    `${SELECT} where t.id = $1 and ($2::int is null or t.user_id = $2) ${options.lock ? 'for update of t' : ''}`,
    [id, options.ownerId ?? null],
  );
  return rows[0] ?? null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Messages of the other side newer than `side`'s read marker (replies and status changes). */
const unreadSql = (side: 'user' | 'staff') => `(select count(*)::int from ticket_messages m
  where m.ticket_id = t.id and m.kind in ('reply', 'status') and m.side <> '${side}'
    and m.id > t.${side}_read_message_id)`;

export function toSummary(row: TicketRow, unread: number): TicketSummary {
  return {
    id: row.id,
    ticketNo: row.ticketNo,
    type: row.type,
    priority: row.priority,
    title: row.title,
    status: row.status,
    rating: row.rating,
    createdAt: iso(row.createdAt)!,
    lastReplyAt: iso(row.lastReplyAt),
    lastReplySide: row.lastReplySide,
    unread,
  };
}

export function toAdminSummary(row: TicketRow, unread: number): AdminTicketSummary {
  return {
    ...toSummary(row, unread),
    userId: row.userId,
    username: row.username,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    processingStartedAt: iso(row.processingStartedAt),
    processingFinishedAt: iso(row.processingFinishedAt),
    durationMinutes: row.durationMinutes,
    firstResponseAt: iso(row.firstResponseAt),
    overdue: row.overdue,
  };
}

export { iso as isoOf };

const SORTABLE: Record<string, string> = {
  createdAt: 't.created_at',
  lastReplyAt: 't.last_reply_at',
  ticketNo: 't.ticket_no',
  status: "array_position(array['pending','processing','completed','closed'], t.status)",
  priority: "array_position(array['low','normal','high','urgent'], t.priority)",
  durationMinutes: 't.duration_minutes',
};

type Unread = { unread: number };

export async function listOwnTickets(q: Queryable, userId: number, query: MyTicketQuery) {
  const filter = new SqlFilter()
    .add('t.user_id = ?', userId)
    .addIf(query.status, 't.status = ?', query.status);
  const list = await q.query<TicketRow & Unread>(
    `${SELECT.replace(' from tickets t', `, ${unreadSql('user')} as unread from tickets t`)} ${filter.where}
     ${orderBy(query, SORTABLE, 't.created_at desc', 't.id')} ${limitOffset(query)}`,
    filter.values,
  );
  const [count] = await q.query<{ total: number }>(
    `select count(*)::int as total from tickets t ${filter.where}`,
    filter.values,
  );
  return { list: list.map((r) => toSummary(r, r.unread)), total: count?.total ?? 0 };
}

function adminFilter(query: AdminTicketExportQuery) {
  const filter = new SqlFilter()
    .addIf(query.status, 't.status = ?', query.status)
    .addIf(query.priority, 't.priority = ?', query.priority)
    .addIf(query.type, 't.type = ?', query.type)
    .addIf(query.from, 't.created_at >= ?', query.from)
    .addIf(query.to, 't.created_at < ?', query.to);
  if (query.assignee === 'none') filter.add('t.assignee_id is null');
  else filter.addIf(query.assignee, 't.assignee_id = ?', query.assignee);
  if (query.user) {
    const like = `%${query.user.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filter.add('(u.username ilike ? or u.email ilike ?)', like, like);
  }
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filter.add('(t.ticket_no ilike ? or t.title ilike ?)', like, like);
  }
  if (query.overdue === 'true') filter.add(OVERDUE_SQL);
  if (query.overdue === 'false') filter.add(`not ${OVERDUE_SQL}`);
  return filter;
}

const ADMIN_SELECT = SELECT.replace(' from tickets t', `, ${unreadSql('staff')} as unread from tickets t`);

export async function listAdminTickets(q: Queryable, query: AdminTicketExportQuery & PageQuery) {
  const filter = adminFilter(query);
  const list = await q.query<TicketRow & Unread>(
    `${ADMIN_SELECT} ${filter.where} ${orderBy(query, SORTABLE, 't.created_at desc', 't.id')} ${limitOffset(query)}`,
    filter.values,
  );
  const [count] = await q.query<{ total: number }>(
    `select count(*)::int as total from tickets t join users u on u.id = t.user_id ${filter.where}`,
    filter.values,
  );
  return { list: list.map((r) => toAdminSummary(r, r.unread)), total: count?.total ?? 0 };
}

export async function exportAdminTickets(q: Queryable, query: AdminTicketExportQuery, maxRows: number) {
  const filter = adminFilter(query);
  return q.query<TicketRow & Unread>(
    `${ADMIN_SELECT} ${filter.where} order by t.created_at desc, t.id desc limit ${Math.trunc(maxRows)}`,
    filter.values,
  );
}

/**
 * Moves a ticket to `to` and keeps the processing clock (all times from the database): entering
 * processing starts it; completing, or closing while it runs, stops it and stores the whole minutes
 * between; back to pending (a reopen) clears it for a new round.
 */
export async function setTicketStatus(q: Queryable, id: number, to: TicketStatus) {
  await q.query(
    `update tickets set status = $2::text,
       processing_started_at = case when $2 = 'processing' then now() when $2 = 'pending' then null
                                    else processing_started_at end,
       processing_finished_at = case
         when $2 in ('pending', 'processing') then null
         when $2 in ('completed', 'closed') and processing_finished_at is null and processing_started_at is not null
           then now()
         else processing_finished_at end,
       duration_minutes = case
         when $2 in ('pending', 'processing') then null
         when $2 in ('completed', 'closed') and processing_finished_at is null and processing_started_at is not null
           then floor(extract(epoch from now() - processing_started_at) / 60)::int
         else duration_minutes end,
       completed_at = case when $2 = 'completed' then now() when $2 = 'pending' then null else completed_at end,
       closed_at = case when $2 = 'closed' then now() else closed_at end,
       updated_at = now()
     where id = $1`,
    [id, to],
  );
}

export async function setTicketAssignee(q: Queryable, id: number, assigneeId: number | null) {
  await q.query('update tickets set assignee_id = $2, updated_at = now() where id = $1', [id, assigneeId]);
}

export async function setTicketPriority(q: Queryable, id: number, priority: TicketPriority) {
  await q.query('update tickets set priority = $2, updated_at = now() where id = $1', [id, priority]);
}

/** Stores the rating unless one is there: the condition makes a second, concurrent rating change nothing. */
export async function rateTicket(
  q: Queryable,
  id: number,
  rating: number,
  feedback: string,
): Promise<boolean> {
  const rows = await q.query(
    `update tickets set rating = $2, rating_feedback = $3, rated_at = now(), updated_at = now()
     where id = $1 and rating is null and status = 'completed' returning id`,
    [id, rating, feedback],
  );
  return rows.length === 1;
}

/** A reply moves "last reply"; the first staff reply is the response time of the SLA. */
export async function noteReply(q: Queryable, id: number, side: 'user' | 'staff') {
  await q.query(
    `update tickets set last_reply_at = now(), last_reply_side = $2::text, updated_at = now(),
       first_response_at = case when $2 = 'staff' then coalesce(first_response_at, now()) else first_response_at end
     where id = $1`,
    [id, side],
  );
}

/** The side has read everything up to `messageId` (never moves back). */
export async function markRead(q: Queryable, id: number, side: 'user' | 'staff', messageId: number) {
  const column = side === 'user' ? 'user_read_message_id' : 'staff_read_message_id';
  await q.query(`update tickets set ${column} = greatest(${column}, $2) where id = $1`, [id, messageId]);
}

/** Unread messages of the other side over all the customer's tickets (the menu badge). */
export async function countUserUnread(q: Queryable, userId: number) {
  const [row] = await q.query<{ tickets: number; messages: number }>(
    `select count(distinct t.id)::int as tickets, count(m.id)::int as messages
     from tickets t join ticket_messages m on m.ticket_id = t.id
     where t.user_id = $1 and m.kind in ('reply', 'status') and m.side = 'staff' and m.id > t.user_read_message_id`,
    [userId],
  );
  return row ?? { tickets: 0, messages: 0 };
}

/** Customer messages staff have not read, over every ticket still open or completed. */
export async function countStaffUnread(q: Queryable) {
  const [row] = await q.query<{ tickets: number; messages: number }>(
    `select count(distinct t.id)::int as tickets, count(m.id)::int as messages
     from tickets t join ticket_messages m on m.ticket_id = t.id
     where t.status <> 'closed' and m.kind in ('reply', 'status') and m.side = 'user'
       and m.id > t.staff_read_message_id`,
  );
  return row ?? { tickets: 0, messages: 0 };
}

/** Per priority: open tickets against the targets, and how the completed ones did. */
export async function slaByPriority(q: Queryable) {
  return q.query<{
    priority: TicketPriority;
    open: number;
    overResponse: number;
    overResolution: number;
    completed: number;
    met: number;
    avgDuration: number | null;
  }>(
    `select t.priority,
       count(*) filter (where t.status in ('pending', 'processing'))::int as open,
       count(*) filter (where t.status in ('pending', 'processing') and t.first_response_at is null
         and now() > t.created_at + make_interval(mins => ${targetMinutes('response')}))::int as "overResponse",
       count(*) filter (where t.status in ('pending', 'processing')
         and now() > t.created_at + make_interval(mins => ${targetMinutes('resolution')}))::int as "overResolution",
       count(*) filter (where t.completed_at is not null)::int as completed,
       count(*) filter (where t.completed_at is not null
         and t.completed_at <= t.created_at + make_interval(mins => ${targetMinutes('resolution')}))::int as met,
       avg(t.duration_minutes) filter (where t.completed_at is not null)::float8 as "avgDuration"
     from tickets t group by t.priority`,
  );
}
