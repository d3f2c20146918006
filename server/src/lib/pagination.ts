import type { Paged, PageQuery } from '@jiema/shared';
import { AppError } from './app-error';

/**
 * ORDER BY from a page query, only over whitelisted columns (field name -> SQL expression), with a
 * unique tie-breaker so pages never overlap. The field is looked up as an own property only: a plain
 * `sortable[field]` would find `__proto__`, `constructor` or `toString` on Object.prototype and put
 * `[object Object]` or a function's text into the SQL. A field the list does not sort by is a 400.
 */
export function orderBy(
  query: PageQuery,
  sortable: Record<string, string>,
  fallback: string,
  tieBreaker = 'id',
): string {
  if (!query.sortField) return `order by ${fallback}, ${tieBreaker} desc`;
  const column = Object.hasOwn(sortable, query.sortField) ? sortable[query.sortField] : undefined;
  if (typeof column !== 'string' || column === '') {
    throw new AppError('SORT_FIELD_UNKNOWN', {
      field: query.sortField,
      fields: Object.keys(sortable).join(', '),
    });
  }
  return `order by ${column} ${query.sortOrder === 'ascend' ? 'asc' : 'desc'} nulls last, ${tieBreaker} desc`;
}

export const limitOffset = (query: PageQuery) =>
  `limit ${Math.trunc(query.pageSize)} offset ${Math.trunc((query.page - 1) * query.pageSize)}`;

export const paged = <T>(list: T[], total: number, query: PageQuery): Paged<T> => ({
  list,
  total,
  page: query.page,
  pageSize: query.pageSize,
});

/** Collects `where` conditions and their parameters ($1, $2 ... in order). */
export class SqlFilter {
  readonly conditions: string[] = [];
  readonly values: unknown[] = [];

  /** Adds a condition whose `?` placeholders take the given values, in order. */
  add(condition: string, ...values: unknown[]): this {
    let text = condition;
    for (const value of values) {
      this.values.push(value);
      text = text.replace('?', `$${this.values.length}`);
    }
    this.conditions.push(text);
    return this;
  }

  /** Adds the condition only when the value is present. */
  addIf(value: unknown, condition: string, ...values: unknown[]): this {
    return value === undefined || value === null || value === '' ? this : this.add(condition, ...values);
  }

  get where(): string {
    return this.conditions.length ? `where ${this.conditions.join(' and ')}` : '';
  }
}
