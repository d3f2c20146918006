import {
  renderTemplate,
  type SmsTemplate,
  type SmsTemplateInput,
  templateVariables,
  ZSmsTemplateInput,
} from '@jiema/shared';
import type { ButtonProps } from 'antd';
import { Alert, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { TEMPLATES_KEY } from '../api/keys';
import { createTemplate, updateTemplate } from '../api/templates';
import { SegmentInfo } from './segment-info';
import { useMassSmsMutation } from './use-mass-sms-mutation';

/** Create or edit a template, with a preview filled with sample values; saving submits it for review. */
export function TemplateFormModal({
  open,
  template,
  onClose,
}: {
  open: boolean;
  template: SmsTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsTemplateInput>();
  const content = Form.useWatch('content', form) ?? '';
  const [samples, setSamples] = useState<Record<string, string>>({});
  const variables = templateVariables(content);
  const preview = renderTemplate(content, samples).text;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      template ? { name: template.name, content: template.content } : { name: '', content: '' },
    );
    setSamples({});
  }, [open, template, form]);

  const save = useMassSmsMutation(
    (values: SmsTemplateInput) =>
      template ? updateTemplate({ id: template.id, ...values }) : createTemplate(values),
    { invalidate: [TEMPLATES_KEY], success: t('mass-sms.templates.submitted'), onDone: onClose },
  );

  return (
    <Modal
      open={open}
      title={template ? t('mass-sms.templates.editTitle') : t('mass-sms.templates.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('mass-sms.templates.submit')}
      okButtonProps={{ 'data-testid': 'template-submit' } as ButtonProps}
      cancelText={t('common.cancel')}
      width={640}
      destroyOnHidden
    >
      {template && template.status !== 'pending' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('mass-sms.templates.editBackToPending')}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item
          name="name"
          label={t('mass-sms.templates.fields.name')}
          rules={[zodFieldRule(ZSmsTemplateInput, 'name', t)]}
        >
          <Input maxLength={64} data-testid="template-name" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('mass-sms.templates.fields.content')}
          extra={t('mass-sms.templates.variablesHint')}
          rules={[zodFieldRule(ZSmsTemplateInput, 'content', t)]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount data-testid="template-content" />
        </Form.Item>
      </Form>
      <Card size="small" title={t('mass-sms.templates.preview')} data-testid="template-preview">
        {variables.length > 0 && (
          <Space direction="vertical" style={{ width: '100%', marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('mass-sms.templates.sampleValues')}</Typography.Text>
            {variables.map((name) => (
              <Input
                key={name}
                addonBefore={<Tag style={{ margin: 0 }}>{`{${name}}`}</Tag>}
                value={samples[name] ?? ''}
                onChange={(e) => setSamples((s) => ({ ...s, [name]: e.target.value }))}
                data-testid={`template-sample-${name}`}
              />
            ))}
          </Space>
        )}
        <Typography.Paragraph
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="template-preview-text"
        >
          {preview || (
            <Typography.Text type="secondary">{t('mass-sms.templates.previewEmpty')}</Typography.Text>
          )}
        </Typography.Paragraph>
        <SegmentInfo text={preview} testId="template-segments" />
      </Card>
    </Modal>
  );
}
