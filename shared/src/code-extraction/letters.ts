/**
 * Whether a UTF-16 code unit is a letter or a combining mark (`[\p{L}\p{M}]`), by table: the word
 * scan visits every character of a message, and a table look-up costs a fraction of a regular
 * expression step. Built on first use (64 KiB), from the same Unicode property the expressions use.
 */
let bmpTable: Uint8Array | null = null;
const LETTER_OR_MARK = /[\p{L}\p{M}]+/gu;
const ONE_LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;

function buildTable(): Uint8Array {
  const table = new Uint8Array(0x10000);
  const chunk: number[] = [];
  let all = '';
  for (let unit = 0; unit < 0x10000; unit++) {
    // Surrogates are never letters on their own; a space keeps every position.
    chunk.push(unit >= 0xd800 && unit <= 0xdfff ? 0x20 : unit);
    if (chunk.length === 4096) {
      all += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  for (const m of all.matchAll(LETTER_OR_MARK)) table.fill(1, m.index, m.index + m[0].length);
  return table;
}

/** The table of the Basic Multilingual Plane: 1 where the code unit is a letter or a mark. */
export function letterTable(): Uint8Array {
  bmpTable ??= buildTable();
  return bmpTable;
}

/** Whether the code point (beyond the Basic Multilingual Plane: rare in an SMS) is a letter or a mark. */
export function isAstralLetterOrMark(codePoint: number): boolean {
  return ONE_LETTER_OR_MARK.test(String.fromCodePoint(codePoint));
}
