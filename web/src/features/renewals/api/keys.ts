/** Query keys of the renewal screens; a renewal invalidates `RENEWALS_KEY` so every list refreshes. */
export const RENEWALS_KEY = ['renewals'] as const;
export const renewalsKey = (...parts: unknown[]) => [...RENEWALS_KEY, ...parts] as const;

/** Whose records a screen shows: the caller's (`/api/renewals`) or everyone's (`/api/admin/renewals`). */
export type RenewalScope = 'own' | 'admin';
export const renewalsBase = (scope: RenewalScope) =>
  scope === 'admin' ? '/api/admin/renewals' : '/api/renewals';

export type RenewalParams = Record<string, string | number | undefined>;
