import { DownloadOutlined } from '@ant-design/icons';
import { type AdminLedgerEntry, hasPermission } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Space, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LedgerTypeTag, Money, SignedAmount } from '../../../components/ledger-cells';
import { LedgerTypeSelect } from '../../../components/ledger-type-select';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportLedger } from '../api/export-ledger';
import { useLedger } from '../api/list-ledger';
import { UpstreamMarginsCard } from './upstream-margins-card';

/** Spec §2 admin/logs/finance: every user's transactions, with user, type, date and reference filters. */
export default function FinanceLogPage() {
  const { t } = useTranslation();
  const session = useSession();
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    type: filters.type,
    user: filters.user,
    userId: filters.userId,
    reference: filters.reference,
    ...dateRangeParams(filters),
  };
  const entries = useLedger({ ...table.apiParams, ...filterParams });
  const exporting = useMutation({ mutationFn: () => exportLedger(filterParams) });
  const canExport = hasPermission(
    { userType: session.userType ?? 2, permissions: session.permissions ?? [] },
    'admin:logs:export',
  );
  const sortOrder = (field: string) => (table.query.sortField === field ? table.query.sortOrder : null);

  const columns: TableColumnsType<AdminLedgerEntry> = [
    {
      title: t('finance.columns.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: formatTime,
      width: 170,
    },
    {
      title: t('finance.columns.user'),
      dataIndex: 'username',
      sorter: true,
      sortOrder: sortOrder('username'),
      render: (username, row) => (
        <Space size={4}>
          <Typography.Link
            onClick={() => table.setFilters({ ...filters, userId: row.userId, user: undefined })}
          >
            {username}
          </Typography.Link>
          <Typography.Text type="secondary">#{row.userId}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('finance.columns.type'),
      dataIndex: 'type',
      render: (type) => <LedgerTypeTag type={type} />,
      width: 90,
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
    {
      title: t('finance.columns.actor'),
      dataIndex: 'actorName',
      width: 110,
      render: (actor) => actor ?? <Typography.Text type="secondary">{t('finance.system')}</Typography.Text>,
    },
  ];

  return (
    <>
      <Card
        title={t('finance.log.title')}
        extra={
          canExport && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="finance-log-export"
            >
              {t('finance.export')}
            </Button>
          )
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={`user-${filters.user ?? ''}-${filters.userId ?? ''}`}
            allowClear
            style={{ width: 220 }}
            placeholder={t('finance.filters.user')}
            defaultValue={filters.userId ? `#${filters.userId}` : filters.user}
            onSearch={(value) => {
              const text = value.trim();
              const id = /^#?(\d+)$/.exec(text)?.[1];
              table.setFilters({ ...filters, user: id ? undefined : text, userId: id });
            }}
            data-testid="finance-log-user"
          />
          <LedgerTypeSelect
            value={filters.type}
            onChange={(type) => table.setFilters({ ...filters, type })}
          />
          <DatePicker.RangePicker
            value={rangeValue(filters)}
            onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
          />
          <Input.Search
            key={`reference-${filters.reference ?? ''}`}
            allowClear
            style={{ width: 240 }}
            placeholder={t('finance.filters.reference')}
            defaultValue={filters.reference}
            onSearch={(value) => table.setFilters({ ...filters, reference: value.trim() })}
            data-testid="finance-log-reference"
          />
        </Space>
        <DataTable<AdminLedgerEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={entries.data?.list}
          loading={entries.isFetching}
          pagination={table.pagination(entries.data?.total)}
          onChange={(pagination, tableFilters, sorter) =>
            table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
          }
          data-testid="finance-log-table"
        />
      </Card>
      <UpstreamMarginsCard range={dateRangeParams(filters)} />
    </>
  );
}
