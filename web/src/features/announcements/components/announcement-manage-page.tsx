import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import type { Announcement } from '@jiema/shared';
import {
  Button,
  Card,
  Drawer,
  Input,
  Popconfirm,
  Select,
  Space,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementContent } from '../../../components/announcements/announcement-content';
import { DataTable } from '../../../components/data-table';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncements } from '../api/list-announcements';
import { setAnnouncementPinned } from '../api/set-announcement-pinned';
import { setAnnouncementPublished } from '../api/set-announcement-published';
import { AnnouncementFormModal } from './announcement-form-modal';
import { useAnnouncementMutation } from './use-announcement-mutation';
import { useCan } from './use-can';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** Admin: write, publish, pin and remove announcements; drafts are seen only here. */
export default function AnnouncementManagePage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const table = useUrlTable();
  const { filters } = table.query;
  const announcements = useAnnouncements(table.apiParams);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [previewing, setPreviewing] = useState<Announcement | null>(null);
  const canEdit = can('admin:announcement:edit');
  const english = i18n.language === 'en-US';

  const publish = useAnnouncementMutation(setAnnouncementPublished, t('announcements.saved'));
  const pin = useAnnouncementMutation(setAnnouncementPinned, t('announcements.saved'));
  const remove = useAnnouncementMutation(deleteAnnouncement, t('announcements.deleted'));
  const sortOrder = (field: string): SortOrder | undefined =>
    table.query.sortField === field ? (table.query.sortOrder ?? null) : null;
  const openForm = (row: Announcement | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const columns: TableColumnsType<Announcement> = [
    {
      title: t('announcements.fields.title'),
      dataIndex: 'titleZh',
      sorter: true,
      sortOrder: sortOrder('titleZh'),
      render: (_: string, row) => (
        <Space direction="vertical" size={0}>
          <Space size={4}>
            {row.pinned && <PushpinFilled style={{ color: '#fa541c' }} />}
            <Typography.Link onClick={() => setPreviewing(row)} data-testid={`announcement-title-${row.id}`}>
              {english && row.titleEn ? row.titleEn : row.titleZh}
            </Typography.Link>
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {english && row.titleEn ? row.titleZh : row.titleEn || t('announcements.noEnglish')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('announcements.fields.status'),
      dataIndex: 'published',
      sorter: true,
      sortOrder: sortOrder('published'),
      width: 110,
      render: (published: boolean) => (
        <Tag color={published ? 'green' : 'default'} data-testid="announcement-status">
          {published ? t('announcements.published') : t('announcements.draft')}
        </Tag>
      ),
    },
    {
      title: t('announcements.fields.publishedAt'),
      dataIndex: 'publishedAt',
      sorter: true,
      sortOrder: sortOrder('publishedAt'),
      width: 150,
      render: time,
    },
    {
      title: t('announcements.fields.readers'),
      dataIndex: 'readers',
      width: 100,
      align: 'right',
    },
    {
      title: t('announcements.fields.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      width: 150,
      render: time,
    },
    {
      title: t('announcements.actions'),
      key: 'actions',
      width: 330,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setPreviewing(row)}>
            {t('announcements.preview')}
          </Button>
          {canEdit && (
            <>
              <Button
                type="link"
                size="small"
                onClick={() => openForm(row)}
                data-testid={`announcement-edit-${row.id}`}
              >
                {t('announcements.edit')}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => publish.mutate({ id: row.id, published: !row.published })}
                data-testid={`announcement-publish-${row.id}`}
              >
                {row.published ? t('announcements.unpublish') : t('announcements.publish')}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => pin.mutate({ id: row.id, pinned: !row.pinned })}
              >
                {row.pinned ? t('announcements.unpin') : t('announcements.pin')}
              </Button>
            </>
          )}
          {can('admin:announcement:del') && (
            <Popconfirm
              title={t('announcements.deleteConfirm')}
              okButtonProps={{ danger: true }}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutateAsync(row.id)}
            >
              <Button type="link" size="small" danger>
                {t('announcements.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('announcements.title')} data-testid="announcement-manage">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('announcements.searchPlaceholder')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 240 }}
          />
          <Select
            allowClear
            placeholder={t('announcements.fields.status')}
            value={filters.published}
            options={[
              { value: 'true', label: t('announcements.published') },
              { value: 'false', label: t('announcements.draft') },
            ]}
            onChange={(published) => table.setFilters({ ...filters, published })}
            style={{ width: 120 }}
          />
          <Select
            allowClear
            placeholder={t('announcements.readFilter.label')}
            value={filters.read}
            options={[
              { value: '1', label: t('announcements.readFilter.all') },
              { value: '2', label: t('announcements.readFilter.unreadByAll') },
              { value: '3', label: t('announcements.readFilter.readBySome') },
            ]}
            onChange={(read) => table.setFilters({ ...filters, read })}
            style={{ width: 140 }}
            data-testid="announcements-admin-read-filter"
          />
        </Space>
        {can('admin:announcement:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openForm(null)}
            data-testid="announcement-add"
          >
            {t('announcements.add')}
          </Button>
        )}
      </Space>
      <DataTable<Announcement>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={announcements.data?.list}
        loading={announcements.isFetching}
        pagination={table.pagination(announcements.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="announcement-table"
      />
      <AnnouncementFormModal open={formOpen} announcement={editing} onClose={() => setFormOpen(false)} />
      <Drawer
        open={!!previewing}
        onClose={() => setPreviewing(null)}
        width={640}
        title={t('announcements.preview')}
        data-testid="announcement-preview"
      >
        {previewing && (
          <Tabs
            items={[
              {
                key: 'zh',
                label: t('announcements.chinese'),
                title: previewing.titleZh,
                html: previewing.contentZh,
              },
              ...(previewing.titleEn
                ? [{ key: 'en', label: 'English', title: previewing.titleEn, html: previewing.contentEn }]
                : []),
            ].map(({ key, label, title, html }) => ({
              key,
              label,
              children: (
                <>
                  <Typography.Title level={4} style={{ marginTop: 0 }}>
                    {title}
                  </Typography.Title>
                  <AnnouncementContent html={html} />
                </>
              ),
            }))}
          />
        )}
      </Drawer>
    </Card>
  );
}
