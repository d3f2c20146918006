import type { UpstreamServed } from '@jiema/shared';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { monoStyle } from './rental-cells';

/**
 * Administrators only: which source served an order or rental, the provider's activation id, our cost
 * and margin in USDT (null: our own stock). Customers' answers never carry it.
 */
const wrappingMono = { fontFamily: monoStyle.fontFamily, fontSize: 12 } as const;

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
    // Any line may break anywhere: nothing in this cell may make an admin table wider than its page.
    <Space direction="vertical" size={0} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      {/* Plain text, not a tag: a long provider name wraps inside a phone's card. */}
      <Typography.Text strong style={{ wordBreak: 'break-word' }}>
        {served.providerName}
      </Typography.Text>
      {/* Wraps at its space ("cost 0.123456 USDT"), so a wide admin table still fits its page. */}
      <Typography.Text type="secondary" style={wrappingMono}>
        {t('orders.upstream.cost', { cost: served.cost })}
      </Typography.Text>
      <Typography.Text type="secondary" style={wrappingMono}>
        {t('orders.upstream.margin', { margin: served.margin })}
      </Typography.Text>
    </Space>
  );
}
