import { DEFAULT_PERMISSIONS, type PermissionSubject } from '@jiema/shared';
import { describe, expect, it } from 'vitest';
import {
  canOpenDashboardPath,
  decideRoute,
  isPublicPath,
  loginRedirectUrl,
  safeRedirectTarget,
} from '../src/lib/route-access';

const ADMIN: PermissionSubject = { userType: 1, permissions: [] };
const CUSTOMER: PermissionSubject = { userType: 2, permissions: [...DEFAULT_PERMISSIONS[2]] };
const AGENT: PermissionSubject = { userType: 3, permissions: [] };

const signedIn = (path: string, subject: PermissionSubject, search = '') =>
  decideRoute({ path, search, hasToken: true, userState: 'loaded', subject });

describe('decideRoute: always-open and public routes', () => {
  it.each(['/', '/login', '/register', '/home', '/pricing', '/about', '/contact', '/docs', '/docs/'])(
    '%s renders with no token and no user',
    (path) => {
      expect(decideRoute({ path, hasToken: false, userState: 'absent', subject: null })).toEqual({
        action: 'render',
      });
    },
  );

  it('an always-open route renders even when loading the user failed', () => {
    expect(decideRoute({ path: '/login', hasToken: true, userState: 'failed', subject: null })).toEqual({
      action: 'render',
    });
  });
});

describe('decideRoute: routes needing a login', () => {
  it('no token sends to /login with the wanted path (and its query) as redirect', () => {
    expect(
      decideRoute({
        path: '/dashboard/user/security',
        search: '?tab=2',
        hasToken: false,
        userState: 'absent',
        subject: null,
      }),
    ).toEqual({ action: 'redirect', to: '/login?redirect=%2Fdashboard%2Fuser%2Fsecurity%3Ftab%3D2' });
  });

  it('a token whose user cannot be loaded sends to /login with the redirect', () => {
    expect(decideRoute({ path: '/dashboard', hasToken: true, userState: 'failed', subject: null })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fdashboard',
    });
  });

  it.each(['loading', 'absent'] as const)('a token with the user %s asks to load the user', (userState) => {
    expect(
      decideRoute({ path: '/dashboard/user/profile', hasToken: true, userState, subject: null }),
    ).toEqual({
      action: 'load-user',
    });
  });

  it('a loaded user without permissions yet still loads', () => {
    expect(decideRoute({ path: '/dashboard', hasToken: true, userState: 'loaded', subject: null })).toEqual({
      action: 'load-user',
    });
  });

  it('the redirect target round-trips through the query string', () => {
    const decision = decideRoute({
      path: '/dashboard/finance-detail',
      search: '?page=3&q=a b',
      hasToken: false,
      userState: 'absent',
      subject: null,
    });
    expect(decision.action).toBe('redirect');
    const url = new URL((decision as { to: string }).to, 'http://app.local');
    expect(url.pathname).toBe('/login');
    expect(safeRedirectTarget(url.searchParams.get('redirect'))).toBe(
      '/dashboard/finance-detail?page=3&q=a b',
    );
  });
});

describe('decideRoute: dashboard children the menu allows', () => {
  it('renders a customer page for a customer', () => {
    expect(signedIn('/dashboard/user/profile', CUSTOMER)).toEqual({ action: 'render' });
    expect(signedIn('/dashboard/api-store/', CUSTOMER)).toEqual({ action: 'render' });
  });

  it.each([
    '/dashboard/admin/user-manage',
    '/dashboard/sms-send',
    '/dashboard/statistics-report',
    '/dashboard/templates',
  ])('forbids %s to a customer', (path) => {
    expect(signedIn(path, CUSTOMER)).toEqual({ action: 'forbidden' });
  });

  it('forbids a dashboard path no menu entry has, even to an administrator', () => {
    expect(signedIn('/dashboard/no-such-page', ADMIN)).toEqual({ action: 'forbidden' });
  });

  it('renders admin and hidden mass-SMS routes for an administrator', () => {
    for (const path of [
      '/dashboard/admin/user-manage',
      '/dashboard/sms-send',
      '/dashboard/templates',
      '/dashboard',
    ]) {
      expect(signedIn(path, ADMIN)).toEqual({ action: 'render' });
    }
  });

  it('an agent with no permissions may open only the overview', () => {
    expect(signedIn('/dashboard', AGENT)).toEqual({ action: 'render' });
    expect(signedIn('/dashboard/user/profile', AGENT)).toEqual({ action: 'forbidden' });
  });

  it('an agent granted one permission may open that page', () => {
    const agent = { userType: 3, permissions: ['finance:detail'] };
    expect(signedIn('/dashboard/finance-detail', agent)).toEqual({ action: 'render' });
    expect(signedIn('/dashboard/account-recharge', agent)).toEqual({ action: 'forbidden' });
  });
});

describe('canOpenDashboardPath', () => {
  it('ignores a trailing slash', () => {
    expect(canOpenDashboardPath('/dashboard/user/profile/', CUSTOMER)).toBe(true);
  });

  it('an unknown user type sees nothing typed for specific users', () => {
    expect(
      canOpenDashboardPath('/dashboard/user/profile', { userType: 9, permissions: ['user:profile'] }),
    ).toBe(false);
  });
});

describe('isPublicPath and loginRedirectUrl', () => {
  it('dashboard paths are not public', () => {
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/home/extra')).toBe(false);
  });

  it('encodes the wanted path', () => {
    expect(loginRedirectUrl('/dashboard/user/profile')).toBe('/login?redirect=%2Fdashboard%2Fuser%2Fprofile');
  });
});

describe('safeRedirectTarget', () => {
  it.each(['/dashboard/user/security', '/dashboard?x=1', '/docs#auth', '/dashboard/a\\b'])(
    'keeps the local path %s',
    (target) => {
      expect(safeRedirectTarget(target)).toBe(target);
    },
  );

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/phish',
    'http://evil.example',
    '//evil.example/path',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\\[',
    'javascript:alert(1)',
    'dashboard',
    '/login',
    '/login?redirect=%2Fdashboard',
  ])('refuses %j and goes to the dashboard', (target) => {
    expect(safeRedirectTarget(target)).toBe('/dashboard');
  });
});
