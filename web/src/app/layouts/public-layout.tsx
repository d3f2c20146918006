import { MenuOutlined } from '@ant-design/icons';
import { PUBLIC_PAGES } from '@jiema/shared';
import { Button, Drawer, Grid, Layout, Menu, Space, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoading } from '../../components/page-loading';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session-store';

const NAV = ['home', 'pricing', 'docs', 'about', 'contact'] as const;

export function PublicLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { token } = useSession();
  // Below antd's `md` the navigation and the account buttons move into a drawer behind a menu button.
  const isPhone = !Grid.useBreakpoint().md;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const current = PUBLIC_PAGES.find((page) => matchPath(page.path, pathname));
  usePageTitle(current ? t(current.titleKey) : undefined);

  const go = (to: string) => {
    setDrawerOpen(false);
    navigate(to);
  };
  const navItems = NAV.map((key) => ({ key: `/${key}`, label: t(`public.nav.${key}`) }));
  const accountButtons = token ? (
    <Button type="primary" block={isPhone} onClick={() => go('/dashboard')}>
      {t('public.nav.console')}
    </Button>
  ) : (
    <>
      <Button block={isPhone} onClick={() => go('/login')}>
        {t('auth.login.submit')}
      </Button>
      <Button type="primary" block={isPhone} onClick={() => go('/register')}>
        {t('auth.register.submit')}
      </Button>
    </>
  );

  return (
    <Layout style={{ minHeight: '100vh', background: '#fff' }}>
      <Layout.Header
        style={{
          background: '#fff',
          display: 'flex',
          alignItems: 'center',
          gap: isPhone ? 8 : 24,
          borderBottom: '1px solid #f0f0f0',
          padding: isPhone ? '0 12px' : '0 24px',
        }}
      >
        <Brand />
        {isPhone ? (
          <>
            <span style={{ flex: 1 }} />
            <LanguageSwitch compact />
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('common.openMenu')}
              onClick={() => setDrawerOpen(true)}
              data-testid="public-menu-toggle"
            />
            <Drawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              placement="right"
              size={280}
              title={t('common.appName')}
              data-testid="public-menu-drawer"
            >
              <Menu
                mode="inline"
                selectedKeys={[pathname]}
                items={navItems}
                onClick={({ key }) => go(key)}
                style={{ borderInlineEnd: 'none' }}
              />
              <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
                {accountButtons}
              </Space>
            </Drawer>
          </>
        ) : (
          <>
            <Menu
              mode="horizontal"
              selectedKeys={[pathname]}
              style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
              items={navItems}
              onClick={({ key }) => navigate(key)}
            />
            <Space>
              <LanguageSwitch />
              {accountButtons}
            </Space>
          </>
        )}
      </Layout.Header>
      <Layout.Content data-testid="page-content" data-path={pathname} style={{ minWidth: 0 }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', background: '#fafafa' }}>
        <Space split="·" wrap>
          <Typography.Text type="secondary">
            © {new Date().getFullYear()} {t('common.appName')}
          </Typography.Text>
          <Link to="/about">{t('public.nav.about')}</Link>
          <Link to="/contact">{t('public.nav.contact')}</Link>
          <Link to="/docs">{t('public.nav.docs')}</Link>
        </Space>
      </Layout.Footer>
    </Layout>
  );
}
