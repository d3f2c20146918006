import { CODE_ANSWER_FORMATS, CODE_TIME_ZONES, type CodeSettings, ZCodeSettingsUpdate } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { CODE_SETTINGS_KEY, saveCodeSettings } from '../api/code-settings';

type Values = { answerFormat: string; windowMinutes: number; timeZone: string; webhookUrl: string };

/** Answer format, time window, time zone and webhook URL: one form, one save. */
export function AnswerCard({ settings }: { settings: CodeSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveCodeSettings({
        answerFormat: v.answerFormat as CodeSettings['answerFormat'],
        windowMinutes: v.windowMinutes,
        timeZone: v.timeZone as (typeof CODE_TIME_ZONES)[number],
        webhookUrl: v.webhookUrl?.trim() ? v.webhookUrl.trim() : null,
      }),
    onSuccess: (data) => {
      client.setQueryData(CODE_SETTINGS_KEY, data);
      void message.success(t('code-settings.saved'));
    },
  });
  return (
    <Card title={t('code-settings.answer.title')}>
      <Form<Values>
        layout="vertical"
        initialValues={{ ...settings, webhookUrl: settings.webhookUrl ?? '' }}
        onFinish={(v) => save.mutate(v)}
        data-testid="code-settings-form"
      >
        <Form.Item name="answerFormat" label={t('code-settings.answer.format')}>
          <Radio.Group data-testid="answer-format">
            <Space direction="vertical">
              {CODE_ANSWER_FORMATS.map((f) => (
                <Radio key={f} value={f} data-testid={`answer-format-${f}`}>
                  {t(`code-settings.answer.formats.${f}`)}
                  <Typography.Text
                    type="secondary"
                    style={{ display: 'block', fontSize: 12, wordBreak: 'break-all' }}
                  >
                    {t(`code-settings.answer.examples.${f}`)}
                  </Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="windowMinutes"
          label={t('code-settings.answer.window')}
          extra={t('code-settings.answer.windowHelp')}
          rules={[zodFieldRule(ZCodeSettingsUpdate, 'windowMinutes', t)]}
        >
          <InputNumber
            min={1}
            max={10080}
            addonAfter={t('code-settings.answer.minutes')}
            data-testid="window-minutes"
          />
        </Form.Item>
        <Form.Item
          name="timeZone"
          label={t('code-settings.answer.timeZone')}
          extra={t('code-settings.answer.timeZoneHelp')}
        >
          <Select options={CODE_TIME_ZONES.map((z) => ({ value: z, label: z }))} style={{ maxWidth: 260 }} />
        </Form.Item>
        <Form.Item
          name="webhookUrl"
          label={t('code-settings.webhook.url')}
          extra={t('code-settings.webhook.urlHelp')}
          rules={[zodFieldRule(ZCodeSettingsUpdate, 'webhookUrl', t)]}
        >
          <Input placeholder="https://example.com/jiema-webhook" allowClear data-testid="webhook-url" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="code-settings-save">
          {t('code-settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
