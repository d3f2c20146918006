import type { PhoneLineReason } from '@jiema/shared';
import { NOT_SMS_CAPABLE } from '@jiema/shared/phone-number';
import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';

/** A non-empty line of an uploaded file: its physical line number (1-based) and its text. */
export type SourceLine = { lineNo: number; text: string };

export type LineOperator = { id: number; code: string; name: string };

/** What one line becomes: a number to add, or the reason it cannot be. */
export type AnalysedLine =
  | { valid: true; number: string; prefix: string; operatorId: number }
  | { valid: false; number: string | null; reason: PhoneLineReason; detail: string | null };

/** Raw text kept per line in the preview (the file itself is kept whole). */
export const RAW_MAX = 200;

const LENGTH_REASONS: Record<string, PhoneLineReason> = {
  NOT_A_NUMBER: 'notANumber',
  TOO_SHORT: 'tooShort',
  TOO_LONG: 'tooLong',
  INVALID_LENGTH: 'invalidNumber',
  INVALID_COUNTRY: 'wrongCountry',
};

/**
 * The file's text as lines: a UTF-8 byte-order mark is dropped, any line ending is accepted and
 * blank lines are skipped (line numbers still count them, so the preview points at the real line).
 */
export function splitLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  const all = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (let i = 0; i < all.length; i++) {
    const trimmed = all[i]!.trim();
    if (trimmed !== '') lines.push({ lineNo: i + 1, text: trimmed });
  }
  return lines;
}

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * Normalises lines of one country to E.164 with libphonenumber (full metadata, so a number is checked
 * against the country's real numbering plan, not only its length). A line is `number` or
 * `number,operator` (comma, semicolon or tab); the operator is a code or name of the country's
 * operators, else the batch's default operator applies.
 */
export function createLineAnalyser(options: {
  countryCode: string;
  defaultOperatorId: number;
  operators: readonly LineOperator[];
}) {
  const country = isSupportedCountry(options.countryCode) ? (options.countryCode as CountryCode) : undefined;
  const operatorByKey = new Map<string, number>();
  for (const op of options.operators) {
    operatorByKey.set(op.name.toLowerCase(), op.id);
    operatorByKey.set(op.code.toLowerCase(), op.id);
  }

  return function analyse(text: string): AnalysedLine {
    const cells = text.split(/[,;\t]/);
    if (cells.length > 2) return { valid: false, number: null, reason: 'badFormat', detail: null };
    const numberText = unquote(cells[0] ?? '');
    const operatorText = unquote(cells[1] ?? '');

    const parsed = parsePhoneNumberFromString(numberText, country);
    // With full metadata a number is valid exactly when it has a type (`isValid` runs the same type
    // patterns), so the type is worked out once; `isValid` decides only when there is none.
    const type = parsed?.getType();
    if (!parsed || (type === undefined && !parsed.isValid())) {
      const problem = validatePhoneNumberLength(numberText, country);
      return {
        valid: false,
        number: parsed?.number ?? null,
        reason: (problem && LENGTH_REASONS[problem]) || (parsed ? 'invalidNumber' : 'notANumber'),
        detail: null,
      };
    }
    const number = parsed.number;
    if (parsed.ext) return { valid: false, number, reason: 'badFormat', detail: null };
    if (parsed.country !== options.countryCode) {
      return { valid: false, number, reason: 'wrongCountry', detail: parsed.country ?? null };
    }
    if (type && NOT_SMS_CAPABLE.has(type)) return { valid: false, number, reason: 'notMobile', detail: type };

    let operatorId = options.defaultOperatorId;
    if (operatorText !== '') {
      const found = operatorByKey.get(operatorText.toLowerCase());
      if (found === undefined) {
        return { valid: false, number, reason: 'unknownOperator', detail: operatorText.slice(0, 64) };
      }
      operatorId = found;
    }
    return {
      valid: true,
      number,
      prefix: `+${parsed.countryCallingCode}${parsed.nationalNumber.slice(0, 3)}`,
      operatorId,
    };
  };
}
