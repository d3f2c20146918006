import {
  type AdminTicketDetail,
  STAFF_TICKET_TRANSITIONS,
  TICKET_PRIORITIES,
  type TicketPriority,
  type TicketStatus,
} from '@jiema/shared';
import { App, Button, Flex, Popconfirm, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignTicket, setTicketPriority, setTicketStatus, useTicketStaff } from '../api/admin-tickets';
import { useCan } from '../lib/use-can';

/** Assignee, priority and the status moves staff may make from here, each behind its permission. */
export function AdminTicketActions({
  ticket,
  onChanged,
}: {
  ticket: AdminTicketDetail;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const canAssign = can('admin:ticket:assign');
  const canEdit = can('admin:ticket:edit');
  const staff = useTicketStaff(canAssign);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
      await onChanged();
    } catch {
      // shown by the HTTP layer
    }
  };

  const moves = STAFF_TICKET_TRANSITIONS[ticket.status];
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Flex wrap gap={12} align="center">
        <Space>
          <Typography.Text type="secondary">{t('tickets.fields.assignee')}</Typography.Text>
          <Select
            allowClear
            disabled={!canAssign}
            value={ticket.assigneeId ?? undefined}
            placeholder={t('tickets.admin.unassigned')}
            options={(
              staff.data ??
              (ticket.assigneeId ? [{ userId: ticket.assigneeId, username: ticket.assigneeName ?? '' }] : [])
            ).map((s) => ({ value: s.userId, label: s.username }))}
            onChange={(value?: number) =>
              void run(() => assignTicket(ticket.id, value ?? null), t('tickets.admin.assigned'))
            }
            style={{ width: 180 }}
            data-testid="ticket-assignee"
          />
        </Space>
        <Space>
          <Typography.Text type="secondary">{t('tickets.fields.priority')}</Typography.Text>
          <Select
            disabled={!canEdit}
            value={ticket.priority}
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.priority.${p}`) }))}
            onChange={(value: TicketPriority) =>
              void run(() => setTicketPriority(ticket.id, value), t('tickets.admin.prioritySaved'))
            }
            style={{ width: 120 }}
            data-testid="ticket-priority"
          />
        </Space>
      </Flex>
      {canEdit && moves.length > 0 && (
        <Space wrap>
          {moves.map((to: TicketStatus) => (
            <Popconfirm
              key={to}
              title={t('tickets.admin.confirmStatus', { status: t(`tickets.status.${to}`) })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => run(() => setTicketStatus(ticket.id, to), t('tickets.admin.statusSaved'))}
            >
              <Button
                type={to === 'closed' ? 'default' : 'primary'}
                danger={to === 'closed'}
                data-testid={`ticket-move-${to}`}
              >
                {t(`tickets.admin.moveTo.${to}`)}
              </Button>
            </Popconfirm>
          ))}
        </Space>
      )}
    </Flex>
  );
}
