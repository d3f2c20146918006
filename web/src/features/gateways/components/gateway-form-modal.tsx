import {
  CREATABLE_GATEWAY_KINDS,
  type GatewayWithSecret,
  ZGatewayConfig,
  ZGatewayCreate,
} from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { createGateway, GATEWAYS_KEY } from '../api/gateways';

type Values = { kind: (typeof CREATABLE_GATEWAY_KINDS)[number]; name: string; defaultNumber?: string };

/** Adds a gateway; on success the parent shows the secret, once. */
export function GatewayFormModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (gateway: GatewayWithSecret) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createGateway,
    onSuccess: async (gateway) => {
      await queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
      form.resetFields();
      onCreated(gateway);
    },
  });
  const submit = async () => {
    const values = await form.validateFields();
    create.mutate({
      kind: values.kind,
      name: values.name,
      enabled: true,
      config: values.defaultNumber ? { defaultNumber: values.defaultNumber } : {},
    });
  };
  return (
    <Modal
      open={open}
      title={t('gateways.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={create.isPending}
      okText={t('gateways.create')}
      okButtonProps={{ 'data-testid': 'gateway-form-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'smsgate' }} data-testid="gateway-form">
        <Form.Item
          name="kind"
          label={t('gateways.fields.kind')}
          rules={[zodFieldRule(ZGatewayCreate, 'kind', t)]}
        >
          <Select
            data-testid="gateway-form-kind"
            options={CREATABLE_GATEWAY_KINDS.map((value) => ({ value, label: t(`gateways.kinds.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('gateways.fields.name')}
          rules={[zodFieldRule(ZGatewayCreate, 'name', t)]}
        >
          <Input maxLength={64} data-testid="gateway-form-name" />
        </Form.Item>
        <Form.Item
          name="defaultNumber"
          label={t('gateways.fields.defaultNumber')}
          extra={t('gateways.defaultNumberHelp')}
          rules={[zodFieldRule(ZGatewayConfig, 'defaultNumber', t)]}
        >
          <Input placeholder="+79991234567" data-testid="gateway-form-number" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
