import {
  UPSTREAM_PROTOCOLS,
  type UpstreamProvider,
  ZUpstreamProviderCreate,
  ZUpstreamProviderUpdate,
} from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { createProvider, PROVIDERS_KEY, updateProvider } from '../api/providers';

type Values = {
  name: string;
  protocol: (typeof UPSTREAM_PROTOCOLS)[number];
  baseUrl: string;
  apiKey?: string;
  currency: string;
  rateToUsdt: string;
  marginPercent: string;
  marginFixed: string;
  priceCeiling?: string;
  enabled: boolean;
  priority: number;
  lowBalance: string;
};

/** Adds a provider, or edits one (`editing`); the key is asked for again only to change it. */
export function ProviderFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: UpstreamProvider | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const schema = editing ? ZUpstreamProviderUpdate : ZUpstreamProviderCreate;
  const save = useMutation({
    mutationFn: (values: Values) => {
      const data = {
        ...values,
        apiKey: values.apiKey?.trim() ? values.apiKey.trim() : undefined,
        priceCeiling: values.priceCeiling?.trim() ? values.priceCeiling.trim() : null,
      };
      return editing
        ? updateProvider({ id: editing.id, ...data })
        : createProvider({ ...data, apiKey: data.apiKey ?? '' });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY });
      form.resetFields();
      onClose();
    },
  });
  const initial: Partial<Values> = editing
    ? {
        name: editing.name,
        protocol: editing.protocol,
        baseUrl: editing.baseUrl,
        currency: editing.currency,
        rateToUsdt: editing.rateToUsdt,
        marginPercent: editing.marginPercent,
        marginFixed: editing.marginFixed,
        priceCeiling: editing.priceCeiling ?? undefined,
        enabled: editing.enabled,
        priority: editing.priority,
        lowBalance: editing.lowBalance,
      }
    : {
        protocol: 'sms-activate',
        currency: 'USD',
        rateToUsdt: '1',
        marginPercent: '10',
        marginFixed: '0',
        enabled: true,
        priority: 0,
        lowBalance: '10',
      };
  const rule = (name: keyof Values) => [zodFieldRule(schema, name, t)];
  return (
    <Modal
      open={open}
      title={editing ? t('upstream.edit') : t('upstream.add')}
      onCancel={onClose}
      onOk={async () => save.mutate(await form.validateFields())}
      confirmLoading={save.isPending}
      okText={t('upstream.save')}
      okButtonProps={{ 'data-testid': 'provider-form-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="provider-form">
        <Form.Item name="name" label={t('upstream.fields.name')} rules={rule('name')}>
          <Input maxLength={64} data-testid="provider-name" />
        </Form.Item>
        <Form.Item name="protocol" label={t('upstream.fields.protocol')} rules={rule('protocol')}>
          <Select
            data-testid="provider-protocol"
            options={UPSTREAM_PROTOCOLS.map((value) => ({ value, label: t(`upstream.protocols.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label={t('upstream.fields.baseUrl')}
          extra={t('upstream.baseUrlHelp')}
          rules={rule('baseUrl')}
        >
          <Input placeholder="https://api.example.com" data-testid="provider-url" />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={t('upstream.fields.apiKey')}
          extra={editing ? t('upstream.apiKeyKeep', { hint: editing.apiKeyHint }) : t('upstream.apiKeyOnce')}
          rules={rule('apiKey')}
        >
          <Input.Password autoComplete="new-password" data-testid="provider-key" />
        </Form.Item>
        {editing?.webhookPath && (
          <Form.Item label={t('upstream.fields.webhook')} extra={t('upstream.webhookHelp')}>
            <Typography.Text copyable code data-testid="provider-webhook">
              {`${window.location.origin}${editing.webhookPath}`}
            </Typography.Text>
          </Form.Item>
        )}
        <Form.Item name="currency" label={t('upstream.fields.currency')} rules={rule('currency')}>
          <Input maxLength={3} data-testid="provider-currency" />
        </Form.Item>
        <Form.Item name="rateToUsdt" label={t('upstream.fields.rateToUsdt')} rules={rule('rateToUsdt')}>
          <Input data-testid="provider-rate" />
        </Form.Item>
        <Form.Item
          name="marginPercent"
          label={t('upstream.fields.marginPercent')}
          rules={rule('marginPercent')}
        >
          <Input data-testid="provider-margin-percent" />
        </Form.Item>
        <Form.Item name="marginFixed" label={t('upstream.fields.marginFixed')} rules={rule('marginFixed')}>
          <Input data-testid="provider-margin-fixed" />
        </Form.Item>
        <Form.Item
          name="priceCeiling"
          label={t('upstream.fields.priceCeiling')}
          extra={t('upstream.ceilingHelp')}
        >
          <Input data-testid="provider-ceiling" />
        </Form.Item>
        <Form.Item name="lowBalance" label={t('upstream.fields.lowBalance')} rules={rule('lowBalance')}>
          <Input data-testid="provider-low-balance" />
        </Form.Item>
        <Form.Item name="priority" label={t('upstream.fields.priority')} rules={rule('priority')}>
          <InputNumber min={-1000} max={1000} style={{ width: '100%' }} data-testid="provider-priority" />
        </Form.Item>
        <Form.Item name="enabled" label={t('upstream.fields.enabled')} valuePropName="checked">
          <Switch data-testid="provider-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
