import { toMicros, type UpstreamReconciliationInterval } from '@jiema/shared';
import { Alert, Descriptions, Modal, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useReconciliation } from '../api/providers';

const PERIODS = [1, 7, 30, 90] as const;
const nonZero = (v: string) => toMicros(v) !== 0n;
/** A signed amount as people read it: a plus for money that came in. */
const signed = (v: string) => (toMicros(v) > 0n ? `+${v}` : v);

/** What became of an interval's unexplained change, the most telling first. */
function resultOf(i: UpstreamReconciliationInterval) {
  if (nonZero(i.discrepancy))
    return { key: 'discrepancy', color: 'red', amount: `-${i.discrepancy}` } as const;
  if (nonZero(i.credit)) return { key: 'credit', color: 'blue', amount: `+${i.credit}` } as const;
  if (nonZero(i.open)) return { key: 'pending', color: 'orange', amount: signed(i.open) } as const;
  if (nonZero(i.unexplained)) return { key: 'timing', color: 'default', amount: null } as const;
  return { key: 'matches', color: 'green', amount: null } as const;
}

/**
 * A provider's cost ledger reconciled against its balance: the last reading, net cost and balance
 * change since the first reading of the period, the discrepancy (money taken that the ledger does not
 * explain) with a warning, credits, what is still settling, and each interval between two readings.
 */
export function ReconciliationModal({
  providerId,
  onClose,
}: {
  providerId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const recon = useReconciliation(providerId, days);
  const data = recon.data;
  const when = (iso: string) => new Date(iso).toLocaleString();
  const money = (v: string) => (data ? `${v} ${data.currency}` : v);
  const columns: TableColumnsType<UpstreamReconciliationInterval> = [
    {
      title: t('upstream.recon.interval'),
      key: 'interval',
      render: (_, i) => (
        <Space direction="vertical" size={0}>
          <span>{when(i.to)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('upstream.recon.since', { from: when(i.from) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('upstream.recon.balance'),
      key: 'balance',
      render: (_, i) => `${i.balanceFrom} → ${i.balanceTo}`,
    },
    { title: t('upstream.recon.actual'), dataIndex: 'actual', render: signed },
    { title: t('upstream.recon.expected'), dataIndex: 'expected', render: signed },
    { title: t('upstream.recon.unexplained'), dataIndex: 'unexplained', render: signed },
    {
      title: t('upstream.recon.result'),
      key: 'result',
      render: (_, i) => {
        const r = resultOf(i);
        return (
          <Tag color={r.color}>
            {t(`upstream.recon.results.${r.key}`)}
            {r.amount ? ` ${r.amount}` : ''}
          </Tag>
        );
      },
    },
  ];
  return (
    <Modal
      open={providerId !== null}
      title={t('upstream.recon.title')}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('upstream.recon.help', { minutes: data?.settleMinutes ?? 30 })}
        </Typography.Paragraph>
        <Space wrap>
          <span>{t('upstream.recon.period')}</span>
          <Select
            value={days}
            onChange={setDays}
            style={{ width: 160 }}
            options={PERIODS.map((d) => ({ value: d, label: t('upstream.recon.days', { count: d }) }))}
            data-testid="recon-period"
          />
        </Space>
        {data && (
          <>
            {data.warning ? (
              <Alert
                type="error"
                showIcon
                message={t('upstream.recon.warning', {
                  amount: money(data.discrepancy),
                  usdt: data.discrepancyUsdt,
                  tolerance: data.toleranceUsdt,
                })}
                data-testid="recon-warning"
              />
            ) : nonZero(data.pendingNegative) ? (
              <Alert
                type="info"
                showIcon
                message={t('upstream.recon.pendingAlert', {
                  amount: money(data.pendingNegative),
                  minutes: data.settleMinutes,
                })}
                data-testid="recon-pending"
              />
            ) : data.lastReading ? (
              <Alert type="success" showIcon message={t('upstream.recon.ok')} data-testid="recon-ok" />
            ) : (
              <Alert type="info" showIcon message={t('upstream.recon.noReadings')} />
            )}
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered data-testid="recon-summary">
              <Descriptions.Item label={t('upstream.recon.lastReading')}>
                {data.lastReading
                  ? t('upstream.recon.reading', {
                      balance: money(data.lastReading.balance),
                      at: when(data.lastReading.seenUntil),
                      reads: data.lastReading.reads,
                    })
                  : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('upstream.recon.firstReading')}>
                {data.firstReadingAt ? when(data.firstReadingAt) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('upstream.recon.netCost')}>{money(data.netCost)}</Descriptions.Item>
              <Descriptions.Item label={t('upstream.recon.balanceChange')}>
                {money(signed(data.balanceChange))}
              </Descriptions.Item>
              <Descriptions.Item label={t('upstream.recon.discrepancy')}>
                <Typography.Text type={data.warning ? 'danger' : undefined} data-testid="recon-discrepancy">
                  {money(data.discrepancy)} (≈ {data.discrepancyUsdt} USDT)
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('upstream.recon.credits')}>{money(data.credits)}</Descriptions.Item>
              <Descriptions.Item label={t('upstream.recon.pending')}>
                {t('upstream.recon.pendingValue', {
                  negative: money(data.pendingNegative),
                  positive: money(data.pendingPositive),
                })}
              </Descriptions.Item>
              <Descriptions.Item label={t('upstream.recon.readings')}>{data.readings}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('upstream.recon.intervalsTitle')}
            </Typography.Title>
            <DataTable<UpstreamReconciliationInterval>
              cards
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data.intervals}
              pagination={{ pageSize: 10 }}
              data-testid="recon-intervals"
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
