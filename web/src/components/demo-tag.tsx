import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * DEMO=on: marks a demo number, order, rental, SMS or price wherever it shows, so simulated stock
 * is never taken for real stock.
 */
export function DemoTag({ testId = 'demo-tag' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.demoHint')}>
      <Tag color="purple" bordered={false} style={{ marginInlineEnd: 0 }} data-testid={testId}>
        {t('common.demo')}
      </Tag>
    </Tooltip>
  );
}
