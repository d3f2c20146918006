import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type Ending, endRentals } from './rental-endings';
import { claimDueRentals, endCooldowns } from './rentals.repository';

export type SweepResult = { ended: number; refunded: number; cooled: number };

const BATCH = 200;

/**
 * Ends every rental past its end, EXACTLY ONCE however many processes sweep at the same time: each
 * batch is claimed with FOR UPDATE SKIP LOCKED (rentals and their orders) and ended in the same
 * transaction that pays the refund (reference `refund:rental:<id>`). An activation that got no SMS
 * is refunded and `expired`; one that got an SMS is `finished`; a day rental is `expired`.
 * Then numbers whose cooldown is over return to stock. Tests call it directly.
 */
export async function sweepRentals(
  db: Db,
  options: { cooldownMinutes: number; batchSize?: number },
): Promise<SweepResult> {
  const batchSize = options.batchSize ?? BATCH;
  const result: SweepResult = { ended: 0, refunded: 0, cooled: 0 };
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = await claimDueRentals(tx, batchSize);
      const endings: Ending[] = due.map((rental) => {
        const activation = rental.kind === 'activation';
        return {
          rental,
          status: activation && rental.has_message ? 'finished' : 'expired',
          refund: activation && !rental.has_message,
        };
      });
      await endRentals(tx, endings, options.cooldownMinutes);
      result.ended += endings.length;
      result.refunded += endings.filter((e) => e.refund && e.rental.refunded_at === null).length;
      return due.length;
    });
    if (claimed < batchSize) break;
  }
  result.cooled = await endCooldowns(db);
  return result;
}

/**
 * Runs the sweep every `intervalMs` (never two runs of this process at once); `stop()` waits for a
 * run in progress, so the database is not closed under it.
 */
export function startRentalSweeper(
  db: Db,
  options: { intervalMs: number; cooldownMinutes: number; log: FastifyBaseLogger },
) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweepRentals(db, { cooldownMinutes: options.cooldownMinutes })
      .then((r) => {
        if (r.ended || r.cooled) options.log.info(r, 'rental sweep');
      })
      .catch((error) => options.log.error({ err: error }, 'rental sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = options.intervalMs > 0 ? setInterval(run, options.intervalMs) : null;
  timer?.unref();
  if (timer) run();
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
