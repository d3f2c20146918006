import { NotificationOutlined, PushpinFilled } from '@ant-design/icons';
import { Badge, Card, Drawer, Empty, List, Result, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AnnouncementContent } from './announcement-content';
import { usePublishedAnnouncement } from './get-published-announcement';
import { usePublishedAnnouncements } from './list-published-announcements';

const PARAM = 'announcement';
const PAGE_SIZE = 5;

/** `?announcement=<id>` as a positive id, or null. */
const idFrom = (value: string | null) =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** One announcement in a drawer; a missing or unpublished one shows spec §8's "announcement details not found". */
function AnnouncementDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePublishedAnnouncement(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={640}
      title={t('announcements.detailTitle')}
      data-testid="announcement-drawer"
    >
      {detail.isLoading && <Skeleton active />}
      {detail.isError && (
        <Result status="404" subTitle={t('announcements.notFound')} data-testid="announcement-not-found" />
      )}
      {detail.data && (
        <>
          <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="announcement-drawer-title">
            {detail.data.pinned && <PushpinFilled style={{ color: '#fa541c', marginRight: 8 }} />}
            {detail.data.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {dayjs(detail.data.publishedAt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
          <div style={{ marginTop: 16 }}>
            <AnnouncementContent html={detail.data.content} />
          </div>
        </>
      )}
    </Drawer>
  );
}

/** The latest announcements for every signed-in user (pinned first); each opens in a deep-linkable drawer. */
export function AnnouncementsCard() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [read, setRead] = useState<'1' | '2' | '3'>('1');
  const announcements = usePublishedAnnouncements({ page, pageSize: PAGE_SIZE, read });
  const openId = idFrom(params.get(PARAM));
  const hasParam = params.has(PARAM);

  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete(PARAM);
    else next.set(PARAM, String(id));
    setParams(next, { replace: id === null });
  };

  return (
    <Card
      title={
        <Space>
          <NotificationOutlined />
          {t('announcements.cardTitle')}
        </Space>
      }
      extra={
        <Segmented
          size="small"
          value={read}
          onChange={(value) => {
            setRead(value as '1' | '2' | '3');
            setPage(1);
          }}
          options={[
            { value: '1', label: t('announcements.readFilter.all') },
            { value: '2', label: t('announcements.readFilter.unread') },
            { value: '3', label: t('announcements.readFilter.read') },
          ]}
          data-testid="announcements-read-filter"
        />
      }
      data-testid="announcements-card"
    >
      {announcements.data && announcements.data.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('announcements.none')} />
      ) : (
        <List
          size="small"
          loading={announcements.isLoading}
          dataSource={announcements.data?.list ?? []}
          pagination={
            (announcements.data?.total ?? 0) > PAGE_SIZE
              ? {
                  current: page,
                  pageSize: PAGE_SIZE,
                  total: announcements.data?.total,
                  size: 'small',
                  onChange: setPage,
                }
              : false
          }
          renderItem={(item) => (
            <List.Item
              style={{ cursor: 'pointer', paddingInline: 0 }}
              onClick={() => open(item.id)}
              extra={
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {dayjs(item.publishedAt).format('YYYY-MM-DD')}
                </Typography.Text>
              }
              data-testid={`announcement-item-${item.id}`}
            >
              <Space size={6} style={{ minWidth: 0 }}>
                {item.readCount === 0 && (
                  <Badge
                    status="processing"
                    title={t('announcements.readFilter.unread')}
                    data-testid="announcement-unread"
                  />
                )}
                {item.pinned && (
                  <Tag color="volcano" icon={<PushpinFilled />} style={{ marginInlineEnd: 0 }}>
                    {t('announcements.pinnedTag')}
                  </Tag>
                )}
                <Typography.Text ellipsis style={{ maxWidth: 520 }}>
                  {item.title}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <AnnouncementDrawer id={hasParam ? (openId ?? -1) : null} onClose={() => open(null)} />
    </Card>
  );
}
