import { ReloadOutlined } from '@ant-design/icons';
import { type MyTransfer, TRANSFER_DIRECTIONS } from '@jiema/shared';
import { Button, Card, DatePicker, Flex, Input, Select, type TableColumnsType, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useUrlTable } from '../../../lib/use-url-table';
import { useTransfers } from '../api/list-transfers';
import { TransferItems } from './transfer-items';

/** My transfer records, both directions, filters in the URL; the numbers show in an expanded row. */
export function TransferRecords() {
  const { t } = useTranslation();
  const table = useUrlTable();
  const { filters } = table.query;
  const records = useTransfers({
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    direction: filters.direction,
    username: filters.username,
    phoneNumber: filters.phoneNumber,
    ...dateRangeParams(filters),
  });

  const columns: TableColumnsType<MyTransfer> = [
    {
      title: t('transfers.columns.direction'),
      dataIndex: 'direction',
      width: 100,
      render: (d: MyTransfer['direction']) => (
        <Tag color={d === 'sent' ? 'orange' : 'green'} data-testid={`transfer-direction-${d}`}>
          {t(`transfers.direction.${d}`)}
        </Tag>
      ),
    },
    { title: t('transfers.columns.counterpart'), dataIndex: 'counterpartUsername', width: 160 },
    { title: t('transfers.columns.count'), dataIndex: 'count', width: 90, align: 'right', sorter: true },
    { title: t('transfers.columns.note'), dataIndex: 'note', ellipsis: true },
    {
      title: t('transfers.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      sorter: true,
      render: formatTime,
    },
  ];

  return (
    <Card
      title={t('transfers.records.title')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void records.refetch()}
          loading={records.isFetching}
        />
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Select
          allowClear
          value={filters.direction}
          placeholder={t('transfers.filters.direction')}
          onChange={(direction) => table.setFilters({ ...filters, direction })}
          options={TRANSFER_DIRECTIONS.map((d) => ({ value: d, label: t(`transfers.direction.${d}`) }))}
          style={{ width: 140 }}
          data-testid="transfer-direction-filter"
        />
        <Input.Search
          allowClear
          defaultValue={filters.username}
          placeholder={t('transfers.filters.counterpart')}
          onSearch={(username) => table.setFilters({ ...filters, username })}
          style={{ width: 200 }}
        />
        <Input.Search
          allowClear
          defaultValue={filters.phoneNumber}
          placeholder={t('transfers.filters.phoneNumber')}
          onSearch={(phoneNumber) => table.setFilters({ ...filters, phoneNumber })}
          style={{ width: 200 }}
        />
        <DatePicker.RangePicker
          value={rangeValue(filters)}
          onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
        />
      </Flex>
      <DataTable<MyTransfer>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list}
        loading={records.isLoading}
        pagination={table.pagination(records.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        expandable={{ expandedRowRender: (r) => <TransferItems items={r.items} /> }}
        locale={{ emptyText: t('transfers.records.empty') }}
        data-testid="transfer-records-table"
      />
    </Card>
  );
}
