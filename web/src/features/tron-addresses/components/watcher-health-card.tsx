import type { WatcherHealth } from '@jiema/shared';
import { Alert, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useWatcherHealth } from '../api/get-watcher-health';

const ALERT_TYPE: Record<WatcherHealth['state'], 'success' | 'info' | 'warning' | 'error'> = {
  ok: 'success',
  idle: 'info',
  starting: 'info',
  off: 'warning',
  rate_limited: 'warning',
  unreachable: 'error',
  failing: 'error',
  catching_up: 'warning',
};

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-');

/** Whether deposits are being detected: the watcher's state in plain words, its last scan, lag and errors. */
export function WatcherHealthCard() {
  const { t } = useTranslation();
  const health = useWatcherHealth().data;
  if (!health) return null;
  return (
    <Alert
      type={ALERT_TYPE[health.state]}
      showIcon
      style={{ marginBottom: 16 }}
      message={<span data-testid="watcher-state">{t(`tron.watcher.state.${health.state}`)}</span>}
      description={
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="watcher-health">
          <Descriptions.Item label={t('tron.watcher.lastSuccess')}>
            {time(health.lastSuccessAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('tron.watcher.lag')}>
            {health.lagSeconds === null ? '-' : t('tron.watcher.seconds', { n: health.lagSeconds })}
          </Descriptions.Item>
          <Descriptions.Item label={t('tron.watcher.interval')}>
            {t('tron.watcher.seconds', { n: health.pollIntervalSeconds })}
          </Descriptions.Item>
          <Descriptions.Item label={t('tron.watcher.addresses')}>{health.addressesWatched}</Descriptions.Item>
          <Descriptions.Item label={t('tron.watcher.unmatched')}>{health.unmatchedCount}</Descriptions.Item>
          <Descriptions.Item label={t('tron.watcher.api')}>
            <Typography.Text style={{ fontSize: 12 }}>{health.apiUrl}</Typography.Text>
          </Descriptions.Item>
          {health.consecutiveErrors > 0 && (
            <Descriptions.Item label={t('tron.watcher.lastError')} span={3}>
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {`${health.lastError ?? ''} (${time(health.lastErrorAt)}, ×${health.consecutiveErrors})`}
              </Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      }
    />
  );
}
