import type { SmppLiveState } from '@jiema/shared';
import { Alert, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR = { bound: 'green', connecting: 'blue', reconnecting: 'orange', stopped: 'default' } as const;

/** The live state the process holding the bind last wrote: status, next try, last error, counters. */
export function SmppStateView({ state }: { state: SmppLiveState }) {
  const { t } = useTranslation();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
  const c = state.counters;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="smpp-state">
      {state.stale && <Alert type="warning" showIcon message={t('smpp.stale')} />}
      <Descriptions size="small" column={1} bordered style={{ overflowWrap: 'anywhere' }}>
        <Descriptions.Item label={t('smpp.state.status')}>
          <Tag color={COLOR[state.status]} data-testid="smpp-status">
            {t(`smpp.status.${state.status}`)}
          </Tag>
        </Descriptions.Item>
        {state.status === 'reconnecting' && (
          <Descriptions.Item label={t('smpp.state.nextAttempt')}>
            {when(state.nextAttemptAt)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('smpp.state.boundAt')}>{when(state.boundAt)}</Descriptions.Item>
        <Descriptions.Item label={t('smpp.state.holder')}>{state.holder ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('smpp.state.lastError')}>
          {state.lastError ? `${state.lastError} (${when(state.lastErrorAt)})` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('smpp.state.counters')}>
          {t('smpp.state.countersText', {
            received: c.received ?? 0,
            parts: c.partsReceived ?? 0,
            receipts: c.receipts ?? 0,
            reconnects: c.reconnects ?? 0,
            failures: c.handOffFailures ?? 0,
          })}
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
