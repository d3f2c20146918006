import { PlusOutlined } from '@ant-design/icons';
import { AD_PLACEMENTS, AD_STATUSES, type Ad, type AdStatus } from '@jiema/shared';
import {
  Button,
  Card,
  Image,
  Input,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteAd } from '../api/delete-ad';
import { useAds } from '../api/list-ads';
import { setAdEnabled } from '../api/set-ad-enabled';
import { AdFormModal } from './ad-form-modal';
import { useAdMutation } from './use-ad-mutation';
import { useCan } from './use-can';

const STATUS_COLORS: Record<AdStatus, string> = {
  running: 'green',
  scheduled: 'blue',
  ended: 'default',
  disabled: 'red',
};
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : null);

/** Admin: ads with image, link, placement, language and schedule; shown only while enabled and scheduled. */
export default function AdManagePage() {
  const { t } = useTranslation();
  const can = useCan();
  const table = useUrlTable();
  const { filters } = table.query;
  const ads = useAds(table.apiParams);
  const [editing, setEditing] = useState<Ad | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const canEdit = can('admin:ad:edit');

  const toggle = useAdMutation(setAdEnabled, t('ads.saved'));
  const remove = useAdMutation(deleteAd, t('ads.deleted'));
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;
  const openForm = (row: Ad | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const columns: TableColumnsType<Ad> = [
    {
      title: t('ads.fields.image'),
      dataIndex: 'imageUrl',
      width: 150,
      render: (url: string, row) => (
        <Image
          src={url}
          alt={row.title}
          width={128}
          height={48}
          style={{ objectFit: 'cover', borderRadius: 4 }}
        />
      ),
    },
    {
      title: t('ads.fields.title'),
      dataIndex: 'title',
      sorter: true,
      sortOrder: sortOrder('title'),
      render: (title: string, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{title}</Typography.Text>
          {row.linkUrl ? (
            <Typography.Link
              href={row.linkUrl}
              target="_blank"
              rel="noopener noreferrer"
              ellipsis
              style={{ maxWidth: 260, fontSize: 12 }}
            >
              {row.linkUrl}
            </Typography.Link>
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('ads.noLink')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('ads.fields.placement'),
      dataIndex: 'placement',
      sorter: true,
      sortOrder: sortOrder('placement'),
      render: (placement: Ad['placement'], row) => (
        <Space direction="vertical" size={2}>
          <Tag color="geekblue">{t(`ads.placements.${placement}`)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`ads.locales.${row.locale}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('ads.fields.schedule'),
      dataIndex: 'startsAt',
      sorter: true,
      sortOrder: sortOrder('startsAt'),
      render: (_: unknown, row) => (
        <Typography.Text style={{ fontSize: 12 }}>
          {time(row.startsAt) ?? t('ads.startNow')}
          <br />~ {time(row.endsAt) ?? t('ads.noEnd')}
        </Typography.Text>
      ),
    },
    {
      title: t('ads.fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: AdStatus) => (
        <Tag color={STATUS_COLORS[status]} data-testid="ad-status">
          {t(`ads.statuses.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('ads.fields.sortOrder'),
      dataIndex: 'sortOrder',
      sorter: true,
      sortOrder: sortOrder('sortOrder'),
      width: 80,
    },
    {
      title: t('ads.fields.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, row) =>
        canEdit ? (
          <Switch
            size="small"
            checked={enabled}
            loading={toggle.isPending && toggle.variables?.id === row.id}
            onChange={(next) => toggle.mutate({ id: row.id, enabled: next })}
            checkedChildren={t('ads.on')}
            unCheckedChildren={t('ads.off')}
            data-testid={`ad-enabled-${row.id}`}
          />
        ) : (
          <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('ads.on') : t('ads.off')}</Tag>
        ),
    },
    {
      title: t('ads.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          onEdit={canEdit ? () => openForm(row) : undefined}
          editLabel={t('ads.edit')}
          editTestId={`ad-edit-${row.id}`}
          onDelete={can('admin:ad:del') ? () => remove.mutateAsync(row.id) : undefined}
          deleteLabel={t('ads.delete')}
          deleteTestId={`ad-delete-${row.id}`}
          confirmTitle={t('ads.deleteConfirm')}
        />
      ),
    },
  ];

  return (
    <Card title={t('ads.title')} data-testid="ad-manage">
      <Typography.Paragraph type="secondary">{t('ads.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('ads.searchPlaceholder')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 220 }}
            data-testid="ad-search"
          />
          <Select
            allowClear
            placeholder={t('ads.fields.placement')}
            value={filters.placement}
            options={AD_PLACEMENTS.map((value) => ({ value, label: t(`ads.placements.${value}`) }))}
            onChange={(placement) => table.setFilters({ ...filters, placement })}
            style={{ width: 170 }}
          />
          <Select
            allowClear
            placeholder={t('ads.fields.status')}
            value={filters.status}
            options={AD_STATUSES.map((value) => ({ value, label: t(`ads.statuses.${value}`) }))}
            onChange={(status) => table.setFilters({ ...filters, status })}
            style={{ width: 130 }}
          />
        </Space>
        {can('admin:ad:add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="ad-add">
            {t('ads.add')}
          </Button>
        )}
      </Space>
      <DataTable<Ad>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={ads.data?.list}
        loading={ads.isFetching}
        pagination={table.pagination(ads.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="ad-table"
      />
      <AdFormModal open={formOpen} ad={editing} onClose={() => setFormOpen(false)} />
    </Card>
  );
}
