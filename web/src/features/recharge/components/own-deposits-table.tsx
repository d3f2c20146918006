import type { Deposit } from '@jiema/shared';
import { Card, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useUrlTable } from '../../../lib/use-url-table';
import { useOwnDeposits } from '../api/list-own-deposits';
import { DepositStatusTag, formatTime, TxLink } from './deposit-cells';

/** The user's recharge records: every deposit seen for them, its state updating by itself. */
export function OwnDepositsTable() {
  const { t } = useTranslation();
  const table = useUrlTable({ pageSize: 10 });
  const deposits = useOwnDeposits(table.apiParams);
  const columns: TableColumnsType<Deposit> = [
    { title: t('recharge.columns.blockAt'), dataIndex: 'blockAt', render: formatTime, width: 170 },
    {
      title: t('recharge.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => <Typography.Text strong>{amount} USDT</Typography.Text>,
    },
    {
      title: t('recharge.columns.status'),
      dataIndex: 'status',
      render: (status, row) => <DepositStatusTag status={status} testId={`deposit-status-${row.txId}`} />,
    },
    {
      title: t('recharge.columns.txId'),
      dataIndex: 'txId',
      render: (txId: string) => <TxLink txId={txId} />,
    },
    { title: t('recharge.columns.creditedAt'), dataIndex: 'creditedAt', render: formatTime, width: 170 },
  ];
  return (
    <Card title={t('recharge.recordsTitle')}>
      <DataTable<Deposit>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={deposits.data?.list}
        loading={deposits.isLoading}
        pagination={table.pagination(deposits.data?.total)}
        onChange={(pagination, filters, sorter) =>
          table.onTableChange(pagination, filters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('recharge.empty') }}
        data-testid="recharge-deposits"
      />
    </Card>
  );
}
