import { type AdminDeposit, DEPOSIT_STATUSES, hasPermission } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListActions } from '../../../components/list-actions';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportAdminDeposits, useAdminDeposits } from '../api/admin-deposits';
import { AttachDepositModal } from './attach-deposit-modal';
import { DepositStatusTag, formatTime, mono, TxLink } from './deposit-cells';

/** The URL keeps days; the API gets the start of the first and of the day after the last. */
const dayRange = (filters: Record<string, string>) => ({
  from: filters.from ? dayjs(filters.from).startOf('day').format() : undefined,
  to: filters.to ? dayjs(filters.to).add(1, 'day').startOf('day').format() : undefined,
});

/** Spec §2 logs / recharge: every deposit seen on chain, who it was credited to, the unmatched queue. */
export default function RechargeLogPage() {
  const { t } = useTranslation();
  const session = useSession();
  const can = (permission: string) =>
    hasPermission({ userType: session.userType ?? 0, permissions: session.permissions ?? [] }, permission);
  const table = useUrlTable();
  const { filters } = table.query;
  const filterParams = {
    status: filters.status,
    keyword: filters.keyword,
    user: filters.user,
    ...dayRange(filters),
  };
  const deposits = useAdminDeposits({ ...table.apiParams, ...filterParams });
  const exporting = useMutation({ mutationFn: () => exportAdminDeposits(filterParams) });
  const [attaching, setAttaching] = useState<AdminDeposit | null>(null);
  const sortOrder = (field: string) => (table.query.sortField === field ? table.query.sortOrder : null);

  const columns: TableColumnsType<AdminDeposit> = [
    {
      title: t('recharge.columns.blockAt'),
      dataIndex: 'blockAt',
      sorter: true,
      sortOrder: sortOrder('blockAt'),
      render: formatTime,
      width: 170,
    },
    {
      title: t('recharge.columns.txId'),
      dataIndex: 'txId',
      render: (txId: string) => <TxLink txId={txId} />,
    },
    {
      title: t('recharge.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('amount'),
      render: (amount: string) => <Typography.Text strong>{amount}</Typography.Text>,
    },
    {
      title: t('recharge.columns.status'),
      dataIndex: 'status',
      render: (status, row) => (
        <Space direction="vertical" size={0}>
          <DepositStatusTag status={status} testId={`log-status-${row.txId}`} />
          {row.status === 'unmatched' && row.reason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`recharge.reason.${row.reason}`)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('recharge.columns.user'),
      dataIndex: 'username',
      render: (username: string | null, row) =>
        username ? (
          <Space direction="vertical" size={0}>
            <Tag color="blue">{username}</Tag>
            {row.attachedBy && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('recharge.log.attachedBy', { admin: row.attachedBy })}
              </Typography.Text>
            )}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('recharge.columns.toAddress'),
      dataIndex: 'toAddress',
      render: (a: string) => <Typography.Text style={{ ...mono, fontSize: 12 }}>{a}</Typography.Text>,
    },
    { title: t('recharge.columns.creditedAt'), dataIndex: 'creditedAt', render: formatTime, width: 170 },
    {
      title: t('recharge.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_, row) =>
        row.status === 'unmatched' && can('admin:deposit:attach') ? (
          <Button
            type="link"
            size="small"
            onClick={() => setAttaching(row)}
            data-testid={`attach-${row.txId}`}
          >
            {t('recharge.log.attach')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      title={t('recharge.log.title')}
      extra={
        <ListActions
          list={deposits}
          exporting={can('admin:logs:export') ? exporting : undefined}
          exportTestId="recharge-log-export"
        />
      }
      data-testid="recharge-log"
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('recharge.columns.status')}
          value={filters.status}
          options={DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`recharge.status.${s}`) }))}
          onChange={(status) => table.setFilters({ ...filters, status })}
          style={{ width: 140 }}
          data-testid="recharge-log-status"
        />
        <Input.Search
          allowClear
          placeholder={t('recharge.log.keyword')}
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
          style={{ width: 260 }}
          data-testid="recharge-log-keyword"
        />
        <Input.Search
          allowClear
          placeholder={t('recharge.log.user')}
          defaultValue={filters.user}
          onSearch={(user) => table.setFilters({ ...filters, user })}
          style={{ width: 200 }}
          data-testid="recharge-log-user"
        />
        <DatePicker.RangePicker
          value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
          onChange={(v) =>
            table.setFilters({
              ...filters,
              from: v?.[0]?.format('YYYY-MM-DD'),
              to: v?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
      </Space>
      <DataTable<AdminDeposit>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={deposits.data?.list}
        loading={deposits.isLoading}
        pagination={table.pagination(deposits.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('recharge.empty') }}
        data-testid="recharge-log-table"
      />
      <AttachDepositModal deposit={attaching} onClose={() => setAttaching(null)} />
    </Card>
  );
}
