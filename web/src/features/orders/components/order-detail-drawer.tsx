import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { AdminOrderDetail, OrderExportFormat, OrderPhone } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { CodePageLink } from '../../../components/code-page-link';
import { DataTable } from '../../../components/data-table';
import { OrderStatusTag } from '../../../components/order-status-tag';
import {
  CopyButton,
  codeLink,
  KindTag,
  monoStyle,
  RentalStatusTag,
  useCopy,
  useLocalName,
  validityLabel,
} from '../../../components/rental-cells';
import { ORDERS_KEY, type OrderScope } from '../../../lib/api/orders-keys';
import { suspendRental } from '../../../lib/api/suspend-rental';
import { unsuspendRental } from '../../../lib/api/unsuspend-rental';
import { formatTime } from '../../../lib/date-range';
import { useLiveSms } from '../../../lib/use-live-sms';
import { exportOrderPhones } from '../api/export-order-phones';
import { useOrder } from '../api/get-order';

/**
 * An order's details (every spec §3 field) and its phone list: copy all, export TXT/CSV, each
 * number's code link; administrators also suspend or restore a number.
 */
export function OrderDetailDrawer({
  scope,
  orderId,
  onClose,
  canExport = true,
  canEdit = false,
}: {
  scope: OrderScope;
  orderId: number | null;
  onClose: () => void;
  canExport?: boolean;
  canEdit?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = useLocalName();
  const copy = useCopy();
  const order = useOrder(scope, orderId);
  // While open, a new code on one of its numbers shows within a second.
  useLiveSms([ORDERS_KEY], orderId !== null);
  const data = order.data;
  // Administrators' answers say which provider served the order (customers' never do).
  const served = scope === 'admin' ? (data as Partial<AdminOrderDetail> | undefined)?.upstream : undefined;
  const exporting = useMutation({
    mutationFn: (format: OrderExportFormat) => exportOrderPhones(scope, data!.id, data!.orderNo, format),
  });
  const suspension = useMutation({
    mutationFn: ({ phone, suspend }: { phone: OrderPhone; suspend: boolean }) =>
      suspend ? suspendRental(phone.rentalId) : unsuspendRental(phone.rentalId),
    onSuccess: (_, { suspend }) => {
      void message.success(t(suspend ? 'orders.detail.suspended' : 'orders.detail.unsuspended'));
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });

  const columns: TableColumnsType<OrderPhone> = [
    {
      title: t('orders.detail.phoneNumber'),
      dataIndex: 'phoneNumber',
      render: (value: string) => (
        <Space size={2}>
          <Typography.Text style={monoStyle}>{value}</Typography.Text>
          <CopyButton text={value} />
        </Space>
      ),
    },
    {
      title: t('orders.detail.status'),
      dataIndex: 'status',
      render: (status, phone) => (
        <Space size={4}>
          <RentalStatusTag status={status} />
          {phone.refunded && <Tag color="cyan">{t('orders.detail.refunded')}</Tag>}
        </Space>
      ),
    },
    { title: t('orders.detail.expiresAt'), dataIndex: 'expiresAt', render: formatTime },
    {
      title: t('orders.detail.latestCode'),
      dataIndex: 'latestCode',
      render: (code: string | null) =>
        code ? (
          <Space size={2}>
            <Typography.Text strong style={monoStyle}>
              {code}
            </Typography.Text>
            <CopyButton text={code} />
          </Space>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: t('orders.detail.codeLink'),
      key: 'link',
      render: (_, phone) => (
        <Space size={0}>
          <CopyButton text={codeLink(phone.token)} link />
          <CodePageLink token={phone.token} testId={`order-phone-page-${phone.rentalId}`} />
        </Space>
      ),
    },
    ...(canEdit
      ? [
          {
            title: t('orders.columns.actions'),
            key: 'actions',
            render: (_: unknown, phone: OrderPhone) =>
              phone.status === 'suspended' ? (
                <Button
                  size="small"
                  loading={suspension.isPending && suspension.variables?.phone.rentalId === phone.rentalId}
                  onClick={() => suspension.mutate({ phone, suspend: false })}
                >
                  {t('orders.detail.unsuspend')}
                </Button>
              ) : phone.status === 'active' || phone.status === 'inactive' ? (
                <Button
                  size="small"
                  danger
                  loading={suspension.isPending && suspension.variables?.phone.rentalId === phone.rentalId}
                  onClick={() => suspension.mutate({ phone, suspend: true })}
                  data-testid={`order-phone-suspend-${phone.rentalId}`}
                >
                  {t('orders.detail.suspend')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={960}
      title={data ? `${t('orders.detail.title')} ${data.orderNo}` : t('orders.detail.title')}
      loading={order.isLoading}
      data-testid="order-detail"
    >
      {order.isError && (
        // Spec §8: the phones could not be loaded.
        <Alert
          type="error"
          showIcon
          message={t('orders.detail.loadFailed')}
          data-testid="order-load-failed"
        />
      )}
      {data && (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('orders.columns.orderNo')}>
              <Typography.Text copyable style={monoStyle}>
                {data.orderNo}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.username')}>{data.username}</Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.application')}>
              {name(data.applicationNameZh, data.applicationNameEn)} ({data.applicationCode})
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.country')}>
              {data.countryFlag} {name(data.countryNameZh, data.countryNameEn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.operator')}>
              {data.operatorName ?? t('orders.anyOperator')}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.prefix')}>{data.prefix}</Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.quantity')}>{data.quantity}</Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.amount')}>
              <span style={monoStyle}>
                {data.amount} USDT ({data.unitPrice} × {data.quantity})
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.refundedAmount')}>
              <span style={monoStyle}>{data.refundedAmount} USDT</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.smsType')}>
              {t(`orders.smsType.${data.smsType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.validDays')}>
              <Space size={4}>
                <KindTag kind={data.validityKind} />
                {validityLabel(data.validityMinutes, t)}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.cardType')}>
              {t(`store.cardType.${data.cardType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.status')}>
              <OrderStatusTag status={data.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.createdAt')}>
              {formatTime(data.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.completedAt')}>
              {formatTime(data.completedAt ?? data.cancelledAt)}
            </Descriptions.Item>
            {served !== undefined && (
              <Descriptions.Item label={t('orders.columns.source')}>
                {served ? (
                  <Space direction="vertical" size={0} data-testid="order-upstream">
                    <Space size={4} wrap>
                      <Tag color="purple">{served.providerName}</Tag>
                      <Typography.Text type="secondary">
                        {t('orders.upstream.upstreamId')}{' '}
                        <Typography.Text copyable style={monoStyle}>
                          {served.upstreamId ?? '-'}
                        </Typography.Text>
                      </Typography.Text>
                    </Space>
                    {/* One short line each: a long unbreakable line would squeeze the other columns. */}
                    <span style={monoStyle}>
                      {t('orders.upstream.costLine', {
                        providerCost: served.providerCost ?? '-',
                        currency: served.currency,
                        cost: served.cost,
                      })}
                    </span>
                    <span style={monoStyle}>
                      {t('orders.upstream.revenueLine', { revenue: served.revenue })}
                    </span>
                    <span style={monoStyle}>
                      {t('orders.upstream.marginLine', { margin: served.margin })}
                    </span>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('orders.upstream.ownStock')}</Typography.Text>
                )}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('orders.detail.orderLink')}>
              <Space size={4}>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                  {codeLink(data.token)}
                </Typography.Text>
                <CopyButton text={codeLink(data.token)} link testId="order-link-copy" />
                <CodePageLink token={data.token} testId="order-link-page" />
              </Space>
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ marginBottom: 12 }} wrap>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copy(data.phones.map((p) => p.phoneNumber).join('\n'))}
              data-testid="order-copy-all"
            >
              {t('orders.detail.copyAll')}
            </Button>
            {canExport && (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporting.isPending && exporting.variables === 'txt'}
                  onClick={() => exporting.mutate('txt')}
                  data-testid="order-export-txt"
                >
                  {t('orders.detail.exportTxt')}
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporting.isPending && exporting.variables === 'csv'}
                  onClick={() => exporting.mutate('csv')}
                  data-testid="order-export-csv"
                >
                  {t('orders.detail.exportCsv')}
                </Button>
              </>
            )}
          </Space>
          <DataTable<OrderPhone>
            rowKey="rentalId"
            size="small"
            columns={columns}
            dataSource={data.phones}
            pagination={data.phones.length > 20 ? { pageSize: 20 } : false}
            data-testid="order-phones"
          />
        </>
      )}
    </Drawer>
  );
}
