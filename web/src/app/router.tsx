import { MENU, type MenuEntry, PUBLIC_PAGES } from '@jiema/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadWholeLanguage } from '../lib/i18n';
import { UNKNOWN_PATH_TARGET } from '../lib/route-access';
import { DASHBOARD_PAGES } from './dashboard-pages';
import { RouteError } from './route-error';

/**
 * A page beyond the sign-in pages: lazy, and drawn once the whole language is loaded (a first visit
 * to /login loads only the sign-in pages' translations, lib/i18n.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes
function withWholeLanguage<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy(() => Promise.all([load(), loadWholeLanguage()]).then(([module]) => module));
}

// The shells are lazy too, so a first visit to /login downloads none of the dashboard's components.
const UnderDevelopment = withWholeLanguage(() =>
  import('../components/under-development').then((m) => ({ default: m.UnderDevelopment })),
);
const DashboardLayout = withWholeLanguage(() =>
  import('./layouts/dashboard-layout').then((m) => ({ default: m.DashboardLayout })),
);
const PublicLayout = withWholeLanguage(() =>
  import('./layouts/public-layout').then((m) => ({ default: m.PublicLayout })),
);
const AntAppOutlet = withWholeLanguage(() =>
  import('./ant-app-outlet').then((m) => ({ default: m.AntAppOutlet })),
);
const RequireAuth = withWholeLanguage(() =>
  import('./require-auth').then((m) => ({ default: m.RequireAuth })),
);

/** The screen of each public page of the shared list (`PUBLIC_PAGES`), by key. */
const PUBLIC_PAGE_COMPONENTS: Record<string, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => import('../features/auth/components/login-page')),
  register: lazy(() => import('../features/auth/components/register-page')),
  // Opened from mails (README "Mail"): no login needed.
  forgotPassword: lazy(() => import('../features/auth/components/forgot-password-page')),
  resetPassword: lazy(() => import('../features/auth/components/reset-password-page')),
  verifyEmail: lazy(() => import('../features/auth/components/verify-email-page')),
  // The page behind every code link: no login, no layout (resellers hand these links to their clients).
  code: withWholeLanguage(() => import('../features/code-page/components/code-page')),
  home: withWholeLanguage(() => import('../features/public/components/home-page')),
  pricing: withWholeLanguage(() => import('../features/public/components/pricing-page')),
  about: withWholeLanguage(() => import('../features/public/components/about-page')),
  contact: withWholeLanguage(() => import('../features/public/components/contact-page')),
  docs: withWholeLanguage(() => import('../features/docs/components/docs-page')),
  smsActivateDocs: withWholeLanguage(() =>
    import('../features/docs/components/compat-docs-page').then((m) => ({ default: m.SmsActivateDocsPage })),
  ),
  fiveSimDocs: withWholeLanguage(() =>
    import('../features/docs/components/compat-docs-page').then((m) => ({ default: m.FiveSimDocsPage })),
  ),
};

/** The pages a first visit to /login may go on to without loading the rest (no antd `App` around them). */
const SIGN_IN_PAGES = new Set(['login', 'register', 'forgotPassword', 'resetPassword', 'verifyEmail']);

const publicRoutes = (inLayout: boolean, signIn = false): RouteObject[] =>
  PUBLIC_PAGES.filter(
    (page) => page.inLayout === inLayout && (inLayout || SIGN_IN_PAGES.has(page.key) === signIn),
  ).map((page) => {
    const Page = PUBLIC_PAGE_COMPONENTS[page.key];
    if (!Page) throw new Error(`No component for the public page ${page.key}`);
    return { path: page.path, element: <Page />, errorElement: <RouteError key={page.key} /> };
  });

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
  // The error stays inside the dashboard: the menu is still there to go elsewhere.
  const errorElement = <RouteError key={entry.key} />;
  return path ? { path, element, errorElement } : { index: true, element, errorElement };
});

export const routes: RouteObject[] = [
  {
    // A layout or guard whose code did not load: the same page, on its own.
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      ...publicRoutes(false, true),
      {
        element: <AntAppOutlet />,
        children: [
          ...publicRoutes(false),
          { element: <PublicLayout />, children: publicRoutes(true) },
          {
            path: '/dashboard',
            element: <RequireAuth />,
            children: [{ element: <DashboardLayout />, children: dashboardRoutes }],
          },
        ],
      },
      { path: '*', element: <Navigate to={UNKNOWN_PATH_TARGET} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
