import { useQueryClient } from '@tanstack/react-query';
import { Descriptions, Divider, Drawer, Rate, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { addRemark, replyAsStaff, useAdminTicket } from '../api/admin-tickets';
import { TICKETS_KEY } from '../api/keys';
import { drawerWidth, formatTime } from '../lib/dates';
import { useCan } from '../lib/use-can';
import { AdminTicketActions } from './admin-ticket-actions';
import { Conversation } from './conversation';
import { ReplyBox } from './reply-box';
import { Duration, PriorityTag, StatusTag } from './ticket-tags';

/** A ticket for staff: its facts, the actions, the conversation with remarks, reply and remark boxes. */
export function AdminTicketDrawer({ ticketId, onClose }: { ticketId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const can = useCan();
  const detail = useAdminTicket(ticketId);
  const ticket = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY });

  return (
    <Drawer
      open={ticketId !== null}
      onClose={onClose}
      size={drawerWidth(820)}
      title={ticket ? `${ticket.ticketNo} · ${ticket.title}` : t('tickets.detail.title')}
      loading={!ticket}
      destroyOnHidden
      data-testid="admin-ticket-drawer"
    >
      {ticket && (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'user', label: t('tickets.fields.user'), children: ticket.username },
              { key: 'type', label: t('tickets.fields.type'), children: t(`tickets.type.${ticket.type}`) },
              {
                key: 'status',
                label: t('tickets.fields.status'),
                children: (
                  <>
                    <StatusTag status={ticket.status} />
                    {ticket.overdue && <Tag color="red">{t('tickets.admin.overdue')}</Tag>}
                  </>
                ),
              },
              {
                key: 'priority',
                label: t('tickets.fields.priority'),
                children: <PriorityTag priority={ticket.priority} />,
              },
              {
                key: 'created',
                label: t('tickets.fields.createdAt'),
                children: formatTime(ticket.createdAt),
              },
              {
                key: 'response',
                label: t('tickets.fields.firstResponse'),
                children: formatTime(ticket.firstResponseAt),
              },
              {
                key: 'start',
                label: t('tickets.fields.processingStarted'),
                children: formatTime(ticket.processingStartedAt),
              },
              {
                key: 'finish',
                label: t('tickets.fields.processingFinished'),
                children: formatTime(ticket.processingFinishedAt),
              },
              {
                key: 'duration',
                label: t('tickets.fields.duration'),
                children: <Duration minutes={ticket.durationMinutes} />,
              },
              {
                key: 'rating',
                label: t('tickets.fields.rating'),
                children:
                  ticket.rating === null ? (
                    '-'
                  ) : (
                    <span>
                      <Rate disabled value={ticket.rating} style={{ fontSize: 14 }} /> {ticket.ratingFeedback}
                    </span>
                  ),
              },
            ]}
          />
          <AdminTicketActions ticket={ticket} onChanged={refresh} />
          <Conversation
            viewer="staff"
            author={ticket.username}
            createdAt={ticket.createdAt}
            description={ticket.description}
            attachments={ticket.attachments}
            messages={ticket.messages}
            fileBase={`/api/admin/tickets/${ticket.id}`}
          />
          {can('admin:ticket:reply') && ticket.canReply && (
            <>
              <Divider />
              <Tabs
                items={[
                  {
                    key: 'reply',
                    label: t('tickets.reply.tab'),
                    children: (
                      <ReplyBox
                        testId="admin-ticket-reply"
                        onSend={async (content, files) => {
                          await replyAsStaff(ticket.id, content, files);
                          await refresh();
                        }}
                      />
                    ),
                  },
                  {
                    key: 'remark',
                    label: t('tickets.remark.tab'),
                    children: (
                      <ReplyBox
                        remark
                        testId="admin-ticket-remark"
                        onSend={async (content) => {
                          await addRemark(ticket.id, content);
                          await refresh();
                        }}
                      />
                    ),
                  },
                ]}
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
