import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadSession } from '../lib/current-user';
import { decideRoute } from '../lib/route-access';
import { useSession } from '../lib/session-store';
import type { DashboardOutletContext } from './layouts/dashboard-layout';

const FORBIDDEN: DashboardOutletContext = { forbidden: true };

/**
 * The route guard of spec §2 for everything that needs a login: no token or no loadable user
 * info sends the visitor to /login?redirect=<wanted path>; a dashboard child the menu does not
 * allow shows 403 inside the dashboard layout.
 */
export function RequireAuth() {
  const location = useLocation();
  const session = useSession();
  const [loadFailed, setLoadFailed] = useState(false);
  const loaded = !!session.user && !!session.permissions && session.userType !== null;
  const decision = decideRoute({
    path: location.pathname,
    search: location.search,
    hasToken: !!session.token,
    userState: loadFailed ? 'failed' : loaded ? 'loaded' : 'loading',
    subject: loaded ? { userType: session.userType!, permissions: session.permissions! } : null,
  });

  useEffect(() => {
    if (decision.action !== 'load-user') return;
    let cancelled = false;
    loadSession().catch(() => {
      if (!cancelled) setLoadFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [decision.action]);

  switch (decision.action) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'load-user':
      return (
        <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
          <Spin size="large" />
        </div>
      );
    case 'forbidden':
      // The dashboard layout draws the 403 in place of the page, with its menu and a way home.
      return <Outlet context={FORBIDDEN} />;
    default:
      return <Outlet />;
  }
}
