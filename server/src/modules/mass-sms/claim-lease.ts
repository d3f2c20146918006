import type { Db } from '../../db/client';
import { type ClaimedMessage, extendClaims } from './queue.repository';

/**
 * Renews the lease of a batch's messages still waiting to go out, every third of the lease, until
 * `stop()`: a slow connector (a few msg/s) may take longer than the lease to send a batch. If this
 * process dies the renewals stop, and the messages it had not sent are claimed again when it runs out.
 */
export function keepClaimed(
  db: Db,
  unsent: ReadonlyMap<string, ClaimedMessage>,
  leaseSeconds: number,
  onError: (error: unknown) => void,
) {
  let renewing = false;
  const timer = setInterval(
    () => {
      if (renewing || !unsent.size) return;
      renewing = true;
      extendClaims(db, [...unsent.values()], leaseSeconds)
        .catch(onError)
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(100, (leaseSeconds * 1000) / 3),
  );
  return { stop: () => clearInterval(timer) };
}
