import { type CompatSettingsInput, ZCompatSettingsInput } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodFieldRule } from '../../../lib/form-rules';
import { COMPAT_SETTINGS_KEY, saveCompatSettings, useCompatSettings } from '../api/compat-settings';

/**
 * The sms-activate-compatible webhook: where an SMS reaching one of the user's numbers is posted,
 * in sms-activate's JSON shape, for scripts that used its profile setting.
 */
export function CompatWebhookCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<CompatSettingsInput>();
  const { data } = useCompatSettings();
  useEffect(() => {
    if (data) form.setFieldsValue({ webhookUrl: data.webhookUrl });
  }, [data, form]);
  const save = useMutation({
    mutationFn: saveCompatSettings,
    onSuccess: (saved) => {
      client.setQueryData(COMPAT_SETTINGS_KEY, saved);
      void message.success(t('compat.webhook.saved'));
    },
  });

  return (
    <Card title={t('compat.webhook.title')} data-testid="compat-webhook-card">
      <Typography.Paragraph type="secondary">
        {t('compat.webhook.hint')} <Link to="/docs/sms-activate">{t('compat.webhook.docsLink')}</Link>
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item
          name="webhookUrl"
          label={t('compat.webhook.url')}
          rules={[zodFieldRule(ZCompatSettingsInput, 'webhookUrl', t)]}
        >
          <Input placeholder="https://example.com/sms-hook" data-testid="compat-webhook-url" allowClear />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="compat-webhook-save">
            {t('common.save')}
          </Button>
          {data && (
            <Typography.Text type="secondary" data-testid="compat-webhook-pending">
              {t('compat.webhook.pending', { count: data.pendingDeliveries })}
            </Typography.Text>
          )}
        </Space>
      </Form>
      {data?.lastError && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          message={t('compat.webhook.lastError', {
            error: t(`compat.webhook.errors.${data.lastError}`, { defaultValue: data.lastError }),
          })}
        />
      )}
    </Card>
  );
}
