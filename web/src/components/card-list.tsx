import { Card, Checkbox, Empty, Flex, Pagination, Spin, type TableProps, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { type Key, type ReactNode, useState } from 'react';

/** The keys an actions column goes by in this code base. */
export const ACTION_KEYS = new Set(['actions', 'action']);
/** The column (key or dataIndex) a list's code goes in: drawn large on a card, under its number. */
const CODE_KEY = 'code';
/** The column that heads a card when a list has one (else its first column). */
const NUMBER_KEY = 'phoneNumber';
/** antd's default page size, used when a list pages itself. */
const DEFAULT_PAGE_SIZE = 10;

const leafColumns = <T,>(columns: ColumnsType<T>): ColumnType<T>[] =>
  columns.flatMap((column) =>
    'children' in column && column.children ? leafColumns(column.children) : [column as ColumnType<T>],
  );

/**
 * A column's dataIndex as plain keys. antd types it as every deep path of the row, which the
 * compiler would expand for a generic row on every use; the card only needs the keys.
 */
type DataPath = string | number | readonly (string | number)[] | undefined;
const pathOf = <T,>(column: ColumnType<T>) => column.dataIndex as unknown as DataPath;

function cellOf<T>(column: ColumnType<T>, record: T, index: number): ReactNode {
  const path = pathOf(column);
  const value =
    path === undefined
      ? undefined
      : (Array.isArray(path) ? path : [path]).reduce<unknown>(
          (at, key) => (at == null ? undefined : (at as Record<string | number, unknown>)[key]),
          record,
        );
  if (column.render) return column.render(value, record, index) as ReactNode;
  return (value ?? null) as ReactNode;
}

const titleOf = <T,>(column: ColumnType<T>): ReactNode =>
  typeof column.title === 'function' ? column.title({} as Parameters<typeof column.title>[0]) : column.title;

const keyOf = <T,>(rowKey: TableProps<T>['rowKey'], record: T, index: number): Key => {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const field = rowKey ?? 'key';
  return (record as Record<string, Key>)[field as string] ?? index;
};

/**
 * A list drawn as one card per row, for phones: the phone number column (else the first) heads the
 * card, the code column is drawn large, the other columns follow as "label: value" lines and the actions
 * close the card. It takes a table's own props (columns, paging, selection, onChange for paging)
 * so `DataTable` can switch to it under `CARD_LIST_MAX_WIDTH` without the page knowing.
 */
export function CardList<T extends object>({
  columns = [],
  dataSource = [],
  rowKey,
  loading,
  pagination,
  onChange,
  rowSelection,
  locale,
  'data-testid': testId,
}: TableProps<T> & { 'data-testid'?: string }) {
  const [localPage, setLocalPage] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const leaves = leafColumns(columns).filter((c) => !c.hidden);
  const named = (column: ColumnType<T>, name: string) => column.key === name || pathOf(column) === name;
  const head = leaves.find((c) => named(c, NUMBER_KEY)) ?? leaves[0];
  const rest = leaves.filter((c) => c !== head);
  const code = rest.find((c) => named(c, CODE_KEY));
  const actions = rest.find((c) => ACTION_KEYS.has(String(c.key)));
  const fields = rest.filter((c) => c !== code && c !== actions);

  const paged = pagination !== false;
  const config = pagination || {};
  const current = config.current ?? localPage.current;
  const pageSize = config.pageSize ?? localPage.pageSize;
  // Like antd's table: a list with a larger total than its rows is paged by the server.
  const pagedByServer = config.total !== undefined && config.total > dataSource.length;
  const rows =
    paged && !pagedByServer ? dataSource.slice((current - 1) * pageSize, current * pageSize) : dataSource;
  const offset = paged && !pagedByServer ? (current - 1) * pageSize : 0;

  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const select = (key: Key, checked: boolean) => {
    if (!rowSelection?.onChange) return;
    const next = checked ? [...selected, key] : [...selected].filter((k) => k !== key);
    const rowsSelected = dataSource.filter((r, i) => next.includes(keyOf(rowKey, r, i)));
    rowSelection.onChange(next, rowsSelected, { type: 'single' });
  };

  const turnPage = (page: number, size: number) => {
    setLocalPage({ current: page, pageSize: size });
    config.onChange?.(page, size);
    onChange?.(
      { ...config, current: page, pageSize: size },
      {},
      {},
      { action: 'paginate', currentDataSource: [...dataSource] },
    );
  };

  const empty = locale?.emptyText;
  return (
    <div data-testid={testId} data-layout="cards">
      <Spin spinning={Boolean(loading)}>
        {rows.length === 0 ? (
          typeof empty === 'function' ? (
            empty()
          ) : (
            (empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)
          )
        ) : (
          <Flex vertical gap={12}>
            {rows.map((record, i) => {
              const index = offset + i;
              const key = keyOf(rowKey, record, index);
              const checkbox = rowSelection?.getCheckboxProps?.(record);
              return (
                <Card key={key} size="small" data-testid="card-list-item" styles={{ body: { padding: 12 } }}>
                  <Flex align="center" gap={8} wrap>
                    {rowSelection && (
                      <Checkbox
                        checked={selected.has(key)}
                        disabled={checkbox?.disabled}
                        onChange={(e) => select(key, e.target.checked)}
                        aria-label={typeof checkbox?.name === 'string' ? checkbox.name : undefined}
                      />
                    )}
                    {head && <div style={{ minWidth: 0 }}>{cellOf(head, record, index)}</div>}
                  </Flex>
                  {code && (
                    <div style={{ marginTop: 8, fontSize: 20 }}>
                      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                        {titleOf(code)}
                      </Typography.Text>
                      {cellOf(code, record, index)}
                    </div>
                  )}
                  {fields.length > 0 && (
                    <dl
                      style={{
                        margin: '8px 0 0',
                        display: 'grid',
                        // A long label (the admin orders' "Application / country / operator / prefix")
                        // wraps within 40 % instead of squeezing its value out of a phone's width.
                        gridTemplateColumns: 'fit-content(40%) 1fr',
                        gap: '4px 12px',
                      }}
                    >
                      {fields.map((column, c) => (
                        <div key={String(column.key ?? pathOf(column) ?? c)} style={{ display: 'contents' }}>
                          <dt style={{ color: 'rgba(0,0,0,0.45)', overflowWrap: 'break-word' }}>
                            {titleOf(column)}
                          </dt>
                          <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                            {cellOf(column, record, index)}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {actions && (
                    <div style={{ marginTop: 10, paddingTop: 8, borderTop: '1px solid rgba(5,5,5,0.06)' }}>
                      {cellOf(actions, record, index)}
                    </div>
                  )}
                </Card>
              );
            })}
          </Flex>
        )}
      </Spin>
      {paged && (pagedByServer || dataSource.length > pageSize) && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination
            simple
            size="small"
            current={current}
            pageSize={pageSize}
            total={config.total ?? dataSource.length}
            onChange={turnPage}
          />
        </Flex>
      )}
    </div>
  );
}
