import { Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { isValidElement, type ReactNode, useMemo } from 'react';
import { useNarrowScreen } from '../lib/use-narrow-screen';
import { ACTION_KEYS, CardList } from './card-list';

/** An ellipsis column with no width of its own is cut at this width. */
const ELLIPSIS_COLUMN_WIDTH = 200;

/** The text of a cell, for the tooltip of an ellipsis: what it renders, if that is text, else its value. */
function textOf(rendered: ReactNode, value: unknown): string | undefined {
  if (typeof rendered === 'string' || typeof rendered === 'number') return String(rendered);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return undefined;
}

function valueAt(record: unknown, dataIndex: ColumnType<unknown>['dataIndex']): unknown {
  const path = dataIndex === undefined ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>(
    (v, key) => (v as Record<string, unknown> | undefined)?.[key as string],
    record,
  );
}

/**
 * An ellipsis column drawn by us: the cell's content is a block at most the column's width, cut with
 * an ellipsis, its whole text in the title. antd's own ellipsis needs a fixed table layout, where
 * every column keeps the width it was given and wide lists scroll sideways; this one works in the
 * automatic layout, which lets the other columns wrap at spaces to fit the page.
 */
function withOwnEllipsis<T>(column: ColumnType<T>): ColumnType<T> {
  const width = typeof column.width === 'number' ? column.width : ELLIPSIS_COLUMN_WIDTH;
  const render = column.render;
  return {
    ...column,
    ellipsis: false,
    width,
    render: (value: unknown, record: T, index: number) => {
      const rendered = (render ? render(value as never, record, index) : value) as ReactNode;
      const content = isValidElement(rendered) || rendered == null ? rendered : String(rendered);
      return (
        <div
          className="data-table-ellipsis"
          style={{ maxWidth: width }}
          title={textOf(rendered, valueAt(record, column.dataIndex))}
        >
          {content}
        </div>
      );
    },
  };
}

function withFixedEnds<T>(columns: ColumnsType<T> | undefined): ColumnsType<T> | undefined {
  if (!columns) return columns;
  const sized = columns.map((column) =>
    column.ellipsis && !('children' in column) ? withOwnEllipsis(column as ColumnType<T>) : column,
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
 * Every list of the app, in the automatic table layout at the width of its container: text wraps
 * at spaces so the columns fit the page (at 1440 px no list scrolls sideways); only what cannot
 * wrap (a phone on a narrow screen) makes the table wider, and then it scrolls inside itself, so no
 * column is ever out of reach and no page is wider than the window. The first column and the
 * actions column stay in view while it scrolls. A column that says `fixed` itself keeps its choice;
 * `scroll.y` is passed on.
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
  return (
    <Table<T>
      tableLayout="auto"
      // The denser cell padding (8 px a side, not 16): ten columns gain 160 px, what a wide list needs.
      size="middle"
      {...props}
      columns={fixedColumns}
      scroll={{ ...scroll, x: narrow ? 'max-content' : '100%' }}
    />
  );
}
