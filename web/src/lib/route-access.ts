import { filterMenu, MENU, menuPaths, type PermissionSubject } from '@jiema/shared';

/** Spec §2: these never need a login. */
export const ALWAYS_OPEN_PATHS = ['/', '/login', '/register', '/home'] as const;
/** Public pages besides: documentation and the marketing pages. */
export const PUBLIC_PATHS = [...ALWAYS_OPEN_PATHS, '/pricing', '/about', '/contact', '/docs'] as const;
/** Spec §2: an unknown path goes here. */
export const UNKNOWN_PATH_TARGET = '/dashboard/user/profile';
export const LOGIN_PATH = '/login';
export const AFTER_LOGIN_DEFAULT = '/dashboard';

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(normalize(path));
}

/** `/login?redirect=<wanted path>` (spec §2). */
export function loginRedirectUrl(wanted: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`;
}

const SAME_ORIGIN = 'http://same-origin.invalid';

/** Where to go after login: the redirect query if it is a local path, else the dashboard. */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith(LOGIN_PATH)) {
    return AFTER_LOGIN_DEFAULT;
  }
  // Resolved as the browser will: it reads `\` as `/` and drops tabs and newlines, so `/\host`
  // and `/<tab>/host` point off-site (and the router's history call throws on them).
  try {
    return new URL(redirect, SAME_ORIGIN).origin === SAME_ORIGIN ? redirect : AFTER_LOGIN_DEFAULT;
  } catch {
    return AFTER_LOGIN_DEFAULT;
  }
}

/** Spec §2: dashboard children show only if the menu allows them (hidden routes included). */
export function canOpenDashboardPath(path: string, subject: PermissionSubject): boolean {
  return menuPaths(filterMenu(MENU, subject)).includes(normalize(path));
}

export type GuardDecision =
  | { action: 'render' }
  | { action: 'redirect'; to: string }
  | { action: 'load-user' }
  | { action: 'forbidden' };

/**
 * The route guard of spec §2 as a pure decision, given what the browser knows now:
 * a token, whether the user info is loaded (or failed to load), and the permissions once loaded.
 */
export function decideRoute(input: {
  path: string;
  search?: string;
  hasToken: boolean;
  userState: 'loaded' | 'loading' | 'failed' | 'absent';
  subject: PermissionSubject | null;
}): GuardDecision {
  const { path, hasToken, userState, subject } = input;
  if (isPublicPath(path)) return { action: 'render' };
  const wanted = `${path}${input.search ?? ''}`;
  if (!hasToken || userState === 'failed') return { action: 'redirect', to: loginRedirectUrl(wanted) };
  if (userState !== 'loaded' || !subject) return { action: 'load-user' };
  if (path.startsWith('/dashboard') && !canOpenDashboardPath(path, subject)) return { action: 'forbidden' };
  return { action: 'render' };
}
