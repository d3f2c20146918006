import { ZTransferInput } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { createTransfer } from '../api/create-transfer';

type Values = { username: string; note?: string };

/**
 * Transfer in two steps: the receiver (and a note), then a confirmation that says what happens (the
 * numbers leave, their links change). One idempotency key per opening: a repeated click moves once.
 */
export function TransferModal({
  open,
  rentalIds,
  onClose,
  onDone,
}: {
  open: boolean;
  rentalIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<Values | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const send = useMutation({
    mutationFn: (values: Values) =>
      createTransfer({ username: values.username, note: values.note, rentalIds, idempotencyKey: key }),
    onSuccess: () => {
      onDone();
      close();
    },
  });

  function close() {
    form.resetFields();
    setStep(null);
    setKey(crypto.randomUUID());
    onClose();
  }

  const footer = step ? (
    <Space>
      <Button onClick={() => setStep(null)} disabled={send.isPending}>
        {t('transfers.modal.back')}
      </Button>
      <Button
        type="primary"
        danger
        loading={send.isPending}
        onClick={() => send.mutate(step)}
        data-testid="transfer-confirm"
      >
        {t('transfers.modal.confirm')}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        onClick={() => void form.validateFields().then((values) => setStep(values))}
        data-testid="transfer-next"
      >
        {t('transfers.modal.next')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={t('transfers.modal.title', { count: rentalIds.length })}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      maskClosable={!send.isPending}
    >
      <Form form={form} layout="vertical" hidden={step !== null} preserve>
        <Form.Item
          name="username"
          label={t('transfers.modal.username')}
          rules={[zodFieldRule(ZTransferInput, 'username', t)]}
        >
          <Input autoComplete="off" maxLength={64} data-testid="transfer-username" />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('transfers.modal.note')}
          rules={[zodFieldRule(ZTransferInput, 'note', t)]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="transfer-note" />
        </Form.Item>
      </Form>
      {step && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="transfer-summary">
          <Typography.Paragraph>
            {t('transfers.modal.summary', { count: rentalIds.length, username: step.username })}
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('transfers.modal.warning')} />
        </Space>
      )}
    </Modal>
  );
}
