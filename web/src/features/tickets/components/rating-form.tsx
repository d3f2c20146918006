import {
  TICKET_FEEDBACK_MAX,
  TICKET_RATING_LEVELS,
  type TicketRateInput,
  ZTicketRateInput,
} from '@jiema/shared';
import { App, Button, Form, Input, Rate } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../../lib/failure-reason';
import { zodFieldRule } from '../../../lib/form-rules';

/** Spec §9: five rating levels, terrible … excellent, with optional feedback; sent once. */
export function RatingForm({ onRate }: { onRate: (input: TicketRateInput) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const levels = TICKET_RATING_LEVELS.map((level) => t(`tickets.rating.levels.${level}`));

  const handleFinish = async (values: TicketRateInput) => {
    setSending(true);
    try {
      await onRate({ rating: values.rating, feedback: values.feedback ?? '' });
      void message.success(t('tickets.rating.success'));
    } catch (error) {
      void message.error(t('tickets.rating.failed', { reason: failureReason(error) })); // spec §8
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<TicketRateInput> layout="vertical" onFinish={handleFinish} data-testid="ticket-rating-form">
      <Form.Item
        name="rating"
        label={t('tickets.rating.title')}
        rules={[zodFieldRule(ZTicketRateInput, 'rating', t)]}
      >
        <Rate tooltips={levels} data-testid="ticket-rating-stars" />
      </Form.Item>
      <Form.Item name="feedback" rules={[zodFieldRule(ZTicketRateInput, 'feedback', t)]}>
        <Input.TextArea
          rows={2}
          placeholder={t('tickets.rating.feedbackPlaceholder')}
          showCount={{ formatter: ({ count }) => `${count} / ${TICKET_FEEDBACK_MAX}` }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        {t('tickets.rating.submit')}
      </Button>
    </Form>
  );
}
