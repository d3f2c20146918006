import type { TicketPriority, TicketStatus } from '@jiema/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<TicketStatus, string> = {
  pending: 'gold',
  processing: 'blue',
  completed: 'green',
  closed: 'default',
};
const PRIORITY_COLORS: Record<TicketPriority, string> = {
  low: 'default',
  normal: 'cyan',
  high: 'orange',
  urgent: 'red',
};

export function StatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="ticket-status">
      {t(`tickets.status.${status}`)}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`tickets.priority.${priority}`)}</Tag>;
}

/** "1 h 35 min" / "35 min". */
export function Duration({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  if (minutes === null) return <>-</>;
  const hours = Math.floor(minutes / 60);
  return (
    <>
      {hours
        ? t('tickets.duration.hours', { hours, minutes: minutes % 60 })
        : t('tickets.duration.minutes', { minutes })}
    </>
  );
}
