import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { filterMenu, MENU, type MenuEntry, resolveIconUrl, sidebarEntries } from '@jiema/shared';
import { Avatar, Button, Dropdown, Layout, Menu, type MenuProps, Space, Typography } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoading } from '../../components/page-loading';
import { refreshUser } from '../../features/auth/api/get-current-user';
import { logout } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session-store';
import { MENU_BADGES } from '../menu-badges';
import { MENU_ICONS } from '../menu-icons';

const USER_POLL_MS = 60_000;

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[], t: (key: string) => string): MenuItem[] {
  return entries.map((entry) => {
    const icon = entry.icon ? MENU_ICONS[entry.icon] : undefined;
    const MenuBadge = MENU_BADGES[entry.key];
    const label = MenuBadge ? (
      <span key={entry.key}>
        {t(`menu.${entry.titleKey}`)}
        <MenuBadge />
      </span>
    ) : (
      t(`menu.${entry.titleKey}`)
    );
    if (entry.children?.length) {
      return { key: entry.key, icon, label, children: toItems(entry.children, t) };
    }
    return { key: entry.path ?? entry.key, icon, label };
  });
}

function findTrail(entries: readonly MenuEntry[], path: string, trail: MenuEntry[] = []): MenuEntry[] | null {
  for (const entry of entries) {
    if (entry.path === path) return [...trail, entry];
    const found = entry.children && findTrail(entry.children, path, [...trail, entry]);
    if (found) return found;
  }
  return null;
}

export function DashboardLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const user = session.user!;

  const menu = useMemo(
    () => filterMenu(MENU, { userType: session.userType!, permissions: session.permissions ?? [] }),
    [session.userType, session.permissions],
  );
  const items = useMemo(() => toItems(sidebarEntries(menu), t), [menu, t]);
  const trail = findTrail(MENU, pathname) ?? [];
  const parentKeys = trail.slice(0, -1).map((e) => e.key);
  const [openKeys, setOpenKeys] = useState<string[]>(parentKeys);

  // A page reached by a link or the user menu opens its group, so the sidebar shows where the user is.
  const parentKeysOfPath = parentKeys.join(' ');
  useEffect(() => {
    if (parentKeysOfPath) setOpenKeys((open) => [...new Set([...open, ...parentKeysOfPath.split(' ')])]);
  }, [parentKeysOfPath]);

  // Keeps the balance and profile fresh; a polling request never toasts or logs out (spec §4).
  useEffect(() => {
    const timer = setInterval(
      () => void refreshUser({ isPolling: true }).catch(() => undefined),
      USER_POLL_MS,
    );
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    document.title = `${trail.map((e) => t(`menu.${e.titleKey}`)).at(-1) ?? t('common.appName')} - ${t('common.appName')}`;
  }, [trail, t]);

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={232}
        breakpoint="lg"
        onBreakpoint={setCollapsed}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            padding: '0 16px',
          }}
        >
          <Brand to="/dashboard" light />
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => navigate(key)}
          data-testid="sidebar"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={t('common.toggleMenu')}
            />
            <Typography.Text strong>{trail.map((e) => t(`menu.${e.titleKey}`)).join(' / ')}</Typography.Text>
          </Space>
          <Space size="middle">
            <Typography.Text type="secondary" data-testid="header-balance">
              {t('common.balance')}: {user.balance} USDT
            </Typography.Text>
            <LanguageSwitch />
            <Dropdown
              menu={{
                items: [
                  { key: '/dashboard/user/profile', icon: <UserOutlined />, label: t('menu.profile') },
                  { key: '/dashboard/user/security', icon: <SafetyOutlined />, label: t('menu.security') },
                  { type: 'divider' },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('common.logout') },
                ],
                onClick: ({ key }) => (key === 'logout' ? void handleLogout() : navigate(key)),
              }}
            >
              <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
                <Avatar
                  src={resolveIconUrl(user.iconPath) || undefined}
                  icon={<UserOutlined />}
                  size="small"
                />
                <span>{user.nickName || user.username}</span>
              </Space>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
