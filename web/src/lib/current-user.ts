import type { CurrentUser } from '@jiema/shared';
import { request } from './http';
import { loadPermissions } from './permissions';
import { sessionStore } from './session-store';
import { writeToken } from './storage';

export const getCurrentUser = (options: { isPolling?: boolean } = {}) =>
  request<CurrentUser>({ url: '/auth/info', method: 'GET', meta: { isPolling: options.isPolling } });

/** Loads the user and then the permissions into the session store. */
export async function loadSession(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  sessionStore.setUser(user);
  await loadPermissions(user);
  return user;
}

/** After a successful login: keep the token, then load who we are. */
export async function startSession(token: string): Promise<CurrentUser> {
  writeToken(token);
  sessionStore.setToken(token);
  return loadSession();
}

/** Re-reads the user (balance, profile) without touching permissions. */
export async function refreshUser(options: { isPolling?: boolean } = {}): Promise<CurrentUser> {
  const user = await getCurrentUser(options);
  sessionStore.setUser(user);
  return user;
}
