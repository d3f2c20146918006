import type { CurrentUser } from '@jiema/shared';

/** The local storage keys of spec §3. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  permissions: 'permissions',
  locale: 'locale',
} as const;

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** The token, trimmed before use (spec §3); blank means none. */
export function readToken(): string | null {
  const token = read(STORAGE_KEYS.token)?.trim();
  return token ? token : null;
}

export function writeToken(token: string) {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

/** Spec §4: an unreadable stored user is discarded. */
export function readStoredUser(): CurrentUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as CurrentUser;
    if (user && typeof user === 'object' && typeof user.username === 'string') return user;
  } catch {
    // fall through: discard
  }
  localStorage.removeItem(STORAGE_KEYS.user);
  return null;
}

export function writeStoredUser(user: CurrentUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function readStoredPermissions(): string[] | null {
  const raw = read(STORAGE_KEYS.permissions);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw);
    if (Array.isArray(value) && value.every((p) => typeof p === 'string')) return value;
  } catch {
    // fall through: discard
  }
  localStorage.removeItem(STORAGE_KEYS.permissions);
  return null;
}

export function writeStoredPermissions(permissions: string[]) {
  localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissions));
}

/** Forced logout: token, user and permissions leave the browser. */
export function clearSession() {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.permissions])
    localStorage.removeItem(key);
}
