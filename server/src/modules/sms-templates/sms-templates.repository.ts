import {
  type SmsTemplate,
  type SmsTemplateInput,
  type SmsTemplateQuery,
  type SmsTemplateReviewQuery,
  type SmsTemplateStatus,
  templateVariables,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

type TemplateRow = {
  id: number;
  user_id: number;
  username: string;
  name: string;
  content: string;
  status: SmsTemplateStatus;
  reject_reason: string | null;
  reviewer: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const SELECT = `select t.id, t.user_id, u.username, t.name, t.content, t.status, t.reject_reason,
    r.username as reviewer, t.reviewed_at, t.created_at, t.updated_at
  from sms_templates t
  join users u on u.id = t.user_id
  left join users r on r.id = t.reviewed_by`;

const SORTABLE = {
  id: 't.id',
  name: 't.name',
  status: 't.status',
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
  reviewedAt: 't.reviewed_at',
};

const toTemplate = (r: TemplateRow): SmsTemplate => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  name: r.name,
  content: r.content,
  variables: templateVariables(r.content),
  status: r.status,
  rejectReason: r.reject_reason,
  reviewedBy: r.reviewer,
  reviewedAt: r.reviewed_at ? r.reviewed_at.toISOString() : null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One user's templates (`ownerId`), or everyone's for reviewers (`ownerId` null). */
export async function listTemplates(
  q: Queryable,
  ownerId: number | null,
  query: SmsTemplateQuery & Partial<Pick<SmsTemplateReviewQuery, 'username'>>,
): Promise<{ list: SmsTemplate[]; total: number }> {
  const filter = new SqlFilter();
  filter.addIf(ownerId, 't.user_id = ?', ownerId);
  filter.addIf(query.status, 't.status = ?', query.status);
  filter.addIf(query.username, 'u.username = ?', query.username);
  if (query.keyword) {
    const pattern = contains(query.keyword);
    filter.add('(t.name ilike ? or t.content ilike ?)', pattern, pattern);
  }
  const [rows, count] = await Promise.all([
    q.query<TemplateRow>(
      `${SELECT} ${filter.where} ${orderBy(query, SORTABLE, 't.id desc', 't.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(
      `select count(*)::int as n from sms_templates t join users u on u.id = t.user_id ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toTemplate), total: count[0]?.n ?? 0 };
}

/** A template, locked for the caller's transaction when `lock`; `ownerId` limits it to its owner. */
export async function findTemplate(
  q: Queryable,
  id: number,
  { ownerId = null, lock = false }: { ownerId?: number | null; lock?: boolean } = {},
): Promise<SmsTemplate | null> {
  const rows = await q.query<TemplateRow>(
    `${SELECT} where t.id = $1 and ($2::int is null or t.user_id = $2)${lock ? ' for update of t' : ''}`,
    [id, ownerId],
  );
  return rows[0] ? toTemplate(rows[0]) : null;
}

export async function insertTemplate(q: Queryable, userId: number, input: SmsTemplateInput): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into sms_templates (user_id, name, content, status) values ($1, $2, $3, 'pending') returning id`,
    [userId, input.name, input.content],
  );
  return rows[0]!.id;
}

/** A changed template needs a new review: back to pending, the previous verdict cleared. */
export async function updateTemplate(q: Queryable, id: number, input: SmsTemplateInput): Promise<void> {
  await q.query(
    `update sms_templates set name = $2, content = $3, status = 'pending', reject_reason = null,
       reviewed_by = null, reviewed_at = null, updated_at = now()
     where id = $1`,
    [id, input.name, input.content],
  );
}

export async function setTemplateVerdict(
  q: Queryable,
  id: number,
  verdict: { status: 'approved' | 'rejected'; reason: string | null; reviewerId: number },
): Promise<void> {
  await q.query(
    `update sms_templates set status = $2, reject_reason = $3, reviewed_by = $4, reviewed_at = now(),
       updated_at = now()
     where id = $1`,
    [id, verdict.status, verdict.reason, verdict.reviewerId],
  );
}

export async function deleteTemplate(q: Queryable, id: number): Promise<void> {
  await q.query('delete from sms_templates where id = $1', [id]);
}
