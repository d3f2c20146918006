import { randomUUID } from 'node:crypto';
import type { Listener, ListenHandlers } from './client';

/** The channel fences travel on (payload: `<process token>:<write epoch>`). */
export const FENCE_CHANNEL = 'jiema_fence';
/** A fence not heard back within this long counts as failed: the caller reads the database instead. */
const FENCE_TIMEOUT_MS = 2_000;

type Waiter = { epoch: number; resolve: (heard: boolean) => void; timer: NodeJS.Timeout };

/**
 * Tells when the announcements of this process's own writes have been heard by its listener, so an
 * exact cache may go on trusting what it read before those writes instead of reading it again.
 *
 * Triggers announce a change with NOTIFY inside the writing transaction; PostgreSQL queues
 * notifications in commit order and one listening connection receives them in that order (all of a
 * process's channels share one connection: listen-postgres.ts). So once a NOTIFY sent after a write
 * had committed comes back, every announcement of that write has been handled. Such a fence is sent
 * only while some reader waits, and one fence answers every reader waiting when it was sent: under a
 * steady stream of writes a process sends about one per write, not one per read.
 */
export function createWriteFence({
  epoch,
  notify,
  listen,
}: {
  /** This process's count of finished writes (`Db.writeEpoch`). */
  epoch: () => number;
  /** Sends `payload` on FENCE_CHANNEL from a connection of the pool, committed at once. */
  notify: (payload: string) => Promise<unknown>;
  listen: (channel: string, handlers: ListenHandlers) => Promise<Listener>;
}) {
  const token = randomUUID();
  let heard = 0;
  let listening = false;
  let starting: Promise<void> | null = null;
  let listener: Listener | null = null;
  let stopped = false;
  /** When the fence on its way was sent (null: none is). */
  let sentAt: number | null = null;
  const waiters = new Set<Waiter>();

  const settle = (waiter: Waiter, ok: boolean) => {
    if (!waiters.delete(waiter)) return;
    clearTimeout(waiter.timer);
    waiter.resolve(ok);
  };
  const failAll = () => {
    for (const waiter of [...waiters]) settle(waiter, false);
  };

  /** Sends the next fence if someone waits for more than has been heard and none is on its way. */
  const sendIfNeeded = () => {
    // A fence gone longer than the timeout is taken for lost (its waiters have given up meanwhile).
    if (!listening || (sentAt !== null && Date.now() - sentAt < FENCE_TIMEOUT_MS)) return;
    let wanted = 0;
    for (const waiter of waiters) wanted = Math.max(wanted, waiter.epoch);
    if (wanted <= heard) return;
    sentAt = Date.now();
    notify(`${token}:${epoch()}`).catch(() => {
      sentAt = null;
      failAll();
    });
  };

  const start = () => {
    starting ??= listen(FENCE_CHANNEL, {
      onNotify(payload) {
        const [from, at] = payload.split(':');
        if (from !== token) return;
        sentAt = null;
        heard = Math.max(heard, Number(at));
        for (const waiter of [...waiters]) if (waiter.epoch <= heard) settle(waiter, true);
        sendIfNeeded();
      },
      onState(on) {
        listening = on;
        if (!on) {
          // A fence in flight may never come back: whoever waits reads the database instead.
          sentAt = null;
          failAll();
        }
      },
    }).then((l) => {
      listener = l;
    });
    return starting;
  };

  return {
    /**
     * Resolves true once every announcement of the writes this process had finished by `upTo` (an
     * epoch) has been handled by the listener, false if that could not be known (listener down,
     * fence lost or late): then nothing cached before those writes may be trusted.
     */
    async heardThrough(upTo: number): Promise<boolean> {
      if (upTo <= heard) return true;
      if (stopped) return false;
      try {
        await start();
      } catch {
        // Not listening (the database is closing, say): whoever asked reads the database instead.
        starting = null;
        return false;
      }
      if (!listening) return false;
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          epoch: upTo,
          resolve,
          timer: setTimeout(() => settle(waiter, false), FENCE_TIMEOUT_MS),
        };
        waiter.timer.unref();
        waiters.add(waiter);
        sendIfNeeded();
      });
    },
    async stop() {
      stopped = true;
      failAll();
      await listener?.close();
      listener = null;
      starting = null;
      listening = false;
    },
  };
}
export type WriteFence = ReturnType<typeof createWriteFence>;
