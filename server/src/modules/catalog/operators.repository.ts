import type { Operator, OperatorCreate, OperatorListQuery, OperatorUpdate } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { iso, likePattern, updateColumns } from './sql';

type OperatorRow = {
  id: number;
  country_code: string;
  country_name_zh: string;
  country_name_en: string;
  country_flag: string;
  code: string;
  name: string;
  fivesim_slug: string | null;
  enabled: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `o.id, o.country_code, c.name_zh as country_name_zh, c.name_en as country_name_en, c.flag as country_flag,
  o.code, o.name, o.fivesim_slug, o.enabled, o.sort_order, o.created_at, o.updated_at`;
const FROM = 'operators o join countries c on c.code = o.country_code';

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  countryCode: row.country_code,
  countryNameZh: row.country_name_zh,
  countryNameEn: row.country_name_en,
  countryFlag: row.country_flag,
  code: row.code,
  name: row.name,
  fivesimSlug: row.fivesim_slug,
  enabled: row.enabled,
  sortOrder: row.sort_order,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SORTABLE: Record<string, string> = {
  countryCode: 'o.country_code',
  code: 'o.code',
  name: 'o.name',
  enabled: 'o.enabled',
  sortOrder: 'o.sort_order',
  updatedAt: 'o.updated_at',
};

function operatorFilter(query: Pick<OperatorListQuery, 'countryCode' | 'keyword' | 'enabled'>): SqlFilter {
  const filter = new SqlFilter();
  filter.addIf(query.countryCode, 'o.country_code = ?', query.countryCode);
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    filter.add('(o.code ilike ? or o.name ilike ? or o.fivesim_slug ilike ?)', like, like, like);
  }
  if (query.enabled !== undefined) filter.add('o.enabled = ?', query.enabled);
  return filter;
}

const DEFAULT_ORDER = 'c.sort_order asc, o.country_code asc, o.sort_order asc, o.code asc';

export async function listOperators(
  q: Queryable,
  query: OperatorListQuery,
): Promise<{ list: Operator[]; total: number }> {
  const filter = operatorFilter(query);
  const [rows, count] = await Promise.all([
    q.query<OperatorRow>(
      `select ${COLUMNS} from ${FROM} ${filter.where} ${orderBy(query, SORTABLE, DEFAULT_ORDER, 'o.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(`select count(*)::int as total from ${FROM} ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toOperator), total: count[0]?.total ?? 0 };
}

export async function exportOperators(
  q: Queryable,
  query: Pick<OperatorListQuery, 'countryCode' | 'keyword' | 'enabled'>,
) {
  const filter = operatorFilter(query);
  const rows = await q.query<OperatorRow>(
    `select ${COLUMNS} from ${FROM} ${filter.where} order by ${DEFAULT_ORDER}`,
    filter.values,
  );
  return rows.map(toOperator);
}

export async function findOperator(
  q: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Operator | null> {
  const rows = await q.query<OperatorRow>(
    `select ${COLUMNS} from ${FROM} where o.id = $1 ${options.lock ? 'for update of o' : ''}`,
    [id],
  );
  return rows[0] ? toOperator(rows[0]) : null;
}

export async function operatorCodeTaken(
  q: Queryable,
  countryCode: string,
  code: string,
  exceptId: number | null,
) {
  const rows = await q.query(
    'select 1 from operators where country_code = $1 and code = $2 and id <> coalesce($3, 0)',
    [countryCode, code, exceptId],
  );
  return rows.length > 0;
}

export async function insertOperator(q: Queryable, input: OperatorCreate): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into operators (country_code, code, name, fivesim_slug, enabled, sort_order)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.countryCode, input.code, input.name, input.fivesimSlug, input.enabled, input.sortOrder],
  );
  return rows[0]!.id;
}

const UPDATABLE: Record<keyof OperatorUpdate, string> = {
  code: 'code',
  name: 'name',
  fivesimSlug: 'fivesim_slug',
  enabled: 'enabled',
  sortOrder: 'sort_order',
};

export const updateOperator = (q: Queryable, id: number, changes: OperatorUpdate) =>
  updateColumns(q, 'operators', UPDATABLE, { column: 'id', value: id }, changes);

export async function deleteOperator(q: Queryable, id: number): Promise<void> {
  await q.query('delete from operators where id = $1', [id]);
}

/** Enabled operators of an enabled country, for the store ("any" first). */
export async function listEnabledOperators(q: Queryable, countryCode: string) {
  return q.query<{ id: number; code: string; name: string }>(
    `select o.id, o.code, o.name from operators o join countries c on c.code = o.country_code
     where o.country_code = $1 and o.enabled and c.enabled order by o.sort_order asc, o.code asc`,
    [countryCode],
  );
}
