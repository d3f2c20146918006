import type {
  ValidityOption,
  ValidityOptionCreate,
  ValidityOptionListQuery,
  ValidityOptionUpdate,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { iso, updateColumns } from './sql';

// Validity options: the durations on sale (activations of N minutes, rentals of N days).

type ValidityRow = {
  id: number;
  kind: 'activation' | 'rental';
  minutes: number;
  name_zh: string;
  name_en: string;
  enabled: boolean;
  sort_order: number;
  rule_count: number;
  created_at: Date;
  updated_at: Date;
};

const VALIDITY_COLUMNS = `v.id, v.kind, v.minutes, v.name_zh, v.name_en, v.enabled, v.sort_order, v.created_at, v.updated_at,
  (select count(*)::int from price_rules r where r.validity_option_id = v.id) as rule_count`;

const toValidity = (row: ValidityRow): ValidityOption => ({
  id: row.id,
  kind: row.kind,
  minutes: row.minutes,
  nameZh: row.name_zh,
  nameEn: row.name_en,
  enabled: row.enabled,
  sortOrder: row.sort_order,
  ruleCount: row.rule_count,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const VALIDITY_SORTABLE: Record<string, string> = {
  kind: 'v.kind',
  minutes: 'v.minutes',
  enabled: 'v.enabled',
  sortOrder: 'v.sort_order',
};

export async function listValidityOptions(q: Queryable, query: ValidityOptionListQuery) {
  const filter = new SqlFilter();
  filter.addIf(query.kind, 'v.kind = ?', query.kind);
  if (query.enabled !== undefined) filter.add('v.enabled = ?', query.enabled);
  const [rows, count] = await Promise.all([
    q.query<ValidityRow>(
      `select ${VALIDITY_COLUMNS} from validity_options v ${filter.where}
       ${orderBy(query, VALIDITY_SORTABLE, 'v.sort_order asc, v.kind asc, v.minutes asc', 'v.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from validity_options v ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toValidity), total: count[0]?.total ?? 0 };
}

export async function findValidityOption(q: Queryable, id: number, options: { lock?: boolean } = {}) {
  const rows = await q.query<ValidityRow>(
    `select ${VALIDITY_COLUMNS} from validity_options v where v.id = $1 ${options.lock ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ? toValidity(rows[0]) : null;
}

export async function validityTaken(q: Queryable, kind: string, minutes: number, exceptId: number | null) {
  const rows = await q.query(
    'select 1 from validity_options where kind = $1 and minutes = $2 and id <> coalesce($3, 0)',
    [kind, minutes, exceptId],
  );
  return rows.length > 0;
}

export async function insertValidityOption(q: Queryable, input: ValidityOptionCreate): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into validity_options (kind, minutes, name_zh, name_en, enabled, sort_order)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.kind, input.minutes, input.nameZh, input.nameEn, input.enabled, input.sortOrder],
  );
  return rows[0]!.id;
}

const VALIDITY_UPDATABLE: Record<keyof ValidityOptionUpdate, string> = {
  kind: 'kind',
  minutes: 'minutes',
  nameZh: 'name_zh',
  nameEn: 'name_en',
  enabled: 'enabled',
  sortOrder: 'sort_order',
};

export const updateValidityOption = (q: Queryable, id: number, changes: ValidityOptionUpdate) =>
  updateColumns(q, 'validity_options', VALIDITY_UPDATABLE, { column: 'id', value: id }, changes);

export async function deleteValidityOption(q: Queryable, id: number): Promise<void> {
  await q.query('delete from validity_options where id = $1', [id]);
}

export async function listEnabledValidityOptions(q: Queryable) {
  return q.query<{
    id: number;
    kind: 'activation' | 'rental';
    minutes: number;
    nameZh: string;
    nameEn: string;
  }>(
    `select id, kind, minutes, name_zh as "nameZh", name_en as "nameEn"
     from validity_options where enabled order by sort_order asc, kind asc, minutes asc`,
  );
}

export async function listValidityOptionChoices(q: Queryable) {
  return q.query<{
    id: number;
    kind: 'activation' | 'rental';
    minutes: number;
    nameZh: string;
    nameEn: string;
    enabled: boolean;
  }>(
    `select id, kind, minutes, name_zh as "nameZh", name_en as "nameEn", enabled
     from validity_options order by sort_order asc, kind asc, minutes asc`,
  );
}
