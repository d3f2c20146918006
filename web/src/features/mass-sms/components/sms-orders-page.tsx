import { CAMPAIGN_STATUSES, type Campaign } from '@jiema/shared';
import type { ButtonProps } from 'antd';
import {
  Button,
  Card,
  Input,
  Popconfirm,
  Progress,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { useUrlTable } from '../../../lib/use-url-table';
import {
  cancelCampaign,
  exportCampaign,
  pauseCampaign,
  resumeCampaign,
  useCampaigns,
} from '../api/campaigns';
import { CAMPAIGNS_KEY, MESSAGES_KEY, QUOTA_KEY } from '../api/keys';
import { CampaignStatusTag } from './status-tags';
import { useMassSmsMutation } from './use-mass-sms-mutation';

/** Send orders: each campaign with counts by status and progress; pause, resume, cancel (refund), export. */
export default function SmsOrdersPage() {
  const { t } = useTranslation();
  const table = useUrlTable();
  const { filters } = table.query;
  const campaigns = useCampaigns(table.apiParams);
  const invalidate = [CAMPAIGNS_KEY, MESSAGES_KEY, QUOTA_KEY];
  const pause = useMassSmsMutation(pauseCampaign, { invalidate, success: t('mass-sms.orders.paused') });
  const resume = useMassSmsMutation(resumeCampaign, { invalidate, success: t('mass-sms.orders.resumed') });
  const cancel = useMassSmsMutation(cancelCampaign, { invalidate, success: t('mass-sms.orders.cancelled') });
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;

  const columns: TableColumnsType<Campaign> = [
    { title: 'ID', dataIndex: 'id', sorter: true, sortOrder: sortOrder('id'), width: 70 },
    {
      title: t('mass-sms.orders.name'),
      key: 'name',
      render: (_, c) => (
        <Space direction="vertical" size={0} style={{ maxWidth: 260 }}>
          <Typography.Text strong>{c.name || `#${c.id}`}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 260 }}>
            {c.content}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('mass-sms.orders.status'),
      dataIndex: 'status',
      sorter: true,
      sortOrder: sortOrder('status'),
      render: (status: Campaign['status'], c) => (
        <Space direction="vertical" size={2}>
          <span data-testid={`campaign-status-${c.id}`}>
            <CampaignStatusTag status={status} />
          </span>
          {c.scheduledAt && status === 'scheduled' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {new Date(c.scheduledAt).toLocaleString()}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('mass-sms.orders.progress'),
      key: 'progress',
      width: 220,
      render: (_, c) => (
        <Space direction="vertical" size={2} style={{ width: 200 }}>
          <Progress
            percent={Math.round(c.progress * 100)}
            size="small"
            status={c.status === 'sending' ? 'active' : c.counts.failed > 0 ? 'exception' : undefined}
          />
          <Space wrap size={2} data-testid={`campaign-counts-${c.id}`}>
            <Tag>
              {t('mass-sms.messageStatus.pending')} {c.counts.pending}
            </Tag>
            <Tag color="blue">
              {t('mass-sms.messageStatus.sent')} {c.counts.sent}
            </Tag>
            <Tag color="green">
              {t('mass-sms.messageStatus.delivered')} {c.counts.delivered}
            </Tag>
            <Tag color="red">
              {t('mass-sms.messageStatus.failed')} {c.counts.failed}
            </Tag>
          </Space>
        </Space>
      ),
    },
    { title: t('mass-sms.orders.total'), dataIndex: 'total', sorter: true, sortOrder: sortOrder('total') },
    {
      title: t('mass-sms.orders.cost'),
      key: 'cost',
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          <span>{c.amount} USDT</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('mass-sms.orders.segmentsFree', { segments: c.segments, free: c.freeSegments })}
          </Typography.Text>
          {(Number(c.refundedAmount) > 0 || c.refundedFreeSegments > 0) && (
            <Typography.Text type="success" style={{ fontSize: 12 }}>
              {t('mass-sms.orders.refunded', { amount: c.refundedAmount, free: c.refundedFreeSegments })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('mass-sms.orders.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (v: string) => new Date(v).toLocaleString(),
    },
    {
      title: t('mass-sms.actions'),
      key: 'actions',
      render: (_, c) => (
        <Space wrap size={4}>
          {(c.status === 'sending' || c.status === 'scheduled') && (
            <Button size="small" onClick={() => pause.mutate(c.id)} data-testid={`campaign-pause-${c.id}`}>
              {t('mass-sms.orders.pause')}
            </Button>
          )}
          {c.status === 'paused' && (
            <Button
              size="small"
              type="primary"
              onClick={() => resume.mutate(c.id)}
              data-testid={`campaign-resume-${c.id}`}
            >
              {t('mass-sms.orders.resume')}
            </Button>
          )}
          {(c.status === 'sending' || c.status === 'scheduled' || c.status === 'paused') && (
            <Popconfirm
              title={t('mass-sms.orders.cancelConfirm')}
              onConfirm={() => cancel.mutateAsync(c.id)}
              okButtonProps={{ 'data-testid': `campaign-cancel-ok-${c.id}` } as ButtonProps}
            >
              <Button size="small" danger data-testid={`campaign-cancel-${c.id}`}>
                {t('mass-sms.orders.cancel')}
              </Button>
            </Popconfirm>
          )}
          <Button size="small" onClick={() => exportCampaign(c.id)} data-testid={`campaign-export-${c.id}`}>
            {t('mass-sms.orders.export')}
          </Button>
          <Link to={`/dashboard/sms-send-history?campaignId=${c.id}`}>{t('mass-sms.orders.messages')}</Link>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('mass-sms.orders.title')} data-testid="sms-orders-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('mass-sms.orders.search')}
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
          style={{ width: 220 }}
        />
        <Select
          allowClear
          placeholder={t('mass-sms.orders.status')}
          value={filters.status}
          options={CAMPAIGN_STATUSES.map((value) => ({
            value,
            label: t(`mass-sms.campaignStatus.${value}`),
          }))}
          onChange={(status) => table.setFilters({ ...filters, status })}
          style={{ width: 140 }}
        />
      </Space>
      <DataTable<Campaign>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={campaigns.data?.list}
        loading={campaigns.isLoading}
        pagination={table.pagination(campaigns.data?.total)}
        onChange={(p, f, s) => table.onTableChange(p, f, s as SorterResult<unknown>)}
        scroll={{ x: 'max-content' }}
        data-testid="campaign-table"
      />
    </Card>
  );
}
