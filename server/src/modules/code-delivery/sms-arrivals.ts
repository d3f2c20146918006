import type { Db, Listener } from '../../db/client';

/** The channel migration 0022's trigger announces SMS on; payload `rentalId:smsId:userId`. */
export const SMS_CHANNEL = 'jiema_sms';

export type SmsArrival = { rentalId: number; smsId: number; userId: number };
type Subscriber = (arrival: SmsArrival | null) => void;

export type SmsArrivals = ReturnType<typeof createSmsArrivals>;

/**
 * One LISTEN per server process on `jiema_sms`, fanned out to whoever waits here: code link
 * long-polls (by rental), live event streams (by user) and the webhook worker (everything). A
 * subscriber also gets `null` when the listener (re)connects or closes, since announcements may have
 * been missed meanwhile: it must look at the database again instead of trusting that nothing came.
 */
export function createSmsArrivals(db: Db) {
  const byRental = new Map<number, Set<Subscriber>>();
  const byUser = new Map<number, Set<Subscriber>>();
  const everything = new Set<Subscriber>();
  let listener: Listener | null = null;
  let closed = false;

  const add = (map: Map<number, Set<Subscriber>>, key: number, fn: Subscriber) => {
    const set = map.get(key) ?? new Set<Subscriber>();
    set.add(fn);
    map.set(key, set);
    return () => {
      set.delete(fn);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  };
  const all = () => [
    ...everything,
    ...[...byRental.values()].flatMap((s) => [...s]),
    ...[...byUser.values()].flatMap((s) => [...s]),
  ];
  const call = (fns: Iterable<Subscriber>, arrival: SmsArrival | null) => {
    for (const fn of [...fns]) fn(arrival);
  };

  const onNotify = (payload: string) => {
    const [rentalId, smsId, userId] = payload.split(':').map(Number);
    if (!Number.isInteger(rentalId) || !Number.isInteger(smsId)) return call(new Set(all()), null);
    const arrival = { rentalId: rentalId!, smsId: smsId!, userId: userId ?? 0 };
    call(everything, arrival);
    call(byRental.get(arrival.rentalId) ?? [], arrival);
    call(byUser.get(arrival.userId) ?? [], arrival);
  };

  return {
    async start() {
      listener = await db.listen(SMS_CHANNEL, {
        onNotify,
        // Connected again after a loss: whatever was announced meanwhile is unknown, so everyone looks.
        onState: () => call(new Set(all()), null),
      });
    },
    /** Wakes everyone (with `null`) and stops listening; later waits end at once. */
    async stop() {
      closed = true;
      call(new Set(all()), null);
      await listener?.close();
      listener = null;
    },
    get closed() {
      return closed;
    },
    onRentals(rentalIds: readonly number[], fn: Subscriber): () => void {
      const offs = rentalIds.map((id) => add(byRental, id, fn));
      return () => {
        for (const off of offs) off();
      };
    },
    onUser: (userId: number, fn: Subscriber) => add(byUser, userId, fn),
    onAny(fn: Subscriber) {
      everything.add(fn);
      return () => everything.delete(fn);
    },
    /**
     * Resolves when an SMS reaches one of the rentals (true), or on a possible miss / shutdown (true:
     * look again), or after `ms` or when `signal` aborts (false).
     */
    waitForRentals(rentalIds: readonly number[], ms: number, signal?: AbortSignal): Promise<boolean> {
      if (closed || signal?.aborted) return Promise.resolve(false);
      return new Promise((resolve) => {
        const done = (value: boolean) => {
          clearTimeout(timer);
          off();
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        };
        const onAbort = () => done(false);
        const off = this.onRentals(rentalIds, () => done(!closed));
        const timer = setTimeout(() => done(false), ms);
        signal?.addEventListener('abort', onAbort);
      });
    },
  };
}
