import type { Campaign, CampaignQuery, OutboundMessage, OutboundMessageQuery } from '@jiema/shared';
import { integerArrayLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import type { PlannedMessage } from './recipients';

// Delivered: those still stored and those the retention job pruned (counted on the campaign).
const CAMPAIGN_COLUMNS = `
  c.id, c.user_id, u.username, c.name, c.status, c.sender_id, c.content, c.template_id,
  c.scheduled_at, c.created_at, c.started_at, c.finished_at, c.total, c.segments, c.free_segments,
  c.amount::text as amount, c.refunded_amount::text as refunded_amount, c.refunded_free_segments,
  k.pending, k.sent, k.delivered + c.pruned_delivered as delivered, k.failed`;
const COUNTS = `
  left join lateral (
    select count(*) filter (where status = 'pending')::int as pending,
           count(*) filter (where status = 'sent')::int as sent,
           count(*) filter (where status = 'delivered')::int as delivered,
           count(*) filter (where status = 'failed')::int as failed
      from sms_outbound o where o.campaign_id = c.id
  ) k on true`;

type CampaignRow = Record<string, unknown> & {
  id: number;
  total: number;
  pending: number | null;
  sent: number | null;
  delivered: number | null;
  failed: number | null;
};
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

function toCampaign(row: CampaignRow): Campaign {
  const counts = {
    pending: row.pending ?? 0,
    sent: row.sent ?? 0,
    delivered: row.delivered ?? 0,
    failed: row.failed ?? 0,
  };
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    username: String(row.username),
    name: String(row.name),
    status: row.status as Campaign['status'],
    senderId: String(row.sender_id),
    content: String(row.content),
    templateId: row.template_id === null ? null : Number(row.template_id),
    scheduledAt: iso(row.scheduled_at),
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    total: Number(row.total),
    counts,
    progress: row.total ? (row.total - counts.pending) / Number(row.total) : 1,
    segments: Number(row.segments),
    freeSegments: Number(row.free_segments),
    amount: String(row.amount),
    refundedAmount: String(row.refunded_amount),
    refundedFreeSegments: Number(row.refunded_free_segments),
  };
}

export async function findCampaign(q: Queryable, id: number, userId?: number): Promise<Campaign | null> {
  const rows = await q.query<CampaignRow>(
    `select ${CAMPAIGN_COLUMNS} from sms_campaigns c join users u on u.id = c.user_id ${COUNTS}
      where c.id = $1 and ($2::integer is null or c.user_id = $2)`,
    [id, userId ?? null],
  );
  return rows[0] ? toCampaign(rows[0]) : null;
}

const CAMPAIGN_SORT = {
  id: 'c.id',
  createdAt: 'c.created_at',
  scheduledAt: 'c.scheduled_at',
  total: 'c.total',
  status: 'c.status',
};

export async function listCampaigns(q: Queryable, userId: number, query: CampaignQuery) {
  const filter = new SqlFilter()
    .add('c.user_id = ?', userId)
    .addIf(query.status, 'c.status = ?', query.status)
    .addIf(query.keyword, '(c.name ilike ? or c.content ilike ?)', `%${query.keyword}%`, `%${query.keyword}%`)
    .addIf(query.from, 'c.created_at >= ?', query.from)
    .addIf(query.to, 'c.created_at < ?', query.to);
  const order = orderBy(query, CAMPAIGN_SORT, 'c.id desc', 'c.id');
  const [rows, total] = await Promise.all([
    q.query<CampaignRow>(
      `select ${CAMPAIGN_COLUMNS} from sms_campaigns c join users u on u.id = c.user_id ${COUNTS}
       ${filter.where} ${order} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(`select count(*)::int as n from sms_campaigns c ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toCampaign), total: total[0]?.n ?? 0 };
}

const MESSAGE_SORT = {
  id: 'o.id',
  createdAt: 'o.created_at',
  submittedAt: 'o.submitted_at',
  doneAt: 'o.done_at',
  status: 'o.status',
  phone: 'o.phone',
};

type MessageRow = Record<string, unknown>;
function toMessage(row: MessageRow): OutboundMessage {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    phone: String(row.phone),
    senderId: String(row.sender_id),
    text: String(row.text),
    encoding: row.encoding as OutboundMessage['encoding'],
    segments: Number(row.segments),
    status: row.status as OutboundMessage['status'],
    connectorId: row.connector_id === null ? null : Number(row.connector_id),
    connectorName: (row.connector_name as string | null) ?? null,
    attempts: Number(row.attempts),
    error: (row.error as string | null) ?? null,
    externalIds: (row.external_ids as string[]) ?? [],
    createdAt: iso(row.created_at)!,
    submittedAt: iso(row.submitted_at),
    doneAt: iso(row.done_at),
    refunded: Boolean(row.refunded),
  };
}

export async function listMessages(
  q: Queryable,
  userId: number,
  query: OutboundMessageQuery,
  options: { all?: boolean } = {},
) {
  const filter = new SqlFilter()
    .add('o.user_id = ?', userId)
    .addIf(query.campaignId, 'o.campaign_id = ?', query.campaignId)
    .addIf(query.status, 'o.status = ?', query.status)
    .addIf(query.phone, 'o.phone like ?', `%${query.phone?.replace(/[%_\\]/g, '')}%`)
    .addIf(query.connectorId, 'o.connector_id = ?', query.connectorId)
    .addIf(query.from, 'o.created_at >= ?', query.from)
    .addIf(query.to, 'o.created_at < ?', query.to);
  const order = orderBy(query, MESSAGE_SORT, 'o.id desc', 'o.id');
  const rows = await q.query<MessageRow>(
    `select o.*, k.name as connector_name from sms_outbound o
       left join sms_connectors k on k.id = o.connector_id
     ${filter.where} ${order} ${options.all ? 'limit 100000' : limitOffset(query)}`,
    filter.values,
  );
  const total = options.all
    ? rows.length
    : ((
        await q.query<{ n: number }>(
          `select count(*)::int as n from sms_outbound o ${filter.where}`,
          filter.values,
        )
      )[0]?.n ?? 0);
  return { list: rows.map(toMessage), total };
}

/**
 * Queues one chunk of a campaign's messages. unnest's scan yields the arrays in order, so ids (and the
 * sending order) follow the recipients' without an `order by` (a sort of each chunk was a tenth of the
 * insert's time). A chunk whose messages all have one text (no per-recipient variables: the usual
 * case) sends that text, its encoding and segments once: a shorter array is padded with nulls by unnest.
 */
export async function insertMessages(
  tx: Queryable,
  input: {
    campaignId: number;
    userId: number;
    senderId: string;
    startAt: Date;
    expiresAt: Date;
    messages: readonly PlannedMessage[];
    free: readonly number[];
    costs: readonly string[];
  },
) {
  const first = input.messages[0];
  if (!first) return;
  const uniform = input.messages.every((m) => m.text === first.text);
  await tx.query(
    `insert into sms_outbound (campaign_id, user_id, phone, sender_id, text, encoding, segments,
       free_segments, cost, next_attempt_at, expires_at)
     select $1, $2, u.phone, $3, coalesce(u.text, $12), coalesce(u.encoding, $13), coalesce(u.segments, $14::int),
            u.free, u.cost::numeric, $4, $5
       from unnest($6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[])
            as u(phone, text, encoding, segments, free, cost)`,
    [
      input.campaignId,
      input.userId,
      input.senderId,
      input.startAt,
      input.expiresAt,
      input.messages.map((m) => m.phone),
      uniform ? [] : input.messages.map((m) => m.text),
      uniform ? [] : input.messages.map((m) => m.encoding),
      integerArrayLiteral(uniform ? [] : input.messages.map((m) => m.segments)),
      integerArrayLiteral(input.free),
      input.costs,
      uniform ? first.text : null,
      uniform ? first.encoding : null,
      uniform ? first.segments : null,
    ],
  );
}
