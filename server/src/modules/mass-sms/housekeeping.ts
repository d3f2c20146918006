import type { Db } from '../../db/client';
import { LEFTOVERS_PER_SWEEP, maintain } from './queue.repository';

/** Messages past their validity are looked for this often (maintain: that query reads every pending message). */
const EXPIRY_SWEEP_MS = 60_000;

/**
 * A worker's housekeeping, run every second: `maintain`, with its expiry sweep once a minute, and again
 * at once after a sweep that reached its limit (a large campaign that expired may have more left).
 */
export function createHousekeeping(db: Db, onError: (error: unknown) => void) {
  let nextExpirySweep = 0;
  return async function runHousekeeping() {
    const expired = Date.now() >= nextExpirySweep;
    if (expired) nextExpirySweep = Date.now() + EXPIRY_SWEEP_MS;
    const failed = await maintain(db, { expired }).catch((error) => {
      onError(error);
      return 0;
    });
    if (expired && failed >= LEFTOVERS_PER_SWEEP) nextExpirySweep = 0;
  };
}
