import type { Queryable } from '../db/client';
import type { SqlFilter } from './pagination';

/** The tables whose rows are counted as they are written (migration 0230). */
export type CountedTable = 'store_orders' | 'sms_messages' | 'ledger_entries' | 'users';

/**
 * The total of a list: with no condition, the table's kept row count (a sum over a few delta rows,
 * whatever the table's size); with conditions, `countSql` (which reads `filter.values`). The unfiltered
 * list must count exactly the table's rows: its joins may not drop or repeat any.
 */
export async function listTotal(
  q: Queryable,
  table: CountedTable,
  filter: SqlFilter,
  countSql: string,
): Promise<number> {
  if (filter.conditions.length > 0) {
    const [row] = await q.query<{ total: number }>(countSql, filter.values);
    return row?.total ?? 0;
  }
  const [row] = await q.query<{ total: string }>(
    'select coalesce(sum(n), 0)::text as total from row_count_deltas where table_name = $1',
    [table],
    { prepare: 'row-count-total' },
  );
  return Number(row?.total ?? 0);
}

/** How often the deltas are summed: a list's total then sums at most this long's worth of writes. */
export const ROW_COUNT_COMPACTION_MS = 30_000;

/**
 * Sums each table's deltas into one row, and the stock's (migration 0250) into one row per country and
 * state, each in one statement (so atomic): rows appended meanwhile are left for the next time. Two
 * processes at once: the second finds the rows gone and adds nothing.
 */
export async function compactRowCounts(q: Queryable): Promise<number> {
  const [tables, stock] = await Promise.all([
    q.query<{ table_name: string }>(
      `with gone as (
         delete from row_count_deltas d
         returning d.table_name, d.n
       )
       insert into row_count_deltas (table_name, n)
       select table_name, sum(n) from gone group by table_name
       returning table_name`,
    ),
    q.query<{ country_code: string }>(
      `with gone as (
         delete from stock_count_deltas d
         returning d.country_code, d.state, d.n
       )
       insert into stock_count_deltas (country_code, state, n)
       select country_code, state, sum(n) from gone group by country_code, state having sum(n) <> 0
       returning country_code`,
    ),
  ]);
  return tables.length + stock.length;
}
