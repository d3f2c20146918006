import type { Db } from '../../db/client';
import { createExactCache } from '../../lib/exact-cache';
import { type ActivationView, findActivation } from './activations.repository';

/** The channel the triggers of migration 0031 announce changed rentals on (payload: the rental id). */
export const COMPAT_CHANGES_CHANNEL = 'jiema_compat';

/**
 * Rentals as the status polls read them (getStatus, 5sim check): every client polls every few
 * seconds, so a rental is kept in memory while exact (see exact-cache.ts): any change of the
 * rental, a new SMS or a ban is announced on `jiema_compat` by triggers, whoever wrote it.
 */
export function createActivationReader({ db, ttlMs }: { db: Db; ttlMs: number }) {
  const cache = createExactCache<ActivationView>({ db, channel: COMPAT_CHANGES_CHANNEL, ttlMs });
  return {
    start: () => cache.start(),
    stop: () => cache.stop(),
    /** The rental if it is this user's, else null. */
    async ownedBy(userId: number, id: number): Promise<ActivationView | null> {
      const view = await cache.get(
        String(id),
        () => findActivation(db, id),
        (v) => v.id,
      );
      return view && view.user_id === userId ? view : null;
    },
  };
}
export type ActivationReader = ReturnType<typeof createActivationReader>;

export const HOLDING_STATUSES = new Set(['active', 'inactive', 'suspended']);
/** Codes are not shown while the owner paused the rental or an administrator suspended it. */
export const isHidden = (v: ActivationView) => v.status === 'inactive' || v.status === 'suspended';
export const isOpen = (v: ActivationView) => HOLDING_STATUSES.has(v.status);

/** The SMS that answer the current wait: after "another SMS" only those newer than the request. */
export function currentSms(v: ActivationView) {
  const latest = v.sms[0] ?? null;
  const resend = v.resend_requested_at;
  if (resend && (!latest || latest.received_at <= resend)) return { latest: null, previous: latest };
  return { latest, previous: null };
}

/** `2022-06-01 17:30:57` (UTC), the protocols' date format. */
export const dateTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** A decimal string as a JSON number without trailing zeros (the protocols send numbers). */
export const moneyNumber = (value: string) => Number(value);

/** Digits only, country code included (clients do `int(phone)`). */
export const digitsOf = (phone: string) => phone.replace(/\D/g, '');
