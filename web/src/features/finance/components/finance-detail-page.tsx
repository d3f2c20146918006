import { DownloadOutlined, WalletOutlined } from '@ant-design/icons';
import type { FinanceRecord } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Space, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LedgerTypeTag, Money, SignedAmount } from '../../../components/ledger-cells';
import { LedgerTypeSelect } from '../../../components/ledger-type-select';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportOwnRecords } from '../api/export-own-records';
import { useOwnRecords } from '../api/list-own-records';

/** Spec §2 finance-detail: the caller's own transactions, filtered by type and date, exportable. */
export default function FinanceDetailPage() {
  const { t } = useTranslation();
  const user = useSession().user!;
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = { type: filters.type, ...dateRangeParams(filters) };
  const records = useOwnRecords({ ...table.apiParams, ...filterParams });
  const exporting = useMutation({ mutationFn: () => exportOwnRecords(filterParams) });
  const sortOrder = (field: string) => (table.query.sortField === field ? table.query.sortOrder : null);

  const columns: TableColumnsType<FinanceRecord> = [
    {
      title: t('finance.columns.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: formatTime,
      width: 180,
    },
    {
      title: t('finance.columns.type'),
      dataIndex: 'type',
      render: (type) => <LedgerTypeTag type={type} />,
      width: 100,
    },
    {
      title: t('finance.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('amount'),
      render: (amount, row) => <SignedAmount amount={amount} type={row.type} />,
    },
    {
      title: t('finance.columns.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (value) => <Money value={value} />,
    },
    { title: t('finance.columns.note'), dataIndex: 'note', ellipsis: true, render: (note) => note || '-' },
    {
      title: t('finance.columns.reference'),
      dataIndex: 'reference',
      ellipsis: true,
      render: (reference) => (
        <Typography.Text type="secondary" copyable={{ text: reference }} style={{ fontSize: 12 }}>
          {reference}
        </Typography.Text>
      ),
    },
  ];

  return (
    <Card
      title={t('finance.detail.title')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid="finance-export"
        >
          {t('finance.export')}
        </Button>
      }
    >
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space wrap>
          <LedgerTypeSelect
            value={filters.type}
            onChange={(type) => table.setFilters({ ...filters, type })}
            testId="finance-type-filter"
          />
          <DatePicker.RangePicker
            value={rangeValue(filters)}
            onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
            data-testid="finance-date-filter"
          />
        </Space>
        <Space>
          <WalletOutlined />
          <Typography.Text type="secondary">{t('finance.detail.balance')}</Typography.Text>
          <Typography.Text strong data-testid="finance-balance">
            <Money value={user.balance} /> USDT
          </Typography.Text>
        </Space>
      </Flex>
      <DataTable<FinanceRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list}
        loading={records.isFetching}
        pagination={table.pagination(records.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('finance.detail.empty') }}
        data-testid="finance-table"
      />
    </Card>
  );
}
