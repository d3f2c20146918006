import { Button, Layout, Menu, Space, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoading } from '../../components/page-loading';
import { useSession } from '../../lib/session-store';

const NAV = ['home', 'pricing', 'docs', 'about', 'contact'] as const;

export function PublicLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { token } = useSession();
  return (
    <Layout style={{ minHeight: '100vh', background: '#fff' }}>
      <Layout.Header
        style={{
          background: '#fff',
          display: 'flex',
          alignItems: 'center',
          gap: 24,
          borderBottom: '1px solid #f0f0f0',
          padding: '0 24px',
        }}
      >
        <Brand />
        <Menu
          mode="horizontal"
          selectedKeys={[pathname]}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
          items={NAV.map((key) => ({ key: `/${key}`, label: t(`public.nav.${key}`) }))}
          onClick={({ key }) => navigate(key)}
        />
        <Space>
          <LanguageSwitch />
          {token ? (
            <Button type="primary" onClick={() => navigate('/dashboard')}>
              {t('public.nav.console')}
            </Button>
          ) : (
            <>
              <Button onClick={() => navigate('/login')}>{t('auth.login.submit')}</Button>
              <Button type="primary" onClick={() => navigate('/register')}>
                {t('auth.register.submit')}
              </Button>
            </>
          )}
        </Space>
      </Layout.Header>
      <Layout.Content>
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
