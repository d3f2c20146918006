import { CONNECTOR_KINDS, type Connector, type ConnectorKind, ZConnectorCreate } from '@jiema/shared';
import type { ButtonProps } from 'antd';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateIssueMessage } from '../../../lib/form-rules';
import { createConnector, updateConnector } from '../api/connectors';
import { CONNECTORS_KEY } from '../api/keys';
import { useMassSmsMutation } from './use-mass-sms-mutation';

type FormValues = {
  kind: ConnectorKind;
  name: string;
  enabled: boolean;
  priority: number;
  prefixesText: string;
  throughputPerSecond: number;
  defaultSenderId: string;
  password?: string;
  webhookKey?: string;
  config: Record<string, unknown>;
};

const DEFAULT_CONFIG: Record<ConnectorKind, Record<string, unknown>> = {
  smpp: { host: '', port: 2775, systemId: '', systemType: '', enquireLinkSeconds: 30, window: 50 },
  android: { baseUrl: '', username: '', simNumber: null, deviceId: '' },
  http: { url: '' },
};

const toInput = (v: FormValues) => ({
  kind: v.kind,
  name: v.name,
  enabled: v.enabled,
  priority: v.priority,
  prefixes: (v.prefixesText ?? '')
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean),
  throughputPerSecond: v.throughputPerSecond,
  defaultSenderId: v.defaultSenderId ?? '',
  ...(v.password ? { password: v.password } : {}),
  ...(v.webhookKey ? { webhookKey: v.webhookKey } : {}),
  config: v.config,
});

/** Add or edit a sending connector: SMPP bind, SMS Gateway for Android or a generic HTTP provider. */
export function ConnectorFormModal({
  open,
  connector,
  onClose,
}: {
  open: boolean;
  connector: Connector | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const kind = (Form.useWatch('kind', form) ?? connector?.kind ?? 'smpp') as ConnectorKind;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      connector
        ? {
            kind: connector.kind,
            name: connector.name,
            enabled: connector.enabled,
            priority: connector.priority,
            prefixesText: connector.prefixes.join(', '),
            throughputPerSecond: connector.throughputPerSecond,
            defaultSenderId: connector.defaultSenderId,
            config: { ...DEFAULT_CONFIG[connector.kind], ...connector.config },
          }
        : {
            kind: 'smpp',
            name: '',
            enabled: true,
            priority: 100,
            prefixesText: '',
            throughputPerSecond: 0,
            defaultSenderId: '',
            config: DEFAULT_CONFIG.smpp,
          },
    );
  }, [open, connector, form]);

  const save = useMassSmsMutation(
    (values: FormValues) => {
      const input = toInput(values);
      if (!connector) return createConnector(input as never);
      const { kind: _kind, ...update } = input;
      return updateConnector({ id: connector.id, ...update });
    },
    { invalidate: [CONNECTORS_KEY], success: t('mass-sms.connectors.saved'), onDone: onClose },
  );

  /** The whole shared schema runs; each field shows its own first issue. */
  const rule = (path: (string | number)[]) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as FormValues;
      const result = ZConnectorCreate.safeParse(toInput(values));
      if (result.success) return;
      const target = path[0] === 'prefixesText' ? ['prefixes'] : path;
      const issue = result.error.issues.find((i) => target.every((p, n) => i.path[n] === p));
      if (issue) throw new Error(translateIssueMessage(issue.message, t));
    },
  });
  const field = (name: string, label: string, node: React.ReactNode, extra?: string) => (
    <Form.Item name={['config', name]} label={label} rules={[rule(['config', name])]} extra={extra}>
      {node}
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={connector ? t('mass-sms.connectors.editTitle') : t('mass-sms.connectors.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      okButtonProps={{ 'data-testid': 'connector-save' } as ButtonProps}
      cancelText={t('common.cancel')}
      width={680}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="kind" label={t('mass-sms.connectors.kind')}>
              <Select
                disabled={!!connector}
                options={CONNECTOR_KINDS.map((value) => ({
                  value,
                  label: t(`mass-sms.connectors.kinds.${value}`),
                }))}
                onChange={(next: ConnectorKind) => form.setFieldValue('config', DEFAULT_CONFIG[next])}
                data-testid="connector-kind"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('mass-sms.connectors.name')} rules={[rule(['name'])]}>
              <Input maxLength={64} data-testid="connector-name" />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'smpp' && (
          <Row gutter={12}>
            <Col xs={24} sm={16}>
              {field('host', t('mass-sms.connectors.host'), <Input data-testid="connector-host" />)}
            </Col>
            <Col xs={24} sm={8}>
              {field(
                'port',
                t('mass-sms.connectors.port'),
                <InputNumber min={1} max={65535} style={{ width: '100%' }} data-testid="connector-port" />,
              )}
            </Col>
            <Col xs={24} sm={12}>
              {field('systemId', 'system_id', <Input maxLength={15} data-testid="connector-system-id" />)}
            </Col>
            <Col xs={24} sm={12}>
              {field('systemType', 'system_type', <Input maxLength={12} />)}
            </Col>
            <Col xs={12}>
              {field(
                'window',
                t('mass-sms.connectors.window'),
                <InputNumber min={1} max={1000} style={{ width: '100%' }} />,
              )}
            </Col>
            <Col xs={12}>
              {field(
                'enquireLinkSeconds',
                t('mass-sms.connectors.enquireLink'),
                <InputNumber min={5} max={600} style={{ width: '100%' }} />,
              )}
            </Col>
          </Row>
        )}
        {kind === 'android' && (
          <Row gutter={12}>
            <Col xs={24}>
              {field(
                'baseUrl',
                t('mass-sms.connectors.baseUrl'),
                <Input placeholder="https://api.sms-gate.app/3rdparty/v1" />,
              )}
            </Col>
            <Col xs={24} sm={12}>
              {field('username', t('mass-sms.connectors.username'), <Input />)}
            </Col>
            <Col xs={12} sm={6}>
              {field(
                'simNumber',
                t('mass-sms.connectors.sim'),
                <InputNumber min={1} max={3} style={{ width: '100%' }} />,
              )}
            </Col>
            <Col xs={12} sm={6}>
              {field('deviceId', t('mass-sms.connectors.deviceId'), <Input maxLength={64} />)}
            </Col>
          </Row>
        )}
        {kind === 'http' &&
          field(
            'url',
            t('mass-sms.connectors.url'),
            <Input placeholder="https://provider.example/send" data-testid="connector-url" />,
            t('mass-sms.connectors.httpHint'),
          )}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={t(`mass-sms.connectors.secret.${kind}`)}
              extra={connector?.passwordSet ? t('mass-sms.connectors.keepSecret') : undefined}
            >
              <Input.Password autoComplete="new-password" data-testid="connector-password" />
            </Form.Item>
          </Col>
          {kind === 'android' && (
            <Col xs={24} sm={12}>
              <Form.Item
                name="webhookKey"
                label={t('mass-sms.connectors.webhookKey')}
                extra={connector?.webhookKeySet ? t('mass-sms.connectors.keepSecret') : undefined}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item
              name="prefixesText"
              label={t('mass-sms.connectors.prefixes')}
              extra={t('mass-sms.connectors.prefixesHint')}
              rules={[rule(['prefixesText'])]}
            >
              <Input placeholder="86, 852, +7" data-testid="connector-prefixes" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="priority" label={t('mass-sms.connectors.priority')} rules={[rule(['priority'])]}>
              <InputNumber min={0} max={1000} style={{ width: '100%' }} data-testid="connector-priority" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="throughputPerSecond"
              label={t('mass-sms.connectors.throughput')}
              rules={[rule(['throughputPerSecond'])]}
            >
              <InputNumber min={0} max={100000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item
              name="defaultSenderId"
              label={t('mass-sms.connectors.defaultSenderId')}
              rules={[rule(['defaultSenderId'])]}
            >
              <Input maxLength={15} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="enabled" label={t('mass-sms.connectors.enabled')} valuePropName="checked">
              <Switch data-testid="connector-enabled" />
            </Form.Item>
          </Col>
        </Row>
        {connector?.webhookPath && connector.kind !== 'smpp' && (
          <Typography.Paragraph
            type="secondary"
            copyable={{ text: `${window.location.origin}${connector.webhookPath}` }}
          >
            {t('mass-sms.connectors.webhook')}: {window.location.origin}
            {connector.webhookPath}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
