import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CodeSettings, WebhookDelivery } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Collapse, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { copyText } from '../../../lib/clipboard';
import { CODE_SETTINGS_KEY, regenerateWebhookSecret, useWebhookDeliveries } from '../api/code-settings';

const STATUS_COLORS = { pending: 'processing', delivered: 'success', failed: 'error' } as const;
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '-');

const EXAMPLE_BODY = `{
  "event": "code.received",
  "deliveryId": 42,
  "smsId": 1001,
  "rentalId": 77,
  "number": "+79991234567",
  "application": "tg",
  "sender": "Telegram",
  "text": "Telegram code: 12345",
  "code": "12345",
  "time": "2026-11-23T20:01:02+08:00"
}`;

const VERIFY_NODE = `const expected = 'sha256=' + crypto
  .createHmac('sha256', SECRET)
  .update(req.headers['x-jiema-timestamp'] + '.' + rawBody)
  .digest('hex');
// compare with req.headers['x-jiema-signature'] (timingSafeEqual),
// and refuse timestamps older than 5 minutes`;

/** The webhook's signing secret, how to verify a delivery, and the delivery log. */
export function WebhookCard({ settings }: { settings: CodeSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(page, 10);
  const regenerate = useMutation({
    mutationFn: regenerateWebhookSecret,
    onSuccess: ({ webhookSecret }) => {
      client.setQueryData<CodeSettings>(CODE_SETTINGS_KEY, (old) => (old ? { ...old, webhookSecret } : old));
      void message.success(t('code-settings.webhook.regenerated'));
    },
  });
  const copy = (text: string) =>
    void copyText(text).then((ok) =>
      ok ? message.success(t('common.copySuccess')) : message.error(t('common.copyFailed')),
    );

  return (
    <Card title={t('code-settings.webhook.title')}>
      <Typography.Paragraph type="secondary">{t('code-settings.webhook.help')}</Typography.Paragraph>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('code-settings.webhook.secret')}</Typography.Text>
        {settings.webhookSecret ? (
          <>
            <Typography.Text code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
              {settings.webhookSecret}
            </Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => copy(settings.webhookSecret!)}>
              {t('common.copy')}
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">{t('code-settings.webhook.noSecret')}</Typography.Text>
        )}
        <Popconfirm
          title={t('code-settings.webhook.confirmRegenerate')}
          onConfirm={() => regenerate.mutate()}
        >
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={regenerate.isPending}
            data-testid="webhook-regenerate"
          >
            {t('code-settings.webhook.regenerate')}
          </Button>
        </Popconfirm>
      </Flex>
      <Collapse
        style={{ marginTop: 12 }}
        items={[
          {
            key: 'docs',
            label: t('code-settings.webhook.docsTitle'),
            children: (
              <>
                <Typography.Paragraph>{t('code-settings.webhook.docsHeaders')}</Typography.Paragraph>
                <Typography.Paragraph>{t('code-settings.webhook.docsRetry')}</Typography.Paragraph>
                <pre style={{ overflowX: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}>
                  {EXAMPLE_BODY}
                </pre>
                <pre style={{ overflowX: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}>
                  {VERIFY_NODE}
                </pre>
              </>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('code-settings.log.title')}
      </Typography.Title>
      <DataTable<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        dataSource={deliveries.data?.list ?? []}
        data-testid="deliveries-table"
        locale={{ emptyText: t('code-settings.log.none') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: deliveries.data?.total ?? 0,
          onChange: setPage,
          size: 'small',
        }}
        columns={[
          { title: t('code-settings.log.createdAt'), dataIndex: 'createdAt', render: time },
          { title: t('code-settings.log.number'), dataIndex: 'phoneNumber' },
          { title: t('code-settings.log.code'), dataIndex: 'code' },
          {
            title: t('code-settings.log.status'),
            dataIndex: 'status',
            render: (s: WebhookDelivery['status']) => (
              <Tag color={STATUS_COLORS[s]}>{t(`code-settings.log.statuses.${s}`)}</Tag>
            ),
          },
          { title: t('code-settings.log.attempts'), dataIndex: 'attempts' },
          {
            title: t('code-settings.log.last'),
            key: 'last',
            render: (_, d) =>
              d.lastError
                ? `${t(`code-settings.log.errors.${d.lastError}`, { defaultValue: d.lastError })}${d.lastHttpStatus ? ` (HTTP ${d.lastHttpStatus})` : ''}`
                : d.lastHttpStatus
                  ? `HTTP ${d.lastHttpStatus}`
                  : '-',
          },
          { title: t('code-settings.log.nextAttempt'), dataIndex: 'nextAttemptAt', render: time },
        ]}
      />
    </Card>
  );
}
