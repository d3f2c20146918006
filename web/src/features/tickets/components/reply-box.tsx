import { SendOutlined } from '@ant-design/icons';
import { TICKET_REPLY_MAX, ZTicketRemarkInput, ZTicketReplyInput } from '@jiema/shared';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../../lib/failure-reason';
import { zodFieldRule } from '../../../lib/form-rules';
import { AttachmentPicker } from './attachment-picker';

type Values = { content: string; files?: File[] };

/**
 * A reply (with attachments) or, with `remark`, an internal note. Validated by the same shared schema
 * as the server; cleared once sent.
 */
export function ReplyBox({
  onSend,
  remark = false,
  testId,
}: {
  onSend: (content: string, files: File[]) => Promise<unknown>;
  remark?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);

  const handleFinish = async (values: Values) => {
    setSending(true);
    try {
      await onSend(values.content, values.files ?? []);
      form.resetFields();
      void message.success(remark ? t('tickets.remark.saved') : t('tickets.reply.sent'));
    } catch (error) {
      // A reply's failure is named as such (spec §8); a remark's reason was shown by the HTTP layer.
      if (!remark) void message.error(t('tickets.reply.failed', { reason: failureReason(error) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={handleFinish} data-testid={testId}>
      <Form.Item
        name="content"
        rules={[zodFieldRule(remark ? ZTicketRemarkInput : ZTicketReplyInput, 'content', t)]}
        style={{ marginBottom: 8 }}
      >
        <Input.TextArea
          rows={3}
          showCount={{ formatter: ({ count }) => `${count} / ${TICKET_REPLY_MAX}` }}
          placeholder={remark ? t('tickets.remark.placeholder') : t('tickets.reply.placeholder')}
        />
      </Form.Item>
      {!remark && (
        <Form.Item name="files" style={{ marginBottom: 8 }}>
          <AttachmentPicker testId={`${testId}-images`} />
        </Form.Item>
      )}
      <Button
        type={remark ? 'default' : 'primary'}
        htmlType="submit"
        icon={<SendOutlined />}
        loading={sending}
      >
        {remark ? t('tickets.remark.add') : t('tickets.reply.send')}
      </Button>
    </Form>
  );
}
