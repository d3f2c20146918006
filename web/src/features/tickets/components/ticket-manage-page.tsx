import { type AdminTicketSummary, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import {
  Badge,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Input,
  Select,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListActions } from '../../../components/list-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { exportTickets, useAdminTickets, useTicketStaff } from '../api/admin-tickets';
import { dateRangeParams, formatTime, rangeDays, rangeValue } from '../lib/dates';
import { useCan } from '../lib/use-can';
import { useOpenTicket } from '../lib/use-open-ticket';
import { AdminTicketDrawer } from './admin-ticket-drawer';
import { SlaPanel } from './sla-panel';
import { Duration, PriorityTag, StatusTag } from './ticket-tags';

/** Spec §2 admin/ticket-manage: the queue with its filters in the URL, the SLA view, CSV export. */
export default function TicketManagePage() {
  const { t } = useTranslation();
  const can = useCan();
  const table = useUrlTable();
  const { filters } = table.query;
  const [openId, open] = useOpenTicket();
  const view = filters.view === 'sla' ? 'sla' : 'queue';
  const filterParams = {
    status: filters.status,
    priority: filters.priority,
    type: filters.type,
    assignee: filters.assignee,
    user: filters.user,
    keyword: filters.keyword,
    overdue: filters.overdue,
    ...dateRangeParams(filters),
  };
  const tickets = useAdminTickets({
    page: table.query.page,
    pageSize: table.query.pageSize,
    sortField: table.query.sortField,
    sortOrder: table.query.sortOrder,
    ...filterParams,
  });
  const staff = useTicketStaff(can('admin:ticket:assign'));
  const exporting = useMutation({ mutationFn: () => exportTickets(filterParams) });
  const { ticket: _open, view: _view, ...listFilters } = filters;
  const setFilter = (patch: Record<string, string | undefined>) =>
    table.setFilters({ ...listFilters, ...patch });
  const sortOrder = (field: string) =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;

  const columns: TableColumnsType<AdminTicketSummary> = [
    {
      title: t('tickets.fields.ticketNo'),
      dataIndex: 'ticketNo',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('ticketNo'),
      render: (value: string, r) => (
        <Badge dot={r.unread > 0} offset={[6, 0]}>
          <Typography.Link onClick={() => open(r.id)} data-testid={`admin-ticket-${r.id}`}>
            {value}
          </Typography.Link>
        </Badge>
      ),
    },
    { title: t('tickets.fields.title'), dataIndex: 'title', ellipsis: true, width: 220 },
    { title: t('tickets.fields.user'), dataIndex: 'username', width: 130 },
    {
      title: t('tickets.fields.type'),
      dataIndex: 'type',
      width: 100,
      render: (v: string) => t(`tickets.type.${v}`),
    },
    {
      title: t('tickets.fields.priority'),
      dataIndex: 'priority',
      width: 90,
      sorter: true,
      sortOrder: sortOrder('priority'),
      render: (v: AdminTicketSummary['priority']) => <PriorityTag priority={v} />,
    },
    {
      title: t('tickets.fields.status'),
      dataIndex: 'status',
      width: 130,
      render: (v: AdminTicketSummary['status'], r) => (
        <>
          <StatusTag status={v} />
          {r.overdue && <Tag color="red">{t('tickets.admin.overdue')}</Tag>}
        </>
      ),
    },
    {
      title: t('tickets.fields.assignee'),
      dataIndex: 'assigneeName',
      width: 110,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('tickets.fields.lastReply'),
      dataIndex: 'lastReplyAt',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('lastReplyAt'),
      render: formatTime,
    },
    {
      title: t('tickets.fields.duration'),
      dataIndex: 'durationMinutes',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('durationMinutes'),
      render: (m: number | null) => <Duration minutes={m} />,
    },
    {
      title: t('tickets.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: formatTime,
    },
  ];

  const queue = (
    <>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        {(
          [
            ['status', TICKET_STATUSES, 'tickets.status'],
            ['priority', TICKET_PRIORITIES, 'tickets.priority'],
            ['type', TICKET_TYPES, 'tickets.type'],
          ] as const
        ).map(([name, values, prefix]) => (
          <Select
            key={name}
            allowClear
            value={filters[name]}
            placeholder={t(`tickets.filters.${name}`)}
            onChange={(value?: string) => setFilter({ [name]: value })}
            options={values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }))}
            style={{ width: 130 }}
            data-testid={`ticket-filter-${name}`}
          />
        ))}
        <Select
          allowClear
          value={filters.assignee}
          placeholder={t('tickets.filters.assignee')}
          onChange={(assignee?: string) => setFilter({ assignee })}
          options={[
            { value: 'none', label: t('tickets.admin.unassigned') },
            ...(staff.data ?? []).map((s) => ({ value: String(s.userId), label: s.username })),
          ]}
          style={{ width: 150 }}
          data-testid="ticket-filter-assignee"
        />
        <Input.Search
          allowClear
          defaultValue={filters.user}
          placeholder={t('tickets.filters.user')}
          onSearch={(user) => setFilter({ user })}
          style={{ width: 180 }}
          data-testid="ticket-filter-user"
        />
        <Input.Search
          allowClear
          defaultValue={filters.keyword}
          placeholder={t('tickets.filters.keyword')}
          onSearch={(keyword) => setFilter({ keyword })}
          style={{ width: 200 }}
          data-testid="ticket-filter-keyword"
        />
        <DatePicker.RangePicker
          value={rangeValue(filters)}
          onChange={(value) => setFilter(rangeDays(value))}
        />
        <Checkbox
          checked={filters.overdue === 'true'}
          onChange={(e) => setFilter({ overdue: e.target.checked ? 'true' : undefined })}
          data-testid="ticket-filter-overdue"
        >
          {t('tickets.filters.overdue')}
        </Checkbox>
      </Flex>
      <DataTable<AdminTicketSummary>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tickets.data?.list}
        loading={tickets.isLoading}
        pagination={table.pagination(tickets.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        locale={{ emptyText: t('tickets.admin.empty') }}
        data-testid="admin-tickets-table"
      />
    </>
  );

  return (
    <Card
      title={t('tickets.admin.title')}
      extra={
        <ListActions
          list={tickets}
          exporting={can('admin:ticket:export') ? exporting : undefined}
          exportTestId="tickets-export"
        />
      }
    >
      <Tabs
        activeKey={view}
        onChange={(key) => table.setFilters({ ...listFilters, view: key === 'sla' ? 'sla' : undefined })}
        items={[
          { key: 'queue', label: t('tickets.admin.queue'), children: queue },
          {
            key: 'sla',
            label: t('tickets.sla.title'),
            children: <SlaPanel onShowOverdue={() => table.setFilters({ overdue: 'true' })} />,
          },
        ]}
      />
      <AdminTicketDrawer ticketId={openId} onClose={() => open(null)} />
    </Card>
  );
}
