import type { RecipientInput } from '@jiema/shared';
import { parseCsv } from './csv';

export type ParsedRecipients = {
  /** Rows with the phone and one variable per other column (by header). */
  recipients: RecipientInput[];
  /** Variable names taken from the header (the columns other than the phone). */
  columns: string[];
};

/** Header names read as "the phone column" (else the first column is). */
// Also the Chinese headers for mobile, mobile number, number and telephone (escaped: no Chinese in source).
const PHONE_HEADERS =
  /^(phone|mobile|number|msisdn|tel|to|\u624b\u673a|\u624b\u673a\u53f7|\u624b\u673a\u53f7\u7801|\u53f7\u7801|\u7535\u8bdd)$/i;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

/**
 * Rows of a spreadsheet or CSV as recipients. With a header row (a cell that is not a phone number
 * in the first row), each other column becomes a template variable named by its header; without one,
 * the first column is the phone and the rest are ignored.
 */
export function rowsToRecipients(rows: string[][]): ParsedRecipients {
  if (rows.length === 0) return { recipients: [], columns: [] };
  const first = rows[0]!.map((c) => c.trim());
  const hasHeader = first.some((cell) => cell !== '' && !/^[+\d\s().-]+$/.test(cell));
  if (!hasHeader)
    return { recipients: rows.map((r) => ({ phone: (r[0] ?? '').trim(), variables: {} })), columns: [] };
  const phoneIndex = Math.max(
    0,
    first.findIndex((h) => PHONE_HEADERS.test(h)),
  );
  const columns = first
    .map((name, index) => ({ name, index }))
    .filter((c) => c.index !== phoneIndex && VARIABLE_NAME.test(c.name));
  const recipients = rows.slice(1).map((row) => ({
    phone: (row[phoneIndex] ?? '').trim(),
    variables: Object.fromEntries(columns.map((c) => [c.name, (row[c.index] ?? '').trim()])),
  }));
  return { recipients, columns: columns.map((c) => c.name) };
}

/** Reads an uploaded TXT (one number a line), CSV or XLSX file; XLSX code loads only when needed. */
export async function readRecipientsFile(file: File): Promise<ParsedRecipients | { text: string }> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx')) {
    const { readXlsxRows } = await import('./xlsx');
    return rowsToRecipients(readXlsxRows(new Uint8Array(await file.arrayBuffer())));
  }
  const text = await file.text();
  if (name.endsWith('.csv')) return rowsToRecipients(parseCsv(text));
  return { text };
}
