import {
  TICKET_DESCRIPTION_MAX,
  TICKET_TITLE_MAX,
  TICKET_TYPES,
  type TicketCreateInput,
  USER_TICKET_PRIORITIES,
  ZTicketCreateInput,
} from '@jiema/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodFieldRule } from '../../../lib/form-rules';
import { TICKETS_KEY } from '../api/keys';
import { createTicket } from '../api/my-tickets';
import { AttachmentPicker } from './attachment-picker';
import { usePlanRequest } from './use-plan-request';

type Values = TicketCreateInput & { files?: File[] };

const counter = (max: number) => ({ formatter: ({ count }: { count: number }) => `${count} / ${max}` });

/** Spec §2 work-order: submit a ticket with every rule of spec §5, checked here and on the server. */
export default function WorkOrderPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const prefill = usePlanRequest();

  const handleFinish = async ({ files, ...input }: Values) => {
    setSending(true);
    try {
      const ticket = await createTicket(input, files ?? []);
      await queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
      void message.success(t('tickets.submit.success', { ticketNo: ticket.ticketNo }));
      navigate(`/dashboard/work-order-record?ticket=${ticket.id}`);
    } catch {
      // the HTTP layer has shown why (spec §8: ticket submit failure, check the network)
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('tickets.submit.title')} style={{ maxWidth: 760 }}>
      <Typography.Paragraph type="secondary">{t('tickets.submit.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ priority: 'normal', ...prefill }}
        onFinish={handleFinish}
        data-testid="work-order-form"
      >
        <Form.Item
          name="type"
          label={t('tickets.fields.type')}
          required
          rules={[zodFieldRule(ZTicketCreateInput, 'type', t)]}
        >
          <Select
            placeholder={t('tickets.submit.typePlaceholder')}
            options={TICKET_TYPES.map((type) => ({ value: type, label: t(`tickets.type.${type}`) }))}
            data-testid="work-order-type"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('tickets.fields.title')}
          required
          rules={[zodFieldRule(ZTicketCreateInput, 'title', t)]}
        >
          <Input placeholder={t('tickets.submit.titlePlaceholder')} showCount={counter(TICKET_TITLE_MAX)} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('tickets.fields.description')}
          required
          rules={[zodFieldRule(ZTicketCreateInput, 'description', t)]}
        >
          <Input.TextArea
            rows={6}
            placeholder={t('tickets.submit.descriptionPlaceholder')}
            showCount={counter(TICKET_DESCRIPTION_MAX)}
          />
        </Form.Item>
        <Form.Item name="files" label={t('tickets.fields.attachments')}>
          <AttachmentPicker testId="work-order-images" />
        </Form.Item>
        <Form.Item
          name="priority"
          label={t('tickets.fields.submitMode')}
          rules={[zodFieldRule(ZTicketCreateInput, 'priority', t)]}
        >
          <Radio.Group
            options={USER_TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.submitMode.${p}`) }))}
            data-testid="work-order-priority"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} block>
          {t('tickets.submit.send')}
        </Button>
      </Form>
    </Card>
  );
}
