import { type RechargeInfo, type RechargeOrder, ZRechargeOrderInput } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Popconfirm, QRCode, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { RECHARGE_KEY } from '../api/keys';
import { cancelRechargeOrder, createRechargeOrder } from '../api/recharge-orders';
import { CopyField } from './copy-field';

/**
 * When the pool has no address left for the user: a recharge order reserves a unique amount on a
 * shared address for a while; that exact amount is what identifies the payment.
 */
export function RechargeOrderCard({ info, clockOffsetMs }: { info: RechargeInfo; clockOffsetMs: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: RECHARGE_KEY });
  const create = useMutation({
    mutationFn: (values: { amount: string }) => createRechargeOrder(values.amount),
    onSuccess: () => {
      void message.success(t('recharge.order.created'));
      void refresh();
    },
  });
  const cancel = useMutation({ mutationFn: cancelRechargeOrder, onSuccess: () => void refresh() });

  if (!info.ordersAvailable && !info.openOrder)
    return (
      <Card title={t('recharge.order.title')}>
        <Alert type="error" showIcon message={t('recharge.noAddress')} data-testid="recharge-no-address" />
      </Card>
    );

  const order = info.openOrder;
  return (
    <Card title={t('recharge.order.title')} data-testid="recharge-order-card">
      {order ? (
        <OpenOrder
          order={order}
          clockOffsetMs={clockOffsetMs}
          onExpired={() => void refresh()}
          onCancel={() => cancel.mutateAsync(order.id)}
        />
      ) : (
        <Form
          layout="vertical"
          onFinish={(values: { amount: string }) => create.mutate(values)}
          data-testid="recharge-order-form"
        >
          <Typography.Paragraph type="secondary">
            {t('recharge.order.intro', { minutes: info.orderMinutes })}
          </Typography.Paragraph>
          <Form.Item
            name="amount"
            label={t('recharge.order.amount')}
            rules={[zodFieldRule(ZRechargeOrderInput, 'amount', t)]}
            extra={t('recharge.minimum', { min: info.minAmount })}
          >
            <Input
              suffix="USDT"
              inputMode="decimal"
              style={{ maxWidth: 260 }}
              data-testid="recharge-order-amount"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending}
            data-testid="recharge-order-submit"
          >
            {t('recharge.order.submit')}
          </Button>
        </Form>
      )}
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 16 }}
        message={t('recharge.trc20Only')}
        description={t('recharge.order.exactWarning')}
      />
    </Card>
  );
}

function OpenOrder({
  order,
  clockOffsetMs,
  onExpired,
  onCancel,
}: {
  order: RechargeOrder;
  clockOffsetMs: number;
  onExpired: () => void;
  onCancel: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  // The deadline in this browser's clock, corrected by the server's.
  const deadline = new Date(order.expiresAt).getTime() - clockOffsetMs;
  return (
    <Flex gap={24} wrap align="center">
      <QRCode value={order.address} size={150} bordered />
      <Flex vertical gap={10} style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography.Text type="secondary">{t('recharge.order.sendExactly')}</Typography.Text>
        <CopyField value={order.amount} testId="recharge-order-exact" large />
        <Typography.Text type="secondary">{t('recharge.order.to')}</Typography.Text>
        <CopyField value={order.address} testId="recharge-order-address" />
        <Statistic.Timer
          type="countdown"
          title={t('recharge.order.expiresIn')}
          value={deadline}
          format="mm:ss"
          onFinish={onExpired}
          data-testid="recharge-order-countdown"
        />
        <Popconfirm
          title={t('recharge.order.cancelConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={onCancel}
        >
          <Button danger style={{ alignSelf: 'flex-start' }} data-testid="recharge-order-cancel">
            {t('recharge.order.cancel')}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
