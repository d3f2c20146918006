import type { Order } from '@jiema/shared';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/ledger-cells';
import { OrderStatusTag } from '../../../components/order-status-tag';
import { useOrders } from '../../../lib/api/list-orders';
import { formatTime } from '../../../lib/date-range';

/** The user's store orders, newest first, from the administrators' order log filtered by user. */
export function UserOrdersTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useState({ page: 1, pageSize: 10 });
  const orders = useOrders('admin', { userId, ...params });
  const en = i18n.language === 'en-US';
  const columns: TableColumnsType<Order> = [
    { title: t('users.detail.orderColumns.orderNo'), dataIndex: 'orderNo', width: 190 },
    {
      title: t('users.detail.orderColumns.application'),
      key: 'application',
      render: (_, o) => (en ? o.applicationNameEn : o.applicationNameZh),
    },
    {
      title: t('users.detail.orderColumns.country'),
      key: 'country',
      render: (_, o) => (en ? o.countryNameEn : o.countryNameZh),
    },
    { title: t('users.detail.orderColumns.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    {
      title: t('users.detail.orderColumns.amount'),
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (amount: string) => <Money value={amount} />,
    },
    {
      title: t('users.detail.orderColumns.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: Order['status']) => <OrderStatusTag status={status} />,
    },
    {
      title: t('users.detail.orderColumns.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: formatTime,
    },
  ];
  return (
    <DataTable<Order>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={orders.data?.list}
      loading={orders.isFetching}
      pagination={{
        current: params.page,
        pageSize: params.pageSize,
        total: orders.data?.total ?? 0,
        showTotal: (count) => t('common.total', { count }),
        onChange: (page, pageSize) => setParams({ page, pageSize }),
      }}
      locale={{ emptyText: t('users.detail.noOrders') }}
      data-testid="user-orders"
    />
  );
}
