import type { SendPreview } from '@jiema/shared';
import { Alert, Card, Collapse, Descriptions, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { SegmentSummary } from './segment-info';

/** What the server's preview says: valid, invalid and duplicate lines, messages as sent, cost and limits. */
export function SendPreviewCard({
  preview,
  loading,
}: {
  preview: SendPreview | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  if (!preview) {
    return (
      <Card size="small" title={t('mass-sms.send.preview')} loading={loading}>
        <Typography.Text type="secondary">{t('mass-sms.send.previewEmpty')}</Typography.Text>
      </Card>
    );
  }
  const { cost, quota } = preview;
  return (
    <Card
      size="small"
      title={t('mass-sms.send.preview')}
      loading={loading && !preview}
      data-testid="send-preview"
    >
      <Space wrap size={24} style={{ marginBottom: 12 }}>
        <Statistic
          title={t('mass-sms.send.valid')}
          value={preview.validCount}
          valueStyle={{ color: '#389e0d' }}
        />
        <Statistic
          title={t('mass-sms.send.invalid')}
          value={preview.invalidCount}
          valueStyle={{ color: preview.invalidCount ? '#cf1322' : undefined }}
        />
        <Statistic title={t('mass-sms.send.duplicates')} value={preview.duplicateCount} />
        <Statistic title={t('mass-sms.send.totalSegments')} value={cost.totalSegments} />
      </Space>
      {(preview.invalid.length > 0 || preview.duplicates.length > 0) && (
        <Collapse
          size="small"
          style={{ marginBottom: 12 }}
          defaultActiveKey={['invalid', 'duplicates']}
          items={[
            ...(preview.invalid.length
              ? [
                  {
                    key: 'invalid',
                    label: t('mass-sms.send.invalidLines', { count: preview.invalidCount }),
                    children: (
                      <DataTable
                        size="small"
                        rowKey={(r) => `${r.line}`}
                        pagination={false}
                        scroll={{ x: 'max-content', y: 240 }}
                        dataSource={preview.invalid}
                        data-testid="invalid-lines"
                        columns={[
                          { title: t('mass-sms.send.line'), dataIndex: 'line', width: 70 },
                          { title: t('mass-sms.send.input'), dataIndex: 'input' },
                          {
                            title: t('mass-sms.send.reason'),
                            dataIndex: 'reason',
                            render: (reason: string, row) =>
                              `${t(`mass-sms.problems.${reason}`)}${row.missing?.length ? `: ${row.missing.join(', ')}` : ''}`,
                          },
                        ]}
                      />
                    ),
                  },
                ]
              : []),
            ...(preview.duplicates.length
              ? [
                  {
                    key: 'duplicates',
                    label: t('mass-sms.send.duplicateLines', { count: preview.duplicateCount }),
                    children: (
                      <DataTable
                        size="small"
                        rowKey={(r) => `${r.line}`}
                        pagination={false}
                        scroll={{ x: 'max-content', y: 240 }}
                        dataSource={preview.duplicates}
                        data-testid="duplicate-lines"
                        columns={[
                          { title: t('mass-sms.send.line'), dataIndex: 'line', width: 70 },
                          { title: t('mass-sms.send.phone'), dataIndex: 'phone' },
                          { title: t('mass-sms.send.firstLine'), dataIndex: 'firstLine' },
                        ]}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {preview.samples.length > 0 && (
        <DataTable
          size="small"
          rowKey={(r) => r.phone}
          pagination={false}
          dataSource={preview.samples.slice(0, 5)}
          style={{ marginBottom: 12 }}
          data-testid="sample-messages"
          // Two columns, the segments under their message, which wraps: the card is half the page, and a
          // third column, after a message on one line, was cut off at its edge (the table scrolls sideways).
          columns={[
            { title: t('mass-sms.send.phone'), dataIndex: 'phone' },
            {
              title: t('mass-sms.send.message'),
              dataIndex: 'text',
              // The server's count of the text sent: what it bills, not counted again here.
              render: (text: string, sample) => (
                <Space direction="vertical" size={4} style={{ maxWidth: 240 }}>
                  <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>
                  <SegmentSummary count={sample} />
                </Space>
              ),
            },
          ]}
        />
      )}
      {preview.tooLongCount > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('mass-sms.send.tooLong', { count: preview.tooLongCount })}
        />
      )}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} data-testid="send-cost">
        <Descriptions.Item label={t('mass-sms.quota.plan')}>
          {t(`mass-sms.plans.${cost.plan}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('mass-sms.send.pricePerSegment')}>
          {cost.pricePerSegment} USDT
        </Descriptions.Item>
        <Descriptions.Item label={t('mass-sms.send.freeSegments')}>{cost.freeSegments}</Descriptions.Item>
        <Descriptions.Item label={t('mass-sms.send.chargedSegments')}>
          {cost.chargedSegments}
        </Descriptions.Item>
        <Descriptions.Item label={t('mass-sms.send.amount')}>
          <Typography.Text strong data-testid="send-amount">
            {cost.amount} USDT
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('mass-sms.send.balance')}>
          <Typography.Text type={cost.balanceSufficient ? undefined : 'danger'}>
            {cost.balance} USDT
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('mass-sms.send.freeLeftAfter')}>{cost.freeLeftAfter}</Descriptions.Item>
        <Descriptions.Item label={t('mass-sms.send.limits')}>
          {t('mass-sms.send.limitsLeft', {
            daily: quota.dailyLeft ?? t('mass-sms.quota.unlimited'),
            monthly: quota.monthlyLeft ?? t('mass-sms.quota.unlimited'),
          })}
        </Descriptions.Item>
      </Descriptions>
      {!cost.balanceSufficient && (
        <Alert type="error" showIcon style={{ marginTop: 12 }} message={t('mass-sms.send.balanceShort')} />
      )}
      {!quota.withinLimits && (
        <Alert type="error" showIcon style={{ marginTop: 12 }} message={t('mass-sms.send.overLimits')} />
      )}
    </Card>
  );
}
