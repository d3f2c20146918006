import {
  type AdminOrder,
  hasPermission,
  ORDER_STATUSES,
  type Order,
  VALIDITY_KINDS,
  type ValidityKind,
} from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Input,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { DemoTag } from '../../../components/demo-tag';
import { ListActions } from '../../../components/list-actions';
import { OrderStatusTag } from '../../../components/order-status-tag';
import { KindTag, monoStyle, useLocalName, validityLabel } from '../../../components/rental-cells';
import { UpstreamServedCell } from '../../../components/upstream-served';
import { useOrders } from '../../../lib/api/list-orders';
import { ORDERS_KEY, type OrderScope } from '../../../lib/api/orders-keys';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../../../lib/date-range';
import { failureReason } from '../../../lib/failure-reason';
import { useSession } from '../../../lib/session-store';
import { useUrlTable } from '../../../lib/use-url-table';
import { cancelOrder } from '../api/cancel-order';
import { completeOrder } from '../api/complete-order';
import { exportOrders } from '../api/export-orders';
import { OrderDetailDrawer } from './order-detail-drawer';

const ALL = 'all';

/**
 * SMS/API orders with every spec §3 field: the buyer's own (order-manage) or everyone's (the
 * administrators' API order and SMS order logs, where a pending order can be completed or cancelled
 * after a confirmation).
 */
export function OrdersPage({
  scope,
  title,
  defaultKind,
}: {
  scope: OrderScope;
  title: string;
  /** The kind shown until the reader picks another ("all" shows both). */
  defaultKind?: ValidityKind;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const name = useLocalName();
  const { userType, permissions } = useSession();
  const can = (permission: string) =>
    hasPermission({ userType: userType ?? 3, permissions: permissions ?? [] }, permission);
  const admin = scope === 'admin';
  const canEdit = admin && can('admin:logs:edit');
  const canExport = !admin || can('admin:logs:export');
  const table = useUrlTable();
  const { filters } = table.query;
  const kind = filters.kind ?? defaultKind ?? ALL;
  const filterParams = {
    keyword: filters.keyword,
    status: filters.status,
    kind: kind === ALL ? undefined : kind,
    username: admin ? filters.username : undefined,
    ...dateRangeParams(filters),
  };
  const orders = useOrders(scope, {
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    ...filterParams,
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const exporting = useMutation({ mutationFn: () => exportOrders(scope, filterParams) });
  const sortOrder = (field: string) => (table.query.sortField === field ? table.query.sortOrder : null);

  const settle = (order: Order, action: 'complete' | 'cancel') =>
    modal.confirm({
      title: t(`orders.admin.${action}Title`, { orderNo: order.orderNo }),
      content: t(`orders.admin.${action}Content`, {
        amount: order.amount,
        refund: order.refundedAmount,
        username: order.username,
      }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action === 'cancel' },
      onOk: async () => {
        try {
          await (action === 'complete' ? completeOrder(order.id) : cancelOrder(order.id));
          void message.success(t(`orders.admin.${action}Done`));
        } catch (error) {
          // Spec §8: the complete/cancel order error, with the reason.
          void message.error(t(`orders.admin.${action}Failed`, { reason: failureReason(error) }));
        }
        await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      },
    });

  const columns: TableColumnsType<Order> = [
    {
      title: t('orders.columns.orderNo'),
      dataIndex: 'orderNo',
      fixed: 'left',
      width: 180,
      render: (value: string, order) => (
        <Space size={4}>
          <Typography.Link
            style={monoStyle}
            onClick={() => setOpenId(order.id)}
            data-testid={`order-open-${order.id}`}
          >
            {value}
          </Typography.Link>
          {order.demo && <DemoTag />}
        </Space>
      ),
    },
    ...(admin ? [{ title: t('orders.columns.username'), dataIndex: 'username', width: 120 }] : []),
    {
      title: t('orders.columns.product'),
      key: 'application',
      width: 200,
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <span>{name(o.applicationNameZh, o.applicationNameEn)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.countryFlag} {name(o.countryNameZh, o.countryNameEn)} ·{' '}
            {o.operatorName ?? t('orders.anyOperator')} · <span style={monoStyle}>{o.prefix}</span>
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('orders.columns.validityCard'),
      key: 'validity',
      width: 170,
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <Space size={4}>
            <KindTag kind={o.validityKind} />
            {validityLabel(o.validityMinutes, t)}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`store.cardType.${o.cardType}`)} · {t(`orders.smsType.${o.smsType}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('orders.columns.quantity'),
      dataIndex: 'quantity',
      width: 90,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('quantity'),
    },
    {
      title: t('orders.columns.amount'),
      dataIndex: 'amount',
      width: 140,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('amount'),
      render: (value: string, o) => (
        <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <span style={monoStyle}>{value}</span>
          {o.refundedAmount !== '0.000000' && (
            // May break between the amount and the word: in English the line alone was wider than the
            // column, and the admin log no longer fit 1440 px once an order had been refunded.
            <Typography.Text type="success" style={{ ...monoStyle, fontSize: 12, whiteSpace: 'normal' }}>
              {t('orders.refunded', { amount: o.refundedAmount })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    // Administrators: the source that served it (an upstream provider with cost and margin, or our stock).
    ...(admin
      ? [
          {
            title: t('orders.columns.source'),
            key: 'source',
            width: 170,
            render: (_: unknown, o: Order) => (
              <UpstreamServedCell
                served={(o as Partial<AdminOrder>).upstream}
                testId={`order-source-${o.id}`}
              />
            ),
          },
        ]
      : []),
    {
      title: t('orders.columns.status'),
      dataIndex: 'status',
      width: 100,
      sorter: true,
      sortOrder: sortOrder('status'),
      render: (status) => <OrderStatusTag status={status} />,
    },
    {
      title: t('orders.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: formatTime,
    },
    {
      title: t('orders.columns.completedAt'),
      key: 'completedAt',
      width: 170,
      render: (_, o) => formatTime(o.completedAt ?? o.cancelledAt),
    },
    {
      title: t('orders.columns.actions'),
      key: 'actions',
      fixed: 'right',
      // No width, buttons that wrap: the table lays out automatically and gives the column what is left.
      render: (_, o) => (
        <Space size={4} wrap>
          <Button size="small" type="link" onClick={() => setOpenId(o.id)}>
            {t('orders.details')}
          </Button>
          {canEdit && o.status === 'pending' && (
            <>
              <Button
                size="small"
                onClick={() => settle(o, 'complete')}
                data-testid={`order-complete-${o.id}`}
              >
                {t('orders.admin.complete')}
              </Button>
              <Button
                size="small"
                danger
                onClick={() => settle(o, 'cancel')}
                data-testid={`order-cancel-${o.id}`}
              >
                {t('orders.admin.cancel')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={title}
      extra={
        <ListActions
          list={orders}
          exporting={canExport ? exporting : undefined}
          exportLabel={t('orders.export')}
          exportTestId="orders-export"
        />
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={filters.keyword}
          placeholder={t('orders.filters.keyword')}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
          style={{ width: 240 }}
          data-testid="orders-keyword"
        />
        {admin && (
          <Input.Search
            allowClear
            defaultValue={filters.username}
            placeholder={t('orders.filters.username')}
            onSearch={(username) => table.setFilters({ ...filters, username })}
            style={{ width: 180 }}
          />
        )}
        <Select
          allowClear
          value={filters.status}
          placeholder={t('orders.filters.status')}
          onChange={(status) => table.setFilters({ ...filters, status })}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
          style={{ width: 130 }}
          data-testid="orders-status-filter"
        />
        <Select
          value={kind}
          onChange={(value) => table.setFilters({ ...filters, kind: value })}
          options={[
            { value: ALL, label: t('orders.filters.allKinds') },
            ...VALIDITY_KINDS.map((k) => ({ value: k, label: t(`rentals.kind.${k}`) })),
          ]}
          style={{ width: 160 }}
          data-testid="orders-kind-filter"
        />
        <DatePicker.RangePicker
          value={rangeValue(filters)}
          onChange={(value) => table.setFilters({ ...filters, ...rangeDays(value) })}
        />
      </Flex>
      <DataTable<Order>
        cards
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={orders.data?.list}
        loading={orders.isLoading}
        pagination={table.pagination(orders.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('orders.empty') }}
        data-testid="orders-table"
      />
      <OrderDetailDrawer
        scope={scope}
        orderId={openId}
        onClose={() => setOpenId(null)}
        canExport={canExport}
        canEdit={canEdit}
      />
    </Card>
  );
}
