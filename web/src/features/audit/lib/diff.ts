export type DiffRow = { path: string; before: unknown; after: unknown; changed: boolean };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves of a JSON value by dotted path; arrays and scalars are leaves. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

/**
 * The fields of a before/after pair of records, in the order they first appear, each marked changed
 * or not. A creation has no before and a deletion no after: every field then counts as changed.
 */
export function diffRecords(before: unknown, after: unknown): DiffRow[] {
  const left = flatten(before, '', new Map());
  const right = flatten(after, '', new Map());
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  if (paths.length === 0 && (before !== null || after !== null)) {
    return [{ path: '', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  }
  return paths.map((path) => {
    const b = left.get(path);
    const a = right.get(path);
    return { path, before: b, after: a, changed: JSON.stringify(b) !== JSON.stringify(a) };
  });
}

/** A value as shown in the diff: strings as they are, everything else as JSON. */
export const showValue = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
