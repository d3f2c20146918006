import { filterMenu, MENU, type MenuEntry, sidebarEntries } from '@jiema/shared';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { AdBanner } from '../../ads/components/ad-banner';
import { AnnouncementsCard } from '../../announcements/components/announcements-card';

const leaves = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e) =>
    e.children?.length ? leaves(e.children) : e.path && e.key !== 'overview' ? [e] : [],
  );

/** The dashboard home: who you are, your balance, and shortcuts to what you may open. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.user!;
  const shortcuts = leaves(
    sidebarEntries(filterMenu(MENU, { userType: session.userType!, permissions: session.permissions ?? [] })),
  ).slice(0, 12);
  return (
    <>
      <AdBanner placement="dashboard_banner" height={120} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {t('dashboard.welcome', { name: user.nickName || user.username })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {user.lastLoginTime
                ? t('dashboard.lastLogin', {
                    time: dayjs(user.lastLoginTime).format('YYYY-MM-DD HH:mm'),
                    ip: user.lastLoginIp ?? '-',
                  })
                : t('dashboard.firstLogin')}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('common.balance')}
              value={user.balance}
              suffix="USDT"
              data-testid="overview-balance"
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('profile.fields.points')} value={user.points} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('profile.fields.userType')} value={t(`common.userType.${user.userType}`)} />
          </Card>
        </Col>
        <Col span={24}>
          <AnnouncementsCard />
        </Col>
        <Col span={24}>
          <Card title={t('dashboard.shortcuts')}>
            <Row gutter={[12, 12]}>
              {shortcuts.map((entry) => (
                <Col key={entry.key} xs={12} sm={8} md={6} lg={4}>
                  <Link to={entry.path!}>
                    <Card size="small" hoverable style={{ textAlign: 'center' }}>
                      {t(`menu.${entry.titleKey}`)}
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </>
  );
}
