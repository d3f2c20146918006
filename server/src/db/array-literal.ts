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
