import { SMPP_BIND_MODES, type SmppConfigInput, ZSmppConfigInput } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { GATEWAYS_KEY } from '../api/gateways';
import { saveSmpp, setSmppRunning, smppKey, useSmpp } from '../api/smpp';
import { SmppStateView } from './smpp-state';

const DEFAULTS: Partial<SmppConfigInput> = {
  port: 2775,
  bindMode: 'receiver',
  enquireLinkSeconds: 30,
  systemType: '',
};

/** An SMPP gateway: its bind settings (TLS off), start/stop, and the live state. */
export function SmppModal({
  gatewayId,
  canEdit,
  onClose,
}: {
  gatewayId: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SmppConfigInput>();
  const smpp = useSmpp(gatewayId);
  const queryClient = useQueryClient();
  const view = smpp.data;
  useEffect(() => {
    if (view) form.setFieldsValue({ ...DEFAULTS, ...(view.config ?? {}), password: '' });
  }, [view?.gatewayId, view?.config, form, view]);
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: smppKey(gatewayId ?? 0) });
    await queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
  };
  const save = useMutation({
    mutationFn: saveSmpp,
    onSuccess: async () => {
      await settle();
      void message.success(t('smpp.saved'));
    },
  });
  const run = useMutation({ mutationFn: setSmppRunning, onSuccess: settle });
  const rule = (field: string) => [zodFieldRule(ZSmppConfigInput, field, t)];

  return (
    <Modal
      open={gatewayId !== null}
      title={t('smpp.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('smpp.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        data-testid="smpp-form"
        onFinish={(values) => gatewayId !== null && save.mutate({ ...values, id: gatewayId })}
      >
        <Space wrap align="start">
          <Form.Item name="host" label={t('smpp.fields.host')} rules={rule('host')} style={{ minWidth: 220 }}>
            <Input placeholder="smsc.example.com" data-testid="smpp-host" />
          </Form.Item>
          <Form.Item name="port" label={t('smpp.fields.port')} rules={rule('port')}>
            <InputNumber min={1} max={65535} data-testid="smpp-port" />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="systemId" label="system_id" rules={rule('systemId')}>
            <Input autoComplete="off" data-testid="smpp-system-id" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('smpp.fields.password')}
            rules={rule('password')}
            extra={view?.passwordSet ? t('smpp.passwordKept') : undefined}
          >
            <Input.Password autoComplete="new-password" data-testid="smpp-password" />
          </Form.Item>
          <Form.Item name="systemType" label="system_type" rules={rule('systemType')}>
            <Input data-testid="smpp-system-type" />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="bindMode" label={t('smpp.fields.bindMode')} rules={rule('bindMode')}>
            <Select
              style={{ width: 200 }}
              options={SMPP_BIND_MODES.map((value) => ({ value, label: t(`smpp.bindModes.${value}`) }))}
              data-testid="smpp-bind-mode"
            />
          </Form.Item>
          <Form.Item
            name="enquireLinkSeconds"
            label={t('smpp.fields.enquireLink')}
            rules={rule('enquireLinkSeconds')}
          >
            <InputNumber min={5} max={600} addonAfter={t('smpp.seconds')} />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">{t('smpp.tlsOff')}</Typography.Paragraph>
        {canEdit && (
          <Space wrap style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="smpp-save">
              {t('smpp.save')}
            </Button>
            <Button
              disabled={!view?.config || view.enabled}
              loading={run.isPending && run.variables?.running === true}
              onClick={() => gatewayId !== null && run.mutate({ id: gatewayId, running: true })}
              data-testid="smpp-start"
            >
              {t('smpp.start')}
            </Button>
            <Button
              danger
              disabled={!view?.enabled}
              loading={run.isPending && run.variables?.running === false}
              onClick={() => gatewayId !== null && run.mutate({ id: gatewayId, running: false })}
              data-testid="smpp-stop"
            >
              {t('smpp.stop')}
            </Button>
          </Space>
        )}
      </Form>
      {view && <SmppStateView state={view.state} />}
    </Modal>
  );
}
