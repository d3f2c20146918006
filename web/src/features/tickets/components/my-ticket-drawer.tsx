import { TICKET_RATING_LEVELS, type TicketRateInput } from '@jiema/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Divider, Drawer, Popconfirm, Rate, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TICKETS_KEY } from '../api/keys';
import { rateMyTicket, reopenMyTicket, replyToMyTicket, useMyTicket } from '../api/my-tickets';
import { drawerWidth, formatTime } from '../lib/dates';
import { Conversation } from './conversation';
import { RatingForm } from './rating-form';
import { ReplyBox } from './reply-box';
import { PriorityTag, StatusTag } from './ticket-tags';

/** One of the customer's tickets: the conversation (refreshed every few seconds), reply, rate, reopen. */
export function MyTicketDrawer({ ticketId, onClose }: { ticketId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const detail = useMyTicket(ticketId);
  const ticket = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY });

  const handleReopen = async () => {
    try {
      await reopenMyTicket(ticketId!);
      void message.success(t('tickets.reopen.success'));
      await refresh();
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <Drawer
      open={ticketId !== null}
      onClose={onClose}
      size={drawerWidth(720)}
      title={ticket ? `${ticket.ticketNo} · ${ticket.title}` : t('tickets.detail.title')}
      loading={!ticket}
      destroyOnHidden
      data-testid="my-ticket-drawer"
    >
      {ticket && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'status',
                label: t('tickets.fields.status'),
                children: <StatusTag status={ticket.status} />,
              },
              {
                key: 'priority',
                label: t('tickets.fields.priority'),
                children: <PriorityTag priority={ticket.priority} />,
              },
              { key: 'type', label: t('tickets.fields.type'), children: t(`tickets.type.${ticket.type}`) },
              {
                key: 'created',
                label: t('tickets.fields.createdAt'),
                children: formatTime(ticket.createdAt),
              },
            ]}
            style={{ marginBottom: 16 }}
          />
          <Conversation
            viewer="user"
            author={t('tickets.conversation.me')}
            createdAt={ticket.createdAt}
            description={ticket.description}
            attachments={ticket.attachments}
            messages={ticket.messages}
            fileBase={`/api/tickets/${ticket.id}`}
          />
          <Divider />
          {ticket.rating !== null && (
            <Space vertical style={{ marginBottom: 16 }} data-testid="ticket-rated">
              <Typography.Text strong>{t('tickets.rating.yours')}</Typography.Text>
              <Space>
                <Rate disabled value={ticket.rating} />
                <span>{t(`tickets.rating.levels.${TICKET_RATING_LEVELS[ticket.rating - 1]}`)}</span>
              </Space>
              {ticket.ratingFeedback && <Typography.Text>{ticket.ratingFeedback}</Typography.Text>}
            </Space>
          )}
          {ticket.canRate && (
            <RatingForm
              onRate={async (input: TicketRateInput) => {
                await rateMyTicket(ticket.id, input);
                await refresh();
              }}
            />
          )}
          {ticket.canReopen && (
            <Alert
              type="info"
              showIcon
              style={{ margin: '16px 0' }}
              title={t('tickets.reopen.hint', { until: formatTime(ticket.reopenUntil) })}
              action={
                <Popconfirm
                  title={t('tickets.reopen.confirm')}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={handleReopen}
                >
                  <Button size="small" data-testid="ticket-reopen">
                    {t('tickets.reopen.action')}
                  </Button>
                </Popconfirm>
              }
            />
          )}
          {ticket.canReply ? (
            <ReplyBox
              testId="my-ticket-reply"
              onSend={async (content, files) => {
                await replyToMyTicket(ticket.id, content, files);
                await refresh();
              }}
            />
          ) : (
            <Typography.Text type="secondary">{t('tickets.reply.closed')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
