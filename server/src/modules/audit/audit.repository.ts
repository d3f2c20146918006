import type { AuditLog, PageQuery } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

export type AuditEntry = {
  actorId: number | null;
  actorName: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  ip: string;
};

export async function insertAuditLog(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `insert into audit_logs (actor_id, actor_name, action, entity, entity_id, before, after, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.actorId,
      entry.actorName,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.ip,
    ],
  );
}

type AuditRow = {
  id: number;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: Date | string;
};

export type AuditLogFilter = {
  actor?: string;
  entity?: string;
  entityId?: string;
  action?: string;
  from?: string;
  to?: string;
};

/** `%`, `_` and `\` typed by a person are searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function auditFilter(query: AuditLogFilter): SqlFilter {
  const filter = new SqlFilter();
  const actor = query.actor?.trim();
  if (actor) {
    if (/^\d{1,9}$/.test(actor))
      filter.add('(l.actor_id = ? or l.actor_name ilike ?)', Number(actor), likePattern(actor));
    else filter.add('l.actor_name ilike ?', likePattern(actor));
  }
  filter.addIf(query.entity?.trim(), 'l.entity = ?', query.entity?.trim());
  filter.addIf(query.entityId?.trim(), 'l.entity_id = ?', query.entityId?.trim());
  filter.addIf(query.action?.trim(), 'l.action = ?', query.action?.trim());
  filter.addIf(query.from, 'l.created_at >= ?', query.from);
  filter.addIf(query.to, 'l.created_at < ?', query.to);
  return filter;
}

const SORTABLE: Record<string, string> = {
  id: 'l.id',
  createdAt: 'l.created_at',
  actorName: 'l.actor_name',
  action: 'l.action',
  entity: 'l.entity',
};

export async function listAuditLogs(
  q: Queryable,
  query: AuditLogFilter & PageQuery,
): Promise<{ list: AuditLog[]; total: number }> {
  const filter = auditFilter(query);
  const [rows, count] = await Promise.all([
    q.query<AuditRow>(
      `select l.id, l.actor_id, l.actor_name, l.action, l.entity, l.entity_id, l.before, l.after, l.ip, l.created_at
       from audit_logs l ${filter.where}
       ${orderBy(query, SORTABLE, 'l.created_at desc', 'l.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from audit_logs l ${filter.where}`,
      filter.values,
    ),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      actorName: r.actor_name,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: count[0]?.total ?? 0,
  };
}

/** The entities and actions that occur in the log, for the filters. */
export async function auditFacets(q: Queryable): Promise<{ entities: string[]; actions: string[] }> {
  const [entities, actions] = await Promise.all([
    q.query<{ v: string }>('select distinct entity as v from audit_logs order by 1 limit 200'),
    q.query<{ v: string }>('select distinct action as v from audit_logs order by 1 limit 200'),
  ]);
  return { entities: entities.map((r) => r.v), actions: actions.map((r) => r.v) };
}
