/**
 * The pages anyone may open without an account (spec §2), with the translation key of the name each
 * shows in the browser tab. The web router builds these routes from this list and the e2e suite
 * visits every one of them, so a new public page is covered as soon as it is added here.
 */
export type PublicPage = {
  key: string;
  path: string;
  titleKey: string;
  /** Drawn inside the public layout (header, navigation, footer); else a page of its own. */
  inLayout: boolean;
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { key: 'login', path: '/login', titleKey: 'auth.login.title', inLayout: false },
  { key: 'register', path: '/register', titleKey: 'auth.register.title', inLayout: false },
  { key: 'forgotPassword', path: '/forgot-password', titleKey: 'auth.forgot.title', inLayout: false },
  { key: 'resetPassword', path: '/reset-password', titleKey: 'auth.reset.title', inLayout: false },
  { key: 'verifyEmail', path: '/verify-email', titleKey: 'auth.verify.title', inLayout: false },
  { key: 'code', path: '/code/:token', titleKey: 'code-page.title', inLayout: false },
  { key: 'home', path: '/home', titleKey: 'public.nav.home', inLayout: true },
  { key: 'pricing', path: '/pricing', titleKey: 'public.nav.pricing', inLayout: true },
  { key: 'about', path: '/about', titleKey: 'public.nav.about', inLayout: true },
  { key: 'contact', path: '/contact', titleKey: 'public.nav.contact', inLayout: true },
  { key: 'docs', path: '/docs', titleKey: 'docs.title', inLayout: true },
  {
    key: 'smsActivateDocs',
    path: '/docs/sms-activate',
    titleKey: 'compat.docs.smsActivate.title',
    inLayout: true,
  },
  { key: 'fiveSimDocs', path: '/docs/5sim', titleKey: 'compat.docs.fiveSim.title', inLayout: true },
];
