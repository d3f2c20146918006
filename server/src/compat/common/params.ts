/** The parameters of a compat request: the query string, then the form or JSON body over it. */
export type CompatParams = Record<string, string>;

/** Real clients send the literal `undefined` (JavaScript string building) and empty values for "not given". */
const NOT_GIVEN = new Set(['', 'undefined', 'null']);

function flatten(source: unknown, into: CompatParams) {
  if (!source || typeof source !== 'object') return;
  for (const [key, raw] of Object.entries(source as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') continue;
    const text = String(value).trim();
    if (NOT_GIVEN.has(text)) continue;
    into[key] = text;
  }
}

export function mergeParams(query: unknown, body: unknown): CompatParams {
  const params: CompatParams = {};
  flatten(query, params);
  flatten(body, params);
  return params;
}

/** A positive integer id, or null when it is not one (`WRONG_ACTIVATION_ID` and friends). */
export function positiveInt(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** A comma list, trimmed, empties and "any" dropped. */
export function commaList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter((x) => x && !NOT_GIVEN.has(x));
}

/**
 * A price ceiling as a decimal string with at most 6 places, or null when absent; 'invalid' when it
 * is not a number.
 */
export function priceParam(value: string | undefined): string | null | 'invalid' {
  if (value === undefined) return null;
  return /^\d{1,12}(\.\d{1,6})?$/.test(value) ? value : 'invalid';
}
