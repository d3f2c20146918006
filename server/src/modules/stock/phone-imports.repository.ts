import type {
  PageQuery,
  PhoneImportItem,
  PhoneImportState,
  PhoneLineReason,
  PhoneLineStatus,
} from '@jiema/shared';
import { integerArrayLiteral, textArrayLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

// ---------------------------------------------------------------- imports

export type ImportRow = {
  id: number;
  actor_id: number | null;
  actor_name: string;
  state: PhoneImportState;
  country_code: string;
  operator_id: number | null;
  operator_name: string | null;
  source: string;
  file_id: string | null;
  file_name: string;
  file_size: number;
  total_lines: number;
  processed_lines: number;
  written_lines: number;
  valid_count: number;
  invalid_count: number;
  duplicate_in_file_count: number;
  duplicate_in_stock_count: number;
  added_count: number | null;
  skipped_count: number | null;
  add_record_id: number | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
};

const IMPORT_SELECT = `
  select i.*, o.name as operator_name
  from phone_imports i left join operators o on o.id = i.operator_id`;

export async function insertImport(
  q: Queryable,
  row: {
    actorId: number;
    actorName: string;
    countryCode: string;
    operatorId: number | null;
    source: string;
    fileId: string;
    fileName: string;
    fileSize: number;
    totalLines: number;
  },
): Promise<number> {
  const [created] = await q.query<{ id: number }>(
    `insert into phone_imports (actor_id, actor_name, country_code, operator_id, source, file_id, file_name,
       file_size, total_lines)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      row.actorId,
      row.actorName,
      row.countryCode,
      row.operatorId,
      row.source,
      row.fileId,
      row.fileName,
      row.fileSize,
      row.totalLines,
    ],
  );
  return created!.id;
}

export async function findImport(q: Queryable, id: number): Promise<ImportRow | null> {
  const [row] = await q.query<ImportRow>(`${IMPORT_SELECT} where i.id = $1`, [id]);
  return row ?? null;
}

/** One analysed line, ready to be staged. */
export type StagedLine = {
  lineNo: number;
  raw: string;
  number: string | null;
  prefix: string | null;
  operatorId: number | null;
  status: Exclude<PhoneLineStatus, 'duplicateInStock'>;
  reason: PhoneLineReason | null;
  detail: string | null;
};

/**
 * Stages a chunk of analysed lines (seq `firstSeq` onwards, in order) as one `phone_import_chunks`
 * row; a valid number that the stock already holds becomes `duplicateInStock` on the way in (one
 * lookup in the stock's number index per valid line, in the same statement). Returns the count per
 * status.
 */
export async function stageLines(
  q: Queryable,
  importId: number,
  firstSeq: number,
  lines: readonly StagedLine[],
): Promise<Partial<Record<PhoneLineStatus, number>>> {
  const rows = await q.query<{ status: PhoneLineStatus; n: number }>(
    `with staged as (
       insert into phone_import_chunks (import_id, first_seq, line_no, raw, number, prefix, operator_id, status, reason, detail)
       select $1, $2, $3::int[], $4::text[], $5::text[], $6::text[], $7::int[],
              array(select case when u.status = 'valid'
                                 and exists (select 1 from phone_numbers p where p.number = u.number)
                                then 'duplicateInStock' else u.status end
                    from unnest($5::text[], $8::text[]) with ordinality as u(number, status, i) order by u.i),
              $9::text[], $10::text[]
       returning status
     ) select s.status, count(*)::int as n from staged, unnest(staged.status) as s(status) group by s.status`,
    [
      importId,
      firstSeq,
      integerArrayLiteral(lines.map((l) => l.lineNo)),
      textArrayLiteral(lines.map((l) => l.raw)),
      textArrayLiteral(lines.map((l) => l.number)),
      textArrayLiteral(lines.map((l) => l.prefix)),
      lines.map((l) => l.operatorId),
      textArrayLiteral(lines.map((l) => l.status)),
      textArrayLiteral(lines.map((l) => l.reason)),
      textArrayLiteral(lines.map((l) => l.detail)),
    ],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Adds a chunk's progress and counts while the import is still being analysed; false once it is not. */
export async function addAnalysisProgress(
  q: Queryable,
  id: number,
  delta: { lines: number; counts: Partial<Record<PhoneLineStatus, number>> },
): Promise<boolean> {
  const rows = await q.query(
    `update phone_imports set processed_lines = processed_lines + $2,
       valid_count = valid_count + $3, invalid_count = invalid_count + $4,
       duplicate_in_file_count = duplicate_in_file_count + $5,
       duplicate_in_stock_count = duplicate_in_stock_count + $6, updated_at = now()
     where id = $1 and state = 'analysing' returning id`,
    [
      id,
      delta.lines,
      delta.counts.valid ?? 0,
      delta.counts.invalid ?? 0,
      delta.counts.duplicateInFile ?? 0,
      delta.counts.duplicateInStock ?? 0,
    ],
  );
  return rows.length > 0;
}

/**
 * Moves an import from one of the `from` states to `to` (its error is the one given, else none);
 * false when it was in none of them (someone else moved it first).
 */
export async function moveImport(
  q: Queryable,
  id: number,
  from: readonly PhoneImportState[],
  to: PhoneImportState,
  extra: { error?: string; writtenLines?: number } = {},
): Promise<boolean> {
  const rows = await q.query(
    `update phone_imports set state = $3, error = $4,
       written_lines = coalesce($5, written_lines), updated_at = now()
     where id = $1 and state = any($2::text[]) returning id`,
    [id, [...from], to, extra.error ?? null, extra.writtenLines ?? null],
  );
  return rows.length > 0;
}

export async function setWrittenLines(q: Queryable, id: number, writtenLines: number): Promise<void> {
  await q.query(
    `update phone_imports set written_lines = $2, updated_at = now() where id = $1 and state = 'importing'`,
    [id, writtenLines],
  );
}

export async function completeImport(
  q: Queryable,
  id: number,
  result: { addedCount: number; skippedCount: number; addRecordId: number; writtenLines: number },
): Promise<void> {
  await q.query(
    `update phone_imports set state = 'completed', added_count = $2, skipped_count = $3, add_record_id = $4,
       written_lines = $5, updated_at = now()
     where id = $1`,
    [id, result.addedCount, result.skippedCount, result.addRecordId, result.writtenLines],
  );
}

/** An import's staged chunks in file order: the seq of each one's first line, and its line count. */
export async function stagedChunks(
  q: Queryable,
  importId: number,
): Promise<{ firstSeq: number; lines: number }[]> {
  return q.query<{ firstSeq: number; lines: number }>(
    `select first_seq as "firstSeq", cardinality(line_no) as lines
     from phone_import_chunks where import_id = $1 order by first_seq`,
    [importId],
  );
}

/**
 * Writes the valid lines of one staged chunk into the stock, in file order, in one statement; a
 * number that reached the stock since the preview is skipped (`on conflict do nothing`). Returns how
 * many were added.
 */
export async function writeStagedChunk(
  q: Queryable,
  importRow: Pick<ImportRow, 'id' | 'country_code' | 'source'>,
  addRecordId: number,
  firstSeq: number,
): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `with added as (
       insert into phone_numbers (number, country_code, operator_id, prefix, source, add_record_id)
       select u.number, $2, u.operator_id, u.prefix, $3, $4
       from phone_import_chunks c,
            unnest(c.number, c.operator_id, c.prefix, c.status) with ordinality as u(number, operator_id, prefix, status, i)
       where c.import_id = $1 and c.first_seq = $5 and u.status = 'valid'
       order by u.i
       on conflict (number) do nothing
       returning 1
     ) select count(*)::int as n from added`,
    [importRow.id, importRow.country_code, importRow.source, addRecordId, firstSeq],
  );
  return row?.n ?? 0;
}

export async function deleteStagedChunks(q: Queryable, importId: number): Promise<void> {
  await q.query('delete from phone_import_chunks where import_id = $1', [importId]);
}

/** Imports that stopped moving (their server stopped while analysing or writing) are failed. */
export async function failStaleImports(
  q: Queryable,
  staleAfterSeconds: number,
  error: string,
): Promise<void> {
  await q.query(
    `update phone_imports set state = 'failed', error = $2, updated_at = now()
     where state in ('analysing', 'importing') and updated_at < now() - make_interval(secs => $1)`,
    [staleAfterSeconds, error],
  );
}

/**
 * Removes imports finished or abandoned more than `olderThanSeconds` ago, with their staged lines,
 * and the uploaded files of those that never became an add record.
 */
export async function purgeOldImports(q: Queryable, olderThanSeconds: number): Promise<void> {
  const gone = await q.query<{ file_id: string | null; state: PhoneImportState }>(
    `delete from phone_imports
     where state in ('ready', 'completed', 'failed', 'cancelled') and updated_at < now() - make_interval(secs => $1)
     returning file_id, state`,
    [olderThanSeconds],
  );
  const orphanFiles = gone.filter((g) => g.state !== 'completed' && g.file_id).map((g) => g.file_id!);
  if (orphanFiles.length) await deleteFiles(q, orphanFiles);
}

/**
 * Keeps an uploaded file in `stored_files` (as `files.repository` does), sent as base64: a bytea
 * parameter of a few megabytes is serialised byte by byte on PGlite, base64 is decoded in SQL.
 */
export async function insertUploadedFile(
  q: Queryable,
  file: { id: string; ownerId: number; purpose: string; contentType: string; bytes: Buffer },
): Promise<void> {
  await q.query(
    `insert into stored_files (id, owner_id, purpose, content_type, size, bytes)
     values ($1, $2, $3, $4, $5, decode($6, 'base64'))`,
    [file.id, file.ownerId, file.purpose, file.contentType, file.bytes.length, file.bytes.toString('base64')],
  );
}

/** Deletes uploaded files no add record keeps. */
export async function deleteFiles(q: Queryable, fileIds: string[]): Promise<void> {
  await q.query(
    `delete from stored_files f where f.id = any($1::text[])
       and not exists (select 1 from phone_add_records r where r.file_id = f.id)`,
    [fileIds],
  );
}

type ItemRow = {
  line_no: number;
  raw: string;
  number: string | null;
  operator_code: string | null;
  operator_name: string | null;
  status: PhoneLineStatus;
  reason: PhoneLineReason | null;
  detail: string | null;
};

/** Preview lines are in file order unless sorted by one of these. */
const ITEM_SORTABLE = { lineNo: 's.line_no', status: 's.status' };

/**
 * A page of the preview in file order, unfiltered (as it opens, and paging through it): only the chunks
 * holding the page's lines are unnested, not every line of the file as through `phone_import_items`.
 * The same rows as that view's, `seq` counted the same way.
 */
function pageInFileOrder(importId: number, query: PageQuery) {
  const first = (query.page - 1) * query.pageSize + 1;
  return {
    sql: `select u.line_no, u.raw, u.number, o.code as operator_code, o.name as operator_name, u.status,
        u.reason, u.detail
      from phone_import_chunks c
      cross join lateral unnest(c.line_no, c.raw, c.number, c.operator_id, c.status, c.reason, c.detail)
        with ordinality as u(line_no, raw, number, operator_id, status, reason, detail, i)
      left join operators o on o.id = u.operator_id
      where c.import_id = $1 and c.first_seq <= $3 and c.first_seq + cardinality(c.line_no) > $2
        and c.first_seq + u.i - 1 between $2 and $3
      order by c.first_seq + u.i - 1`,
    values: [importId, first, first + query.pageSize - 1],
  };
}

/** A page filtered by status or sorted: every line of the import, through `phone_import_items`. */
function pageThroughView(importId: number, query: PageQuery & { status?: PhoneLineStatus }) {
  const filter = new SqlFilter()
    .add('s.import_id = ?', importId)
    .addIf(query.status, 's.status = ?', query.status);
  return {
    sql: `select s.line_no, s.raw, s.number, o.code as operator_code, o.name as operator_name, s.status,
        s.reason, s.detail
      from phone_import_items s left join operators o on o.id = s.operator_id
      ${filter.where} ${orderBy(query, ITEM_SORTABLE, 's.seq asc', 's.seq')} ${limitOffset(query)}`,
    values: filter.values,
  };
}

export async function listImportItems(
  q: Queryable,
  importId: number,
  query: PageQuery & { status?: PhoneLineStatus },
): Promise<{ list: PhoneImportItem[]; total: number }> {
  const page =
    !query.status && !query.sortField ? pageInFileOrder(importId, query) : pageThroughView(importId, query);
  const rows = await q.query<ItemRow>(page.sql, page.values);
  // Counted from the chunks' arrays: the status array alone when filtered, their lengths otherwise.
  const [count] = await q.query<{ total: number }>(
    query.status
      ? `select count(*)::int as total from phone_import_chunks c, unnest(c.status) as s(status)
         where c.import_id = $1 and s.status = $2`
      : `select coalesce(sum(cardinality(c.line_no)), 0)::int as total from phone_import_chunks c
         where c.import_id = $1`,
    query.status ? [importId, query.status] : [importId],
  );
  return {
    list: rows.map((r) => ({
      lineNo: r.line_no,
      raw: r.raw,
      number: r.number,
      operatorCode: r.operator_code,
      operatorName: r.operator_name,
      status: r.status,
      reason: r.reason,
      detail: r.detail,
    })),
    total: count?.total ?? 0,
  };
}
