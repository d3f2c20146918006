import type { UpstreamServed } from '@jiema/shared';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { monoStyle } from './rental-cells';

/**
 * Administrators only: which source served an order or rental, the provider's activation id, our cost
 * and margin in USDT (null: our own stock). Customers' answers never carry it.
 */
export function UpstreamServedCell({
  served,
  testId,
}: {
  served: UpstreamServed | null | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!served) return <Typography.Text type="secondary">{t('orders.upstream.ownStock')}</Typography.Text>;
  return (
    <Space direction="vertical" size={0} data-testid={testId}>
      <Tag color="purple">{served.providerName}</Tag>
      <Typography.Text type="secondary" style={{ ...monoStyle, fontSize: 12 }}>
        {t('orders.upstream.short', { cost: served.cost, margin: served.margin })}
      </Typography.Text>
    </Space>
  );
}
