import type { Application, ApplicationCreate, ApplicationListQuery, ApplicationUpdate } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { iso, likePattern, updateColumns } from './sql';

type ApplicationRow = {
  id: number;
  code: string;
  fivesim_product: string | null;
  name_zh: string;
  name_en: string;
  icon_path: string;
  sender_pattern: string;
  keyword_pattern: string;
  code_pattern: string;
  enabled: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `a.id, a.code, a.fivesim_product, a.name_zh, a.name_en, a.icon_path, a.sender_pattern, a.keyword_pattern,
  a.code_pattern, a.enabled, a.sort_order, a.created_at, a.updated_at`;

const toApplication = (row: ApplicationRow): Application => ({
  id: row.id,
  code: row.code,
  fivesimProduct: row.fivesim_product,
  nameZh: row.name_zh,
  nameEn: row.name_en,
  iconPath: row.icon_path,
  senderPattern: row.sender_pattern,
  keywordPattern: row.keyword_pattern,
  codePattern: row.code_pattern,
  enabled: row.enabled,
  sortOrder: row.sort_order,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SORTABLE: Record<string, string> = {
  code: 'a.code',
  nameZh: 'a.name_zh',
  nameEn: 'a.name_en',
  enabled: 'a.enabled',
  sortOrder: 'a.sort_order',
  updatedAt: 'a.updated_at',
};

function applicationFilter(query: Pick<ApplicationListQuery, 'keyword' | 'enabled'>): SqlFilter {
  const filter = new SqlFilter();
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    filter.add(
      '(a.code ilike ? or a.name_zh ilike ? or a.name_en ilike ? or a.fivesim_product ilike ?)',
      like,
      like,
      like,
      like,
    );
  }
  if (query.enabled !== undefined) filter.add('a.enabled = ?', query.enabled);
  return filter;
}

const DEFAULT_ORDER = 'a.sort_order asc, a.code asc';

export async function listApplications(q: Queryable, query: ApplicationListQuery) {
  const filter = applicationFilter(query);
  const [rows, count] = await Promise.all([
    q.query<ApplicationRow>(
      `select ${COLUMNS} from applications a ${filter.where} ${orderBy(query, SORTABLE, DEFAULT_ORDER, 'a.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from applications a ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toApplication), total: count[0]?.total ?? 0 };
}

export async function exportApplications(
  q: Queryable,
  query: Pick<ApplicationListQuery, 'keyword' | 'enabled'>,
) {
  const filter = applicationFilter(query);
  const rows = await q.query<ApplicationRow>(
    `select ${COLUMNS} from applications a ${filter.where} order by ${DEFAULT_ORDER}`,
    filter.values,
  );
  return rows.map(toApplication);
}

export async function findApplication(
  q: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Application | null> {
  const rows = await q.query<ApplicationRow>(
    `select ${COLUMNS} from applications a where a.id = $1 ${options.lock ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ? toApplication(rows[0]) : null;
}

export async function applicationCodeTaken(
  q: Queryable,
  code: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await q.query('select 1 from applications where code = $1 and id <> coalesce($2, 0)', [
    code,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function insertApplication(q: Queryable, input: ApplicationCreate): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into applications
       (code, fivesim_product, name_zh, name_en, icon_path, sender_pattern, keyword_pattern, code_pattern, enabled, sort_order)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      input.code,
      input.fivesimProduct,
      input.nameZh,
      input.nameEn,
      input.iconPath,
      input.senderPattern,
      input.keywordPattern,
      input.codePattern,
      input.enabled,
      input.sortOrder,
    ],
  );
  return rows[0]!.id;
}

const UPDATABLE: Record<keyof ApplicationUpdate, string> = {
  code: 'code',
  fivesimProduct: 'fivesim_product',
  nameZh: 'name_zh',
  nameEn: 'name_en',
  iconPath: 'icon_path',
  senderPattern: 'sender_pattern',
  keywordPattern: 'keyword_pattern',
  codePattern: 'code_pattern',
  enabled: 'enabled',
  sortOrder: 'sort_order',
};

export const updateApplication = (q: Queryable, id: number, changes: ApplicationUpdate) =>
  updateColumns(q, 'applications', UPDATABLE, { column: 'id', value: id }, changes);

export async function deleteApplication(q: Queryable, id: number): Promise<void> {
  await q.query('delete from applications where id = $1', [id]);
}

/** Enabled applications for the store, in display order. */
export async function listEnabledApplications(q: Queryable) {
  return q.query<{ id: number; code: string; nameZh: string; nameEn: string; iconPath: string }>(
    `select id, code, name_zh as "nameZh", name_en as "nameEn", icon_path as "iconPath"
     from applications where enabled order by sort_order asc, code asc`,
  );
}

export async function listApplicationOptions(q: Queryable) {
  return q.query<{ id: number; code: string; nameZh: string; nameEn: string; enabled: boolean }>(
    `select id, code, name_zh as "nameZh", name_en as "nameEn", enabled from applications order by sort_order asc, code asc`,
  );
}
