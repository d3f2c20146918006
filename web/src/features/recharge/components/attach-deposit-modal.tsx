import { type AdminDeposit, type AttachDepositInput, ZAttachDepositInput } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { attachDeposit } from '../api/admin-deposits';
import { DEPOSITS_ADMIN_KEY } from '../api/keys';

/** Credit an unmatched deposit to a user: once, through the ledger, audit-logged on the server. */
export function AttachDepositModal({
  deposit,
  onClose,
}: {
  deposit: AdminDeposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AttachDepositInput>();
  const attach = useMutation({
    mutationFn: (values: AttachDepositInput) => attachDeposit({ id: deposit!.id, ...values }),
    onSuccess: () => {
      void message.success(t('recharge.log.attached'));
      void queryClient.invalidateQueries({ queryKey: DEPOSITS_ADMIN_KEY });
      onClose();
    },
  });
  const rule = (field: keyof AttachDepositInput) => [zodFieldRule(ZAttachDepositInput, field, t)];
  return (
    <Modal
      open={deposit !== null}
      title={t('recharge.log.attachTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={attach.isPending}
      okText={t('recharge.log.attach')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('recharge.log.attachInfo', { amount: deposit?.amount ?? '', tx: deposit?.txId ?? '' })}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => attach.mutate(values)}
        data-testid="attach-form"
      >
        <Form.Item name="username" label={t('recharge.log.username')} rules={rule('username')}>
          <Input maxLength={64} autoComplete="off" data-testid="attach-username" />
        </Form.Item>
        <Form.Item name="note" label={t('recharge.log.note')} rules={rule('note')}>
          <Input.TextArea
            maxLength={500}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="attach-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
