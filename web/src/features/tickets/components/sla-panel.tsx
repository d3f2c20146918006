import type { TicketSlaRow } from '@jiema/shared';
import { type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useTicketSla } from '../api/admin-tickets';
import { Duration, PriorityTag } from './ticket-tags';

/** Service targets per priority (shared TICKET_SLA_MINUTES) and how the tickets stand against them. */
export function SlaPanel({ onShowOverdue }: { onShowOverdue: () => void }) {
  const { t } = useTranslation();
  const sla = useTicketSla(true);
  const over = (n: number) => (n > 0 ? <Typography.Text type="danger">{n}</Typography.Text> : n);
  const columns: TableColumnsType<TicketSlaRow> = [
    {
      title: t('tickets.fields.priority'),
      dataIndex: 'priority',
      render: (p: TicketSlaRow['priority']) => <PriorityTag priority={p} />,
    },
    {
      title: t('tickets.sla.responseTarget'),
      dataIndex: 'responseTargetMinutes',
      render: (m: number) => <Duration minutes={m} />,
    },
    {
      title: t('tickets.sla.resolutionTarget'),
      dataIndex: 'resolutionTargetMinutes',
      render: (m: number) => <Duration minutes={m} />,
    },
    { title: t('tickets.sla.open'), dataIndex: 'open' },
    { title: t('tickets.sla.overResponse'), dataIndex: 'overResponse', render: over },
    { title: t('tickets.sla.overResolution'), dataIndex: 'overResolution', render: over },
    { title: t('tickets.sla.completed'), dataIndex: 'completed' },
    {
      title: t('tickets.sla.metRate'),
      dataIndex: 'metRate',
      render: (rate: number | null) => (rate === null ? '-' : `${Math.round(rate * 100)}%`),
    },
    {
      title: t('tickets.sla.avgDuration'),
      dataIndex: 'avgDurationMinutes',
      render: (m: number | null) => <Duration minutes={m} />,
    },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('tickets.sla.intro')}{' '}
        <Typography.Link onClick={onShowOverdue}>{t('tickets.sla.showOverdue')}</Typography.Link>
      </Typography.Paragraph>
      <DataTable<TicketSlaRow>
        rowKey="priority"
        size="middle"
        columns={columns}
        dataSource={sla.data}
        loading={sla.isLoading}
        pagination={false}
        data-testid="ticket-sla-table"
      />
    </>
  );
}
