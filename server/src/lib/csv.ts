import type { FastifyReply } from 'fastify';

export type CsvColumn<T> = {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined | Date;
};

/**
 * What a spreadsheet may read as the start of a formula (OWASP "CSV Injection"): = + - @, tab, CR and
 * LF, `;` (a field separator in many locales, after which the rest is a new cell), their full-width
 * forms (Excel in CJK locales treats ＝ like =), and any of the formula signs after leading spaces.
 */
const FORMULA_START = /^(?:[=+\-@;\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFF1B]|\s+[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** A plain number (a negative amount such as -1.500000 stays a number). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell that a spreadsheet would run as a formula is prefixed with ' (CSV injection). */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with a UTF-8 byte-order mark so Excel opens Chinese text correctly. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(csv);
}
