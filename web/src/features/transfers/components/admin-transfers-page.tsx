import { hasPermission, type Transfer } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Input, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListActions } from '../../../components/list-actions';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportAdminTransfers } from '../api/export-admin-transfers';
import { useAdminTransfers } from '../api/list-admin-transfers';
import { TransferItems } from './transfer-items';

/** Admin log of API transfers: every transfer, filtered by username (either side) and dates, CSV export. */
export default function AdminTransfersPage() {
  const { t } = useTranslation();
  const { userType, permissions } = useSession();
  const canExport = hasPermission(
    { userType: userType ?? 3, permissions: permissions ?? [] },
    'admin:logs:export',
  );
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    username: filters.username,
    phoneNumber: filters.phoneNumber,
    ...dateRangeParams(filters),
  };
  const records = useAdminTransfers({
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    ...filterParams,
  });
  const exporting = useMutation({ mutationFn: () => exportAdminTransfers(filterParams) });

  const columns: TableColumnsType<Transfer> = [
    { title: t('transfers.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('transfers.columns.from'), dataIndex: 'fromUsername', width: 160 },
    { title: t('transfers.columns.to'), dataIndex: 'toUsername', width: 160 },
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
      title={t('transfers.admin.title')}
      extra={
        <ListActions
          list={records}
          exporting={canExport ? exporting : undefined}
          exportLabel={t('transfers.admin.export')}
          exportTestId="transfers-export"
        />
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={filters.username}
          placeholder={t('transfers.filters.username')}
          onSearch={(username) => table.setFilters({ ...filters, username })}
          style={{ width: 200 }}
          data-testid="transfers-username-filter"
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
      <DataTable<Transfer>
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
        data-testid="admin-transfers-table"
      />
    </Card>
  );
}
