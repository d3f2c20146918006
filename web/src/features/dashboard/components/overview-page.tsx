import { ShoppingCartOutlined } from '@ant-design/icons';
import { filterMenu, hasPermission, MENU, type MenuEntry, sidebarEntries } from '@jiema/shared';
import { Button, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdBanner } from '../../../components/ad-banner';
import { AnnouncementsCard } from '../../../components/announcements/announcements-card';
import { useSession } from '../../../lib/session-store';
import { useOverview } from '../api/get-overview';
import { AdminOverviewSection } from './admin-overview';
import { RecentCodesCard } from './recent-codes-card';
import { SetupChecklist } from './setup-checklist';

const leaves = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e) =>
    e.children?.length ? leaves(e.children) : e.path && e.key !== 'overview' ? [e] : [],
  );

/**
 * The dashboard home: your balance, rentals and codes, announcements and a quick way to buy; for
 * administrators also today's business, the stock by country and the gateways' health.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.user!;
  const overview = useOverview();
  const subject = { userType: session.userType!, permissions: session.permissions ?? [] };
  const shortcuts = leaves(sidebarEntries(filterMenu(MENU, subject))).slice(0, 12);
  const mayBuy = hasPermission(subject, 'api:store');
  return (
    <>
      <AdBanner placement="dashboard_banner" height={120} style={{ marginBottom: 16 }} />
      <SetupChecklist />
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
              value={overview.data?.balance ?? user.balance}
              suffix="USDT"
              data-testid="overview-balance"
            />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card>
            <Statistic
              title={t('dashboard.activeRentals')}
              value={overview.data?.activeRentals ?? '-'}
              data-testid="overview-active-rentals"
            />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card>
            <Statistic
              title={t('dashboard.codesToday')}
              value={overview.data?.codesToday ?? '-'}
              data-testid="overview-codes-today"
            />
          </Card>
        </Col>
        {overview.data?.admin && (
          <Col span={24}>
            <AdminOverviewSection data={overview.data.admin} />
          </Col>
        )}
        {mayBuy && (
          <Col xs={24} lg={8}>
            <Card title={t('dashboard.quickBuy')} size="small" data-testid="overview-quick-buy">
              <Typography.Paragraph type="secondary">{t('dashboard.quickBuyHint')}</Typography.Paragraph>
              <Space wrap>
                <Link to="/dashboard/api-store">
                  <Button type="primary" icon={<ShoppingCartOutlined />}>
                    {t('dashboard.buyNumber')}
                  </Button>
                </Link>
                <Link to="/dashboard/api-manage">
                  <Button>{t('dashboard.myRentals')}</Button>
                </Link>
              </Space>
            </Card>
          </Col>
        )}
        <Col xs={24} lg={mayBuy ? 16 : 24}>
          <RecentCodesCard codes={overview.data?.recentCodes} />
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
