import type { Queryable } from '../../db/client';

/** The SQLSTATE and constraint of a database error (pg and PGlite both carry them), else nulls. */
export function pgError(error: unknown): { code: string | null; constraint: string | null } {
  if (typeof error !== 'object' || error === null) return { code: null, constraint: null };
  const e = error as { code?: unknown; constraint?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : null,
    constraint: typeof e.constraint === 'string' ? e.constraint : null,
  };
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

export const isUniqueViolation = (error: unknown) => pgError(error).code === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => pgError(error).code === FOREIGN_KEY_VIOLATION;

/** Dates leave the repositories as ISO strings. */
export const iso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** `%`, `_` and `\` typed by a person are searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Sets the given fields (and updated_at); fields left undefined are not touched. */
export async function updateColumns<T extends Record<string, unknown>>(
  q: Queryable,
  table: string,
  columns: Record<keyof T, string>,
  where: { column: string; value: unknown },
  changes: Partial<T>,
): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [field, column] of Object.entries(columns) as [string, string][]) {
    const value = changes[field];
    if (value === undefined) continue;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  if (sets.length === 0) return;
  values.push(where.value);
  await q.query(
    `update ${table} set ${sets.join(', ')}, updated_at = now() where ${where.column} = $${values.length}`,
    values,
  );
}
