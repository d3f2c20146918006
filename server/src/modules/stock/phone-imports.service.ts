import path from 'node:path';
import {
  ANY_OPERATOR_CODE,
  type ErrorCode,
  errorMessage,
  type Locale,
  PHONE_IMPORT_MAX_BYTES,
  PHONE_IMPORT_MAX_LINES,
  type PhoneImport,
  type PhoneImportItemsQuery,
  type PhoneImportOptions,
} from '@jiema/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { nextTurn } from '../../lib/next-turn';
import { paged } from '../../lib/pagination';
import { newFileId } from '../../lib/secrets';
import { type Actor, audit } from '../audit/audit';
import { finishAddRecord, insertAddRecord } from './add-records.repository';
import { analyseChunk } from './analyse-chunk';
import {
  addAnalysisProgress,
  completeImport,
  deleteFiles,
  deleteStagedChunks,
  failStaleImports,
  findImport,
  type ImportRow,
  insertImport,
  insertUploadedFile,
  listImportItems,
  moveImport,
  purgeOldImports,
  type StagedLine,
  setWrittenLines,
  stagedChunks,
  stageLines,
  writeStagedChunk,
} from './phone-imports.repository';
import { createLineAnalyser, type SourceLine, splitLines } from './phone-lines';

/**
 * Lines analysed, staged and counted per step of the preview (one short transaction and one staged
 * row each); the import writes a staged chunk per statement, so it is also the import's progress step.
 */
const ANALYSE_CHUNK = 5_000;
/**
 * An analysing or importing batch that has not moved for this long lost its server (analysis moves
 * every 5,000 lines; a whole 200,000-line write takes seconds).
 */
const STALE_AFTER_SECONDS = 180;
/** Finished and abandoned batches (not their add records) are removed after a day. */
const PURGE_AFTER_SECONDS = 86_400;

class Cancelled extends Error {}

export type PhoneImportService = ReturnType<typeof createPhoneImportService>;

/**
 * Batch add, built for 100,000 numbers well under 30 seconds, with a progress bar:
 *
 * 1. Upload (`create`): the file is kept (`stored_files`) and an import row is created; the answer
 *    comes at once and the analysis goes on in the background of this process.
 * 2. Analysis: lines are normalised with libphonenumber in chunks of 5,000; each chunk is staged as
 *    ONE `phone_import_chunks` row of column arrays (a row per line cost as much as the import
 *    itself), by one statement that also marks the numbers already in stock, and the import's counts
 *    and `processed_lines` move in the same short transaction, while the next chunk is analysed. The
 *    page polls the import row, so the progress comes from the server, and any instance can answer
 *    the poll. In-file duplicates are found with a Map in memory.
 * 3. Preview (`state = ready`): counts, and every line with its status and reason, paged
 *    (the `phone_import_items` view unnests the chunks).
 * 4. Import (`commit`): ONE transaction creates the add record, writes the staged valid lines into
 *    `phone_numbers` with one `insert … select … on conflict (number) do nothing` per staged chunk,
 *    straight from its arrays in the database (a number that reached the stock since the preview is
 *    skipped and counted), sets the counts, completes the import and writes the audit row. Any
 *    failure rolls all of it back: nothing is added. On PostgreSQL `written_lines` is reported
 *    through another pool connection as each chunk lands; on PGlite (one connection, which the open
 *    transaction holds) the page sees the end only.
 */
export function createPhoneImportService({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const running = new Set<Promise<void>>();
  let closing = false;

  /** Runs work after the answer was sent; `drain` waits for it when the server stops. */
  function inBackground(work: () => Promise<void>) {
    const task: Promise<void> = work()
      .catch((error) => log.error({ err: error }, 'phone import task failed'))
      .finally(() => running.delete(task));
    running.add(task);
  }

  async function batchContext(q: Queryable, options: PhoneImportOptions) {
    const [country] = await q.query<{ code: string }>('select code from countries where code = $1', [
      options.countryCode,
    ]);
    if (!country) throw new AppError('STOCK_COUNTRY_UNKNOWN', { country: options.countryCode });
    const operators = await q.query<{ id: number; code: string; name: string }>(
      'select id, code, name from operators where country_code = $1',
      [options.countryCode],
    );
    const defaultOperator = options.operatorId
      ? operators.find((o) => o.id === options.operatorId)
      : operators.find((o) => o.code === ANY_OPERATOR_CODE);
    if (!defaultOperator) {
      throw options.operatorId
        ? new AppError('STOCK_OPERATOR_UNKNOWN')
        : new AppError('STOCK_NO_ANY_OPERATOR', { country: options.countryCode });
    }
    return { operators, defaultOperatorId: defaultOperator.id };
  }

  /** Stages one analysed chunk and moves the counts; false once the import is no longer being analysed. */
  function stageChunk(importId: number, firstSeq: number, staged: StagedLine[]): Promise<boolean> {
    return db
      .transaction(async (tx) => {
        const counts = await stageLines(tx, importId, firstSeq, staged);
        if (!(await addAnalysisProgress(tx, importId, { lines: staged.length, counts })))
          throw new Cancelled();
        return true;
      })
      .catch((error) => {
        if (error instanceof Cancelled) return false;
        throw error;
      });
  }

  /**
   * Analyses and stages chunk after chunk, in order. While one chunk is being staged (the database's
   * work) the next is analysed (this process's work); at most one staging is in flight.
   */
  async function analyse(
    importId: number,
    lines: SourceLine[],
    analyser: ReturnType<typeof createLineAnalyser>,
  ) {
    const firstLineOf = new Map<string, number>();
    // Settled into a value at once: a failure waits, handled, until the next chunk is analysed.
    let staging: Promise<{ goOn: boolean } | { error: unknown }> = Promise.resolve({ goOn: true });
    const stagedSoFar = async () => {
      const outcome = await staging;
      if ('error' in outcome) throw outcome.error;
      return outcome.goOn;
    };
    for (let start = 0; start < lines.length; start += ANALYSE_CHUNK) {
      if (closing) {
        await staging; // the database closes once this returns
        throw new Error('server stopping');
      }
      const end = Math.min(start + ANALYSE_CHUNK, lines.length);
      const staged = await analyseChunk(lines, start, end, analyser, firstLineOf);
      if (!(await stagedSoFar())) return;
      staging = stageChunk(importId, start + 1, staged).then(
        (goOn) => ({ goOn }),
        (error: unknown) => ({ error }),
      );
    }
    if (!(await stagedSoFar())) return;
    await moveImport(db, importId, ['analysing'], 'ready');
  }

  async function write(actor: Actor, row: ImportRow) {
    const started = Date.now();
    const reportsProgress = db.kind === 'postgres';
    try {
      await db.transaction(async (tx) => {
        const addRecordId = await insertAddRecord(tx, row, actor);
        let added = 0;
        for (const chunk of await stagedChunks(tx, row.id)) {
          added += await writeStagedChunk(tx, row, addRecordId, chunk.firstSeq);
          if (reportsProgress) await setWrittenLines(db, row.id, chunk.firstSeq + chunk.lines - 1);
        }
        const result = { addedCount: added, skippedCount: row.valid_count - added };
        await finishAddRecord(tx, addRecordId, { ...result, durationMs: Date.now() - started });
        await completeImport(tx, row.id, { ...result, addRecordId, writtenLines: row.total_lines });
        await audit(tx, actor, {
          action: 'create',
          entity: 'phone_add_record',
          entityId: addRecordId,
          after: {
            importId: row.id,
            countryCode: row.country_code,
            operatorId: row.operator_id,
            source: row.source,
            fileName: row.file_name,
            totalLines: row.total_lines,
            validCount: row.valid_count,
            invalidCount: row.invalid_count,
            duplicateInFileCount: row.duplicate_in_file_count,
            duplicateInStockCount: row.duplicate_in_stock_count,
            ...result,
          },
        });
      });
    } catch (error) {
      log.error({ err: error, importId: row.id }, 'phone import failed; nothing was written');
      await moveImport(db, row.id, ['importing'], 'failed', { error: 'PHONE_IMPORT_FAILED' });
      return;
    }
    // The staged lines served their purpose; the add record keeps the file and the counts.
    await deleteStagedChunks(db, row.id);
  }

  async function current(id: number): Promise<ImportRow> {
    await failStaleImports(db, STALE_AFTER_SECONDS, 'PHONE_IMPORT_INTERRUPTED');
    const row = await findImport(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    /** Keeps the upload, creates the import and starts its analysis; answers before the analysis ends. */
    async create(actor: Actor, options: PhoneImportOptions, upload: { fileName: string; bytes: Buffer }) {
      if (upload.bytes.length > PHONE_IMPORT_MAX_BYTES)
        throw new AppError('FILE_TOO_LARGE', { maxKb: PHONE_IMPORT_MAX_BYTES / 1024 });
      if (upload.bytes.includes(0)) throw new AppError('FILE_TYPE_INVALID', { types: 'TXT, CSV' });
      const context = await batchContext(db, options);
      const lines = splitLines(new TextDecoder('utf-8').decode(upload.bytes));
      if (lines.length === 0) throw new AppError('PHONE_IMPORT_EMPTY');
      if (lines.length > PHONE_IMPORT_MAX_LINES)
        throw new AppError('PHONE_IMPORT_TOO_MANY_LINES', {
          max: PHONE_IMPORT_MAX_LINES,
          lines: lines.length,
        });

      await failStaleImports(db, STALE_AFTER_SECONDS, 'PHONE_IMPORT_INTERRUPTED');
      await db.transaction((tx) => purgeOldImports(tx, PURGE_AFTER_SECONDS));

      const fileName = cleanFileName(upload.fileName);
      const fileId = newFileId();
      const id = await db.transaction(async (tx) => {
        await insertUploadedFile(tx, {
          id: fileId,
          ownerId: actor.id,
          purpose: 'phone-import',
          contentType: fileName.toLowerCase().endsWith('.csv') ? 'text/csv' : 'text/plain',
          bytes: upload.bytes,
        });
        return insertImport(tx, {
          actorId: actor.id,
          actorName: actor.name,
          countryCode: options.countryCode,
          operatorId: options.operatorId ?? null,
          source: options.source,
          fileId,
          fileName,
          fileSize: upload.bytes.length,
          totalLines: lines.length,
        });
      });
      const analyser = createLineAnalyser({
        countryCode: options.countryCode,
        defaultOperatorId: context.defaultOperatorId,
        operators: context.operators,
      });
      const created = (await findImport(db, id))!;
      inBackground(async () => {
        // The answer goes out first; the analysis starts on the next turn of the event loop.
        await nextTurn();
        try {
          await analyse(id, lines, analyser);
        } catch (error) {
          log.error({ err: error, importId: id }, 'phone import analysis failed');
          await moveImport(db, id, ['analysing'], 'failed', { error: 'PHONE_IMPORT_FAILED' });
        }
      });
      return created;
    },

    get: current,

    async items(id: number, query: PhoneImportItemsQuery) {
      await current(id);
      const { list, total } = await listImportItems(db, id, query);
      return paged(list, total, query);
    },

    /**
     * Starts the one-transaction write of a previewed batch and answers at once (state `importing`).
     * A batch whose write failed (nothing was written, its preview is whole) can be tried again.
     */
    async commit(actor: Actor, id: number) {
      const row = await current(id);
      const retry = row.state === 'failed' && row.processed_lines === row.total_lines;
      if (row.state !== 'ready' && !retry) throw new AppError('PHONE_IMPORT_NOT_READY', { state: row.state });
      if (row.valid_count === 0) throw new AppError('PHONE_IMPORT_NOTHING_TO_ADD');
      // Only one commit can claim the batch, however many clicks or servers.
      if (!(await moveImport(db, id, [row.state], 'importing', { writtenLines: 0 }))) {
        const now = await current(id);
        throw new AppError('PHONE_IMPORT_NOT_READY', { state: now.state });
      }
      const claimed = { ...row, state: 'importing' as const, written_lines: 0, error: null };
      inBackground(() => write(actor, claimed));
      return claimed;
    },

    /** Abandons a batch that was not imported: its lines and its file go. */
    async cancel(id: number) {
      const row = await current(id);
      if (!(await moveImport(db, id, ['analysing', 'ready', 'failed'], 'cancelled'))) {
        throw new AppError('PHONE_IMPORT_NOT_READY', { state: row.state });
      }
      await db.transaction(async (tx) => {
        await deleteStagedChunks(tx, id);
        if (row.file_id) await deleteFiles(tx, [row.file_id]);
      });
      return (await findImport(db, id))!;
    },

    /** Waits for background work (server shutdown); an analysis still running stops and is failed. */
    async drain() {
      closing = true;
      await Promise.allSettled([...running]);
    },
  };
}

/** The name to keep and offer on download: no folders, quotes or control characters. */
function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const cleaned = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'numbers.txt';
}

/** The import as the API shows it; a failure's reason in the caller's language. */
export function toPhoneImport(row: ImportRow, locale: Locale): PhoneImport {
  return {
    id: row.id,
    state: row.state,
    countryCode: row.country_code,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    source: row.source,
    fileName: row.file_name,
    fileSize: row.file_size,
    totalLines: row.total_lines,
    processedLines: row.processed_lines,
    writtenLines: row.written_lines,
    validCount: row.valid_count,
    invalidCount: row.invalid_count,
    duplicateInFileCount: row.duplicate_in_file_count,
    duplicateInStockCount: row.duplicate_in_stock_count,
    addedCount: row.added_count,
    skippedCount: row.skipped_count,
    addRecordId: row.add_record_id,
    error: row.error ? errorMessage(row.error as ErrorCode, locale) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
