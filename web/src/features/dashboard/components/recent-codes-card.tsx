import type { RecentCode } from '@jiema/shared';
import { Card, Empty, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The caller's latest codes, newest first, with a link to the whole history. */
export function RecentCodesCard({ codes }: { codes: RecentCode[] | undefined }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  return (
    <Card
      title={t('dashboard.recentCodes')}
      size="small"
      extra={<Link to="/dashboard/jiema-history">{t('dashboard.allCodes')}</Link>}
      data-testid="overview-recent-codes"
    >
      {codes && codes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noCodes')} />
      ) : (
        <List
          size="small"
          loading={!codes}
          dataSource={codes ?? []}
          renderItem={(c) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Typography.Text copyable={{ text: c.code }} strong>
                    {c.code}
                  </Typography.Text>
                }
                description={`${(english ? c.applicationNameEn : c.applicationNameZh) ?? '-'} · ${c.phoneNumber}`}
              />
              <Typography.Text type="secondary">{dayjs(c.receivedAt).format('MM-DD HH:mm')}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
