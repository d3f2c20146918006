import type { TicketAttachment, TicketMessage } from '@jiema/shared';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/dates';
import { TicketAttachments } from './ticket-attachments';

const bubble = (mine: boolean, remark: boolean) => ({
  maxWidth: '85%',
  padding: '8px 12px',
  borderRadius: 8,
  background: remark ? '#fffbe6' : mine ? '#e6f4ff' : '#f5f5f5',
  border: remark ? '1px dashed #faad14' : 'none',
  whiteSpace: 'pre-wrap' as const,
  wordBreak: 'break-word' as const,
});

/**
 * The ticket's description followed by its replies, status changes and (staff only) internal
 * remarks. `viewer` puts the viewer's own side on the right.
 */
export function Conversation({
  viewer,
  author,
  createdAt,
  description,
  attachments,
  messages,
  fileBase,
}: {
  viewer: 'user' | 'staff';
  author: string;
  createdAt: string;
  description: string;
  attachments: readonly TicketAttachment[];
  messages: readonly TicketMessage[];
  fileBase: string;
}) {
  const { t } = useTranslation();
  const customerIsMe = viewer === 'user';
  return (
    <Flex vertical gap={12} data-testid="ticket-conversation">
      <Flex vertical align={customerIsMe ? 'flex-end' : 'flex-start'}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {author} · {formatTime(createdAt)}
        </Typography.Text>
        <Card size="small" style={bubble(customerIsMe, false)} styles={{ body: { padding: 0 } }}>
          {description}
          <TicketAttachments files={attachments} base={fileBase} />
        </Card>
      </Flex>
      {messages.map((m) => {
        // A customer sees support as "support", never a staff member's login name.
        const name =
          m.side === 'staff' && viewer === 'user' ? t('tickets.conversation.support') : m.authorName;
        if (m.kind === 'status') {
          return (
            <Typography.Text
              key={m.id}
              type="secondary"
              style={{ textAlign: 'center', fontSize: 12 }}
              data-testid="ticket-status-change"
            >
              {t('tickets.conversation.statusChange', {
                name,
                from: t(`tickets.status.${m.statusFrom}`),
                to: t(`tickets.status.${m.statusTo}`),
                time: formatTime(m.createdAt),
              })}
            </Typography.Text>
          );
        }
        const mine = m.side === viewer;
        const remark = m.kind === 'remark';
        return (
          <Flex
            key={m.id}
            vertical
            align={mine ? 'flex-end' : 'flex-start'}
            data-testid={remark ? 'ticket-remark' : 'ticket-reply'}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {name} · {formatTime(m.createdAt)}
              {remark && (
                <Tag color="warning" style={{ marginInlineStart: 6 }}>
                  {t('tickets.conversation.remark')}
                </Tag>
              )}
            </Typography.Text>
            <div style={bubble(mine, remark)}>
              {m.content}
              <TicketAttachments files={m.attachments} base={fileBase} />
            </div>
          </Flex>
        );
      })}
    </Flex>
  );
}
