/**
 * A PostgreSQL array literal of integers (`{1,2,3}`), for a parameter cast to `int[]` or `bigint[]`.
 * node-postgres serialises a JS array element by element through two regular-expression escapes, the
 * worker's largest share of CPU per message after the socket; integers need no escaping.
 * Throws on anything but an integer (a number, or a string of digits with an optional minus sign).
 */
export function integerArrayLiteral(values: readonly (number | string)[]): string {
  for (const value of values) {
    if (typeof value === 'number' ? !Number.isSafeInteger(value) : !/^-?\d+$/.test(value))
      throw new TypeError(`not an integer: ${String(value)}`);
  }
  return `{${values.join(',')}}`;
}

/**
 * A PostgreSQL array literal of texts and nulls (`{"a","b",NULL}`), for a parameter cast to `text[]`.
 * Every element is quoted, so any text is data (commas, braces, the word NULL); only a backslash or a
 * double quote needs escaping, and the test for one is a single scan, where node-postgres runs two
 * replacements on every element (a third of the CPU of staging 100,000 analysed lines).
 */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else literal += `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`;
  }
  return `${literal}}`;
}

const NEEDS_ESCAPE = /[\\"]/;
const ESCAPED = /[\\"]/g;
