import { AGENT_CURRENCIES, type Agent, ZAgentCreate, ZAgentUpdate } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { AGENTS_KEY, createAgent, updateAgent } from '../api/agents';

type PayLine = { applicationId?: number; countryCode?: string; amount?: string };
type Values = {
  name: string;
  url: string;
  apiKey?: string;
  currency: 643 | 840;
  rateToUsdt: string;
  defaultPay: string;
  payRates?: PayLine[];
  enabled: boolean;
  priority: number;
};

/** Adds an agent, or edits one (`editing`); the protocol key is asked for again only to change it. */
export function AgentFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: Agent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const schema = editing ? ZAgentUpdate : ZAgentCreate;
  const save = useMutation({
    mutationFn: (values: Values) => {
      const data = {
        ...values,
        apiKey: values.apiKey?.trim() ? values.apiKey.trim() : undefined,
        payRates: (values.payRates ?? [])
          .filter((r) => r.applicationId && r.countryCode && r.amount)
          .map((r) => ({
            applicationId: Number(r.applicationId),
            countryCode: String(r.countryCode),
            amount: String(r.amount),
          })),
      };
      return editing
        ? updateAgent({ id: editing.id, ...data })
        : createAgent({ ...data, apiKey: data.apiKey ?? '' });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
      form.resetFields();
      onClose();
    },
  });
  const initial: Partial<Values> = editing
    ? {
        name: editing.name,
        url: editing.url,
        currency: editing.currency as 643 | 840,
        rateToUsdt: editing.rateToUsdt,
        defaultPay: editing.defaultPay,
        payRates: editing.payRates,
        enabled: editing.enabled,
        priority: editing.priority,
      }
    : { currency: 643, rateToUsdt: '0.011', defaultPay: '10', enabled: true, priority: 0, payRates: [] };
  const rule = (name: keyof Values) => [zodFieldRule(schema, name, t)];
  return (
    <Modal
      open={open}
      title={editing ? t('agents.edit') : t('agents.add')}
      onCancel={onClose}
      onOk={async () => save.mutate(await form.validateFields())}
      confirmLoading={save.isPending}
      okText={t('agents.save')}
      okButtonProps={{ 'data-testid': 'agent-form-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="agent-form">
        <Form.Item name="name" label={t('agents.fields.name')} rules={rule('name')}>
          <Input maxLength={64} data-testid="agent-name" />
        </Form.Item>
        <Form.Item name="url" label={t('agents.fields.url')} extra={t('agents.urlHelp')} rules={rule('url')}>
          <Input placeholder="https://farm.example.com/smshub" data-testid="agent-url" />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={t('agents.fields.apiKey')}
          extra={editing ? t('agents.keyKeep', { hint: editing.apiKeyHint }) : t('agents.keyOnce')}
          rules={rule('apiKey')}
        >
          <Input.Password autoComplete="new-password" data-testid="agent-key" />
        </Form.Item>
        <Form.Item name="currency" label={t('agents.fields.currency')} rules={rule('currency')}>
          <Select
            data-testid="agent-currency"
            options={AGENT_CURRENCIES.map((value) => ({ value, label: t(`agents.currencies.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="rateToUsdt" label={t('agents.fields.rateToUsdt')} rules={rule('rateToUsdt')}>
          <Input data-testid="agent-rate" />
        </Form.Item>
        <Form.Item
          name="defaultPay"
          label={t('agents.fields.defaultPay')}
          extra={t('agents.payHelp')}
          rules={rule('defaultPay')}
        >
          <Input data-testid="agent-default-pay" />
        </Form.Item>
        <Form.List name="payRates">
          {(fields, { add, remove }) => (
            <Form.Item label={t('agents.fields.payRates')}>
              {fields.map((field) => (
                <Space key={field.key} wrap style={{ marginBottom: 8 }}>
                  <Form.Item name={[field.name, 'applicationId']} noStyle>
                    <InputNumber min={1} placeholder={t('agents.fields.applicationId')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'countryCode']} noStyle>
                    <Input maxLength={2} style={{ width: 70 }} placeholder={t('agents.fields.countryCode')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'amount']} noStyle>
                    <Input style={{ width: 100 }} placeholder={t('agents.fields.amount')} />
                  </Form.Item>
                  <Button size="small" onClick={() => remove(field.name)}>
                    {t('agents.remove')}
                  </Button>
                </Space>
              ))}
              <Button size="small" onClick={() => add({})} data-testid="agent-pay-add">
                {t('agents.addPayRate')}
              </Button>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="priority" label={t('agents.fields.priority')} rules={rule('priority')}>
          <InputNumber min={-1000} max={1000} style={{ width: '100%' }} data-testid="agent-priority" />
        </Form.Item>
        <Form.Item name="enabled" label={t('agents.fields.enabled')} valuePropName="checked">
          <Switch data-testid="agent-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
