import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CsvColumn } from '../../lib/csv';

/**
 * One cell, as `lib/csv.ts` writes it (a value a spreadsheet would run as a formula gets a leading '),
 * except that a signed number such as an E.164 phone number `+79121234567` is data, not a formula,
 * and is written as it is.
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[-+]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: unknown[]) => `${cells.map(cell).join(',')}\r\n`;

/**
 * A CSV file built page by page as it is sent, so an export of a million numbers never sits in
 * memory: a UTF-8 byte-order mark (Excel reads Chinese correctly) and the header, then each page.
 */
export function csvStream<T>(columns: CsvColumn<T>[], pages: AsyncIterable<readonly T[]>): Readable {
  async function* generate() {
    yield `\uFEFF${line(columns.map((c) => c.header))}`;
    for await (const rows of pages) {
      yield rows.map((row) => line(columns.map((c) => c.value(row)))).join('');
    }
  }
  return Readable.from(generate(), { objectMode: false });
}

export function sendCsvStream(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(stream);
}
