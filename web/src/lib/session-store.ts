import type { CurrentUser, UserType } from '@jiema/shared';
import { useSyncExternalStore } from 'react';
import {
  clearSession,
  readStoredPermissions,
  readStoredUser,
  readToken,
  writeStoredPermissions,
  writeStoredUser,
} from './storage';

/** Where the permissions came from (spec §6 order): the role call, the menu call, or the type defaults. */
export type PermissionSource = 'roles' | 'menu' | 'defaults';

export type SessionState = {
  token: string | null;
  user: CurrentUser | null;
  userType: UserType | null;
  permissions: string[] | null;
  permissionSource: PermissionSource | null;
};

let state: SessionState = {
  token: readToken(),
  user: readStoredUser(),
  userType: null,
  permissions: null,
  permissionSource: null,
};
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(token: string) {
    set({ token });
  },
  setUser(user: CurrentUser) {
    writeStoredUser(user);
    set({ user, userType: state.userType ?? user.userType });
  },
  setPermissions(userType: UserType, permissions: string[], source: PermissionSource) {
    writeStoredPermissions(permissions);
    set({ userType, permissions, permissionSource: source });
  },
  /** Visiting /login clears loaded permissions (spec §2). */
  resetPermissions() {
    set({ permissions: null, permissionSource: null, userType: null });
  },
  /** Forced or voluntary logout: everything the browser holds of the session goes. */
  clear() {
    clearSession();
    set({ token: null, user: null, userType: null, permissions: null, permissionSource: null });
  },
  storedPermissions: readStoredPermissions,
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
