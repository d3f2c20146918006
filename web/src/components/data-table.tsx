import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useNarrowScreen } from '../lib/use-narrow-screen';
import { ACTION_KEYS, CardList } from './card-list';

/** An ellipsis column with no width of its own would shrink to its ellipsis in a content-sized table. */
const ELLIPSIS_COLUMN_WIDTH = 200;

function withFixedEnds<T>(columns: ColumnsType<T> | undefined): ColumnsType<T> | undefined {
  if (!columns) return columns;
  const sized = columns.map((column) =>
    column.ellipsis && column.width === undefined ? { ...column, width: ELLIPSIS_COLUMN_WIDTH } : column,
  );
  if (sized.length < 3) return sized;
  return sized.map((column, index) => {
    if (column.fixed !== undefined) return column;
    if (index === 0) return { ...column, fixed: 'start' };
    const isLast = index === sized.length - 1;
    if (isLast && ACTION_KEYS.has(String(column.key))) return { ...column, fixed: 'end' };
    return column;
  });
}

/**
 * Every list of the app: as wide as its columns need (`x: 'max-content'`), scrolling inside itself
 * when that is wider than the screen, so no column is ever out of reach and no page is wider than
 * the phone it is on; the first column and the actions column stay in view while it scrolls.
 * A column that says `fixed` itself keeps its choice; `scroll.y` is passed on.
 *
 * With `cards`, a phone (under `CARD_LIST_MAX_WIDTH`) gets one card per row instead (`CardList`):
 * for lists whose fixed number and actions columns would leave no room for what people look for.
 */
export function DataTable<T extends object>({
  columns,
  scroll,
  cards = false,
  ...props
}: TableProps<T> & { cards?: boolean; 'data-testid'?: string }) {
  const fixedColumns = useMemo(() => withFixedEnds(columns), [columns]);
  const narrow = useNarrowScreen();
  if (cards && narrow) return <CardList<T> {...props} columns={columns} />;
  return <Table<T> {...props} columns={fixedColumns} scroll={{ ...scroll, x: 'max-content' }} />;
}
