import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { filterMenu, MENU, type MenuEntry, resolveIconUrl, sidebarEntries } from '@jiema/shared';
import {
  Avatar,
  Button,
  Drawer,
  Dropdown,
  Grid,
  Layout,
  Menu,
  type MenuProps,
  Space,
  Typography,
} from 'antd';
import { Fragment, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { Brand } from '../../components/brand';
import { ForbiddenResult } from '../../components/forbidden-result';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoading } from '../../components/page-loading';
import { logout } from '../../features/auth/api/logout';
import { refreshUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/page-title';
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
      // A fragment, not a span: antd then wraps it in its title-content span as it does a text label.
      <Fragment key={entry.key}>
        {t(`menu.${entry.titleKey}`)}
        <MenuBadge />
      </Fragment>
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

/** Set by the route guard when the user may not open the page: the layout then shows the 403 in its place. */
export type DashboardOutletContext = { forbidden?: boolean };

/** Below this width (antd's `md`) the sidebar is a drawer behind a menu button. */
const usePhoneLayout = () => !Grid.useBreakpoint().md;

export function DashboardLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const guard = useOutletContext<DashboardOutletContext | undefined>();
  const session = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isPhone = usePhoneLayout();
  // On a phone the header keeps the language and the user menu; the balance would push it past the screen.
  const isNarrow = !Grid.useBreakpoint().sm;
  const user = session.user!;

  const menu = useMemo(
    () => filterMenu(MENU, { userType: session.userType!, permissions: session.permissions ?? [] }),
    [session.userType, session.permissions],
  );
  const items = useMemo(() => toItems(sidebarEntries(menu), t), [menu, t]);
  const trail = findTrail(MENU, pathname) ?? [];
  const trailTitles = trail.map((e) => t(`menu.${e.titleKey}`));
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

  usePageTitle(trailTitles.at(-1));

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const sidebarMenu = (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      openKeys={collapsed && !isPhone ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        setDrawerOpen(false);
        navigate(key);
      }}
      data-testid="sidebar"
    />
  );
  const brandBar = (
    <div
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '0 16px',
      }}
    >
      <Brand to="/dashboard" light compact={collapsed && !isPhone} />
    </div>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isPhone ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={256}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
          data-testid="menu-drawer"
        >
          {brandBar}
          {sidebarMenu}
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={232}
          breakpoint="lg"
          onBreakpoint={setCollapsed}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          {brandBar}
          {sidebarMenu}
        </Layout.Sider>
      )}
      {/* minWidth 0: a wide table scrolls inside itself instead of widening the page. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            padding: isPhone ? '0 8px' : '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Button
            type="text"
            icon={isPhone ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => (isPhone ? setDrawerOpen(true) : setCollapsed(!collapsed))}
            aria-label={t(isPhone ? 'common.openMenu' : 'common.toggleMenu')}
            data-testid="menu-toggle"
          />
          <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }} data-testid="page-trail">
            {(isPhone ? trailTitles.slice(-1) : trailTitles).join(' / ')}
          </Typography.Text>
          <Space size={isPhone ? 'small' : 'middle'} style={{ flexShrink: 0 }}>
            <Typography.Text type="secondary" data-testid="header-balance" hidden={isNarrow}>
              {t('common.balance')}: {user.balance} USDT
            </Typography.Text>
            <LanguageSwitch compact={isPhone} />
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
                {!isNarrow && (
                  <span
                    style={{
                      display: 'inline-block',
                      maxWidth: 160,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                      verticalAlign: 'middle',
                    }}
                  >
                    {user.nickName || user.username}
                  </span>
                )}
              </Space>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content
          style={{ margin: isPhone ? 8 : 16, minWidth: 0 }}
          data-testid="page-content"
          data-path={pathname}
        >
          <Suspense fallback={<PageLoading />}>
            {guard?.forbidden ? <ForbiddenResult /> : <Outlet />}
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
