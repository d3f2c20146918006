import { DownloadOutlined } from '@ant-design/icons';
import { OUTBOUND_STATUSES, type OutboundMessage } from '@jiema/shared';
import { Button, Card, DatePicker, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useUrlTable } from '../../../lib/use-url-table';
import { useConnectorNames } from '../api/connector-names';
import { exportMessages, useOutboundMessages } from '../api/messages';
import { MessageStatusTag } from './status-tags';

const time = (v: string | null) => (v ? new Date(v).toLocaleString() : '-');

/** Every message sent: number, text, segments, status, connector, times, error; filters kept in the URL. */
export default function SmsSendHistoryPage() {
  const { t } = useTranslation();
  const table = useUrlTable();
  const { filters } = table.query;
  const messages = useOutboundMessages(table.apiParams);
  const connectors = useConnectorNames();
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;

  const columns: TableColumnsType<OutboundMessage> = [
    { title: t('mass-sms.history.phone'), dataIndex: 'phone', sorter: true, sortOrder: sortOrder('phone') },
    {
      title: t('mass-sms.history.text'),
      dataIndex: 'text',
      render: (text: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, expandable: true }}
          style={{ maxWidth: 280, marginBottom: 0 }}
        >
          {text}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('mass-sms.history.segments'),
      dataIndex: 'segments',
      render: (segments: number, m) => (
        <Space size={2}>
          <Tag color={m.encoding === 'gsm7' ? 'blue' : 'orange'}>
            {m.encoding === 'gsm7' ? 'GSM-7' : 'UCS-2'}
          </Tag>
          {segments}
        </Space>
      ),
    },
    {
      title: t('mass-sms.history.status'),
      dataIndex: 'status',
      sorter: true,
      sortOrder: sortOrder('status'),
      render: (status: OutboundMessage['status'], m) => (
        <Space direction="vertical" size={0}>
          <span data-testid={`message-status-${m.id}`}>
            <MessageStatusTag status={status} />
          </span>
          {m.refunded && (
            <Typography.Text type="success" style={{ fontSize: 12 }}>
              {t('mass-sms.history.refunded')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('mass-sms.history.connector'),
      dataIndex: 'connectorName',
      render: (v: string | null) => v ?? '-',
    },
    { title: t('mass-sms.history.campaign'), dataIndex: 'campaignId' },
    {
      title: t('mass-sms.history.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: time,
    },
    {
      title: t('mass-sms.history.submittedAt'),
      dataIndex: 'submittedAt',
      sorter: true,
      sortOrder: sortOrder('submittedAt'),
      render: time,
    },
    {
      title: t('mass-sms.history.doneAt'),
      dataIndex: 'doneAt',
      sorter: true,
      sortOrder: sortOrder('doneAt'),
      render: time,
    },
    {
      title: t('mass-sms.history.error'),
      dataIndex: 'error',
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '-'),
    },
  ];

  return (
    <Card
      title={t('mass-sms.history.title')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => exportMessages(table.apiParams)}
          data-testid="history-export"
        >
          {t('mass-sms.orders.export')}
        </Button>
      }
      data-testid="sms-send-history-page"
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('mass-sms.history.phone')}
          defaultValue={filters.phone}
          onSearch={(phone) => table.setFilters({ ...filters, phone })}
          style={{ width: 180 }}
          data-testid="history-phone"
        />
        <Select
          allowClear
          placeholder={t('mass-sms.history.status')}
          value={filters.status}
          options={OUTBOUND_STATUSES.map((value) => ({ value, label: t(`mass-sms.messageStatus.${value}`) }))}
          onChange={(status) => table.setFilters({ ...filters, status })}
          style={{ width: 130 }}
          data-testid="history-status"
        />
        {connectors.length > 0 && (
          <Select
            allowClear
            placeholder={t('mass-sms.history.connector')}
            value={filters.connectorId ? Number(filters.connectorId) : undefined}
            options={connectors.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(connectorId) => table.setFilters({ ...filters, connectorId })}
            style={{ width: 160 }}
          />
        )}
        <Input
          allowClear
          placeholder={t('mass-sms.history.campaign')}
          defaultValue={filters.campaignId}
          onPressEnter={(e) =>
            table.setFilters({
              ...filters,
              campaignId: (e.target as HTMLInputElement).value.replace(/\D/g, ''),
            })
          }
          style={{ width: 120 }}
          data-testid="history-campaign"
        />
        <DatePicker.RangePicker
          value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
          onChange={(range) =>
            table.setFilters({
              ...filters,
              from: range?.[0]?.startOf('day').toISOString(),
              to: range?.[1]?.endOf('day').toISOString(),
            })
          }
        />
      </Space>
      <DataTable<OutboundMessage>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={messages.data?.list}
        loading={messages.isLoading}
        pagination={table.pagination(messages.data?.total)}
        onChange={(p, f, s) => table.onTableChange(p, f, s as SorterResult<unknown>)}
        scroll={{ x: 'max-content' }}
        data-testid="history-table"
      />
    </Card>
  );
}
