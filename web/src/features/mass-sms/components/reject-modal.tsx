import { ZSmsTemplateReject } from '@jiema/shared';
import type { ButtonProps } from 'antd';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { TEMPLATES_KEY } from '../api/keys';
import { rejectTemplate } from '../api/templates';
import { useMassSmsMutation } from './use-mass-sms-mutation';

/** A reviewer's "no", with the reason the owner will read. */
export function RejectModal({ templateId, onClose }: { templateId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useMassSmsMutation(rejectTemplate, {
    invalidate: [TEMPLATES_KEY],
    success: t('mass-sms.review.rejected'),
    onDone: onClose,
  });
  return (
    <Modal
      open={templateId !== null}
      title={t('mass-sms.review.rejectTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={reject.isPending}
      okText={t('mass-sms.review.reject')}
      okButtonProps={{ danger: true, 'data-testid': 'reject-confirm' } as ButtonProps}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ reason }) => templateId !== null && reject.mutate({ id: templateId, reason })}
      >
        <Form.Item
          name="reason"
          label={t('mass-sms.review.reason')}
          rules={[zodFieldRule(ZSmsTemplateReject, 'reason', t)]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
