import { MENU, type MenuEntry } from '@jiema/shared';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { UNKNOWN_PATH_TARGET } from '../lib/route-access';
import { DASHBOARD_PAGES } from './dashboard-pages';

// The shells are lazy too, so a first visit to /login downloads none of the dashboard's components.
const UnderDevelopment = lazy(() =>
  import('../components/under-development').then((m) => ({ default: m.UnderDevelopment })),
);
const DashboardLayout = lazy(() =>
  import('./layouts/dashboard-layout').then((m) => ({ default: m.DashboardLayout })),
);
const PublicLayout = lazy(() => import('./layouts/public-layout').then((m) => ({ default: m.PublicLayout })));
const RequireAuth = lazy(() => import('./require-auth').then((m) => ({ default: m.RequireAuth })));

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page'));
const HomePage = lazy(() => import('../features/public/components/home-page'));
const PricingPage = lazy(() => import('../features/public/components/pricing-page'));
const AboutPage = lazy(() => import('../features/public/components/about-page'));
const ContactPage = lazy(() => import('../features/public/components/contact-page'));
const DocsPage = lazy(() => import('../features/docs/components/docs-page'));
const CodePage = lazy(() => import('../features/code-page/components/code-page'));
const SmsActivateDocsPage = lazy(() =>
  import('../features/docs/components/compat-docs-page').then((m) => ({ default: m.SmsActivateDocsPage })),
);
const FiveSimDocsPage = lazy(() =>
  import('../features/docs/components/compat-docs-page').then((m) => ({ default: m.FiveSimDocsPage })),
);

const leaves = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e) => [...(e.path ? [e] : []), ...leaves(e.children ?? [])]);

/** Every dashboard route of spec §2 comes from the shared menu, so routes and menu cannot drift apart. */
const dashboardRoutes: RouteObject[] = leaves(MENU).map((entry) => {
  const Page = DASHBOARD_PAGES[entry.key];
  const path = entry.path!.replace(/^\/dashboard\/?/, '');
  const element = Page ? (
    <Page key={entry.key} />
  ) : (
    <UnderDevelopment key={entry.key} titleKey={entry.titleKey} />
  );
  return path ? { path, element } : { index: true, element };
});

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  // The page behind every code link: no login, no layout (resellers hand these links to their clients).
  { path: '/code/:token', element: <CodePage /> },
  {
    element: <PublicLayout />,
    children: [
      { path: '/home', element: <HomePage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/docs', element: <DocsPage /> },
      { path: '/docs/sms-activate', element: <SmsActivateDocsPage /> },
      { path: '/docs/5sim', element: <FiveSimDocsPage /> },
    ],
  },
  {
    path: '/dashboard',
    element: <RequireAuth />,
    children: [{ element: <DashboardLayout />, children: dashboardRoutes }],
  },
  { path: '*', element: <Navigate to={UNKNOWN_PATH_TARGET} replace /> },
];

export const router = createBrowserRouter(routes);
