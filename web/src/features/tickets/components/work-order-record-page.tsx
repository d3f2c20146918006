import { TICKET_STATUSES, type TicketSummary } from '@jiema/shared';
import { Badge, Button, Card, Select, Space, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { ListActions } from '../../../components/list-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { useMyTickets } from '../api/my-tickets';
import { formatTime } from '../lib/dates';
import { useOpenTicket } from '../lib/use-open-ticket';
import { MyTicketDrawer } from './my-ticket-drawer';
import { PriorityTag, StatusTag } from './ticket-tags';

/** Spec §2 work-order-record: the customer's tickets with status and last reply; one opens in a drawer. */
export default function WorkOrderRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useUrlTable();
  const { filters } = table.query;
  const [openId, open] = useOpenTicket();
  const tickets = useMyTickets({
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    status: filters.status,
  });

  const columns: TableColumnsType<TicketSummary> = [
    {
      title: t('tickets.fields.ticketNo'),
      dataIndex: 'ticketNo',
      width: 170,
      render: (value: string, r) => (
        <Badge dot={r.unread > 0} offset={[6, 0]}>
          <Typography.Link onClick={() => open(r.id)} data-testid={`my-ticket-${r.id}`}>
            {value}
          </Typography.Link>
        </Badge>
      ),
    },
    { title: t('tickets.fields.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('tickets.fields.type'),
      dataIndex: 'type',
      width: 110,
      render: (v: string) => t(`tickets.type.${v}`),
    },
    {
      title: t('tickets.fields.priority'),
      dataIndex: 'priority',
      width: 90,
      render: (v: TicketSummary['priority']) => <PriorityTag priority={v} />,
    },
    {
      title: t('tickets.fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: TicketSummary['status']) => <StatusTag status={v} />,
    },
    {
      title: t('tickets.fields.lastReply'),
      dataIndex: 'lastReplyAt',
      width: 250,
      sorter: true,
      render: (v: string | null, r) =>
        v ? (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            {formatTime(v)}
            <Typography.Text type="secondary">
              ({t(r.lastReplySide === 'staff' ? 'tickets.fields.bySupport' : 'tickets.fields.byMe')})
            </Typography.Text>
            {r.unread > 0 && <Badge count={r.unread} size="small" />}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('tickets.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      sorter: true,
      render: formatTime,
    },
  ];

  return (
    <Card
      title={t('tickets.records.title')}
      extra={
        <Space>
          <ListActions list={tickets} />
          <Button type="primary" onClick={() => navigate('/dashboard/work-order')}>
            {t('tickets.records.new')}
          </Button>
        </Space>
      }
    >
      <Select
        allowClear
        value={filters.status}
        placeholder={t('tickets.filters.status')}
        onChange={(status?: string) => table.setFilters({ status })}
        options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`tickets.status.${s}`) }))}
        style={{ width: 160, marginBottom: 16 }}
        data-testid="my-tickets-status-filter"
      />
      <DataTable<TicketSummary>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tickets.data?.list}
        loading={tickets.isLoading}
        pagination={table.pagination(tickets.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('tickets.records.empty') }}
        data-testid="my-tickets-table"
      />
      <MyTicketDrawer ticketId={openId} onClose={() => open(null)} />
    </Card>
  );
}
