import type { PageQuery, PhoneAddRecord, PhoneAddRecordFilter } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import type { ImportRow } from './phone-imports.repository';

// Add records: one per batch add (who, when, counts, the uploaded file), written in the import's transaction.

/** The add record of an import, created in the import's transaction (its counts are set when it ends). */
export async function insertAddRecord(
  q: Queryable,
  row: ImportRow,
  actor: { id: number; name: string },
): Promise<number> {
  const [created] = await q.query<{ id: number }>(
    `insert into phone_add_records (actor_id, actor_name, country_code, operator_id, source, file_id, file_name,
       file_size, total_lines, valid_count, invalid_count, duplicate_in_file_count, duplicate_in_stock_count,
       added_count, skipped_count)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, 0) returning id`,
    [
      actor.id,
      actor.name,
      row.country_code,
      row.operator_id,
      row.source,
      row.file_id,
      row.file_name,
      row.file_size,
      row.total_lines,
      row.valid_count,
      row.invalid_count,
      row.duplicate_in_file_count,
      row.duplicate_in_stock_count,
    ],
  );
  return created!.id;
}

export async function finishAddRecord(
  q: Queryable,
  id: number,
  result: { addedCount: number; skippedCount: number; durationMs: number },
): Promise<void> {
  await q.query(
    'update phone_add_records set added_count = $2, skipped_count = $3, duration_ms = $4 where id = $1',
    [id, result.addedCount, result.skippedCount, result.durationMs],
  );
}

type AddRecordRow = {
  id: number;
  actor_id: number | null;
  actor_name: string;
  country_code: string;
  country_name_zh: string;
  country_name_en: string;
  country_flag: string;
  operator_id: number | null;
  operator_name: string | null;
  source: string;
  file_name: string;
  file_size: number;
  has_file: boolean;
  total_lines: number;
  valid_count: number;
  invalid_count: number;
  duplicate_in_file_count: number;
  duplicate_in_stock_count: number;
  added_count: number;
  skipped_count: number;
  duration_ms: number;
  created_at: Date;
};

const toAddRecord = (r: AddRecordRow): PhoneAddRecord => ({
  id: r.id,
  actorId: r.actor_id,
  actorName: r.actor_name,
  countryCode: r.country_code,
  countryNameZh: r.country_name_zh,
  countryNameEn: r.country_name_en,
  countryFlag: r.country_flag,
  operatorId: r.operator_id,
  operatorName: r.operator_name,
  source: r.source,
  fileName: r.file_name,
  fileSize: r.file_size,
  hasFile: r.has_file,
  totalLines: r.total_lines,
  validCount: r.valid_count,
  invalidCount: r.invalid_count,
  duplicateInFileCount: r.duplicate_in_file_count,
  duplicateInStockCount: r.duplicate_in_stock_count,
  addedCount: r.added_count,
  skippedCount: r.skipped_count,
  durationMs: r.duration_ms,
  createdAt: r.created_at.toISOString(),
});

const RECORD_SORTABLE: Record<string, string> = {
  createdAt: 'r.created_at',
  countryCode: 'r.country_code',
  source: 'r.source',
  totalLines: 'r.total_lines',
  addedCount: 'r.added_count',
  invalidCount: 'r.invalid_count',
};

const RECORD_SELECT = `
  select r.id, r.actor_id, r.actor_name, r.country_code, c.name_zh as country_name_zh,
         c.name_en as country_name_en, c.flag as country_flag, r.operator_id, o.name as operator_name,
         r.source, r.file_name, r.file_size, (r.file_id is not null) as has_file, r.total_lines,
         r.valid_count, r.invalid_count, r.duplicate_in_file_count, r.duplicate_in_stock_count,
         r.added_count, r.skipped_count, r.duration_ms, r.created_at
  from phone_add_records r
  join countries c on c.code = r.country_code
  left join operators o on o.id = r.operator_id`;

function recordFilter(filter: PhoneAddRecordFilter): SqlFilter {
  const keyword = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return new SqlFilter()
    .addIf(filter.countryCode, 'r.country_code = ?', filter.countryCode)
    .addIf(
      keyword,
      `(r.file_name ilike ? escape '\\' or r.source ilike ? escape '\\' or r.actor_name ilike ? escape '\\')`,
      keyword,
      keyword,
      keyword,
    )
    .addIf(filter.from, 'r.created_at >= ?', filter.from)
    .addIf(filter.to, 'r.created_at < ?', filter.to);
}

export async function listAddRecords(q: Queryable, query: PageQuery & PhoneAddRecordFilter) {
  const filter = recordFilter(query);
  const rows = await q.query<AddRecordRow>(
    `${RECORD_SELECT} ${filter.where} ${orderBy(query, RECORD_SORTABLE, 'r.created_at desc', 'r.id')} ${limitOffset(query)}`,
    filter.values,
  );
  const [count] = await q.query<{ total: number }>(
    `select count(*)::int as total from phone_add_records r ${filter.where}`,
    filter.values,
  );
  return { list: rows.map(toAddRecord), total: count?.total ?? 0 };
}

/** Every add record matching the filter, newest first (they are few: one per batch). */
export async function allAddRecords(q: Queryable, filter: PhoneAddRecordFilter) {
  const sql = recordFilter(filter);
  const rows = await q.query<AddRecordRow>(
    `${RECORD_SELECT} ${sql.where} order by r.created_at desc, r.id desc limit 100000`,
    sql.values,
  );
  return rows.map(toAddRecord);
}

export async function findAddRecordFile(q: Queryable, id: number) {
  // As base64: a large bytea travels much faster that way on PGlite.
  const [row] = await q.query<{ file_name: string; content_type: string | null; base64: string | null }>(
    `select r.file_name, f.content_type, encode(f.bytes, 'base64') as base64
     from phone_add_records r left join stored_files f on f.id = r.file_id where r.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    fileName: row.file_name,
    contentType: row.content_type,
    bytes: row.base64 === null ? null : Buffer.from(row.base64, 'base64'),
  };
}
