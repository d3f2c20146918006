import type { Connector, ConnectorTestResult } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testConnector } from '../api/connectors';

/** Sends one SMS through one connector now (not billed, not part of a campaign) and shows what came back. */
export function ConnectorTestModal({
  connector,
  onClose,
}: {
  connector: Connector | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone: string; text: string; senderId: string }>();
  const [result, setResult] = useState<ConnectorTestResult | null>(null);
  const test = useMutation({ mutationFn: testConnector, onSuccess: setResult });
  return (
    <Modal
      open={connector !== null}
      title={t('mass-sms.connectors.testTitle', { name: connector?.name ?? '' })}
      onCancel={() => {
        setResult(null);
        onClose();
      }}
      onOk={() => form.submit()}
      confirmLoading={test.isPending}
      okText={t('mass-sms.connectors.testSend')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ phone: '', text: 'Jiema test', senderId: '' }}
        onFinish={(values) => connector && test.mutate({ id: connector.id, ...values })}
      >
        <Form.Item
          name="phone"
          label={t('mass-sms.history.phone')}
          rules={[{ required: true, message: t('validation.massSmsPhone') }]}
        >
          <Input placeholder="+8613800138000" />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('mass-sms.history.text')}
          rules={[{ required: true, message: t('validation.massSmsContentRequired') }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="senderId" label={t('mass-sms.send.senderId')}>
          <Input maxLength={15} />
        </Form.Item>
      </Form>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          message={result.ok ? t('mass-sms.connectors.testOk', { ms: result.elapsedMs }) : result.error}
          description={`${result.encoding.toUpperCase()} · ${result.segments} · ${result.externalIds.join(', ')}`}
        />
      )}
    </Modal>
  );
}
