import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { refundEndedRental } from '../../rentals/rental-endings';
import { lockRental } from '../../rentals/rentals.repository';
import { storeTransaction } from '../../store/transaction';
import { recordCost } from './activations.repository';
import {
  claimLateDue,
  dropExpiredWatches,
  dropWatch,
  LATE_FIRST_READ_MS,
  type LateWatch,
  markLateRefunded,
  rescheduleLate,
} from './late-refunds.repository';
import type { StatusOutcome } from './provider-client';
import { providerOf } from './reconcile';
import { ingestUpstreamSms } from './relay';
import { clientFor } from './tracked-client';

/**
 * The late-refund window (UPSTREAM_LATE_REFUND_HOURS after our side ended). Which ended activations
 * can still change: those that ended `finished` with no SMS for the customer. Nothing else can:
 * a refunded one is final, and one whose code reached the customer is paid whatever the provider says
 * later (sms-activate answers STATUS_CANCEL for "cancelled OR completed"). They end finished without a
 * code when the provider answered our cancel with "already over" (sms-activate NO_ACTIVATION /
 * STATUS_CANCEL / BAD_STATUS, 5sim "not found" / "expired" or an order already timed out), or 5sim
 * showed FINISHED without an SMS: the provider may refund such an activation after that answer
 * (its own timer, a refund it books later).
 *
 * Each is read (sms-activate `getStatus`, 5sim `check`) at growing intervals, LATE_FIRST_READ_MS after the
 * end, doubling up to MAX_WAIT_MS: with the default 2 hours about a dozen reads, for the few activations
 * that ended this way. Not batched: sms-activate's `getActiveActivations` lists only open activations
 * and its `getHistory` status numbers are not documented reliably enough to refund on; 5sim's order list
 * would page through every order of the window to find these few.
 *
 * What a read tells:
 * - cancelled / timed out (sms-activate STATUS_CANCEL, 5sim CANCELED/TIMEOUT/BANNED), no SMS: refunded
 *   late, in ONE transaction: ended·finished → ended·refunded (the conditional update that makes it
 *   once), a `refunded` cost entry, and the customer's refund when the relay had ended the rental
 *   (not when an administrator ended it: that was the administrator's decision, as in the relay);
 * - an SMS at the provider (a code after our end): it keeps the price; stored unattributed, done;
 * - finished: done; unknown, a fault: read again later;
 * - still open at the provider though our side ended: we ask it to cancel again; its confirmation
 *   is a refund as above.
 * When the window runs out the activation stays finished (paid), never refunded on our clock.
 */

const MAX_WAIT_MS = 15 * 60_000;
/** A claimed read is another process's again after this (a process that died while reading). */
const LEASE_MS = 60_000;

/** The wait before the next read, after `reads` reads: the first wait doubled each time, at most MAX_WAIT_MS. */
export const lateWaitMs = (reads: number) =>
  Math.min(MAX_WAIT_MS, LATE_FIRST_READ_MS * 2 ** Math.max(0, reads));

/** Reads the watched activations that are due, each provider's one after another, providers in parallel. */
export async function readLateRefunds(db: Db, config: Pick<Config, 'upstream'>, limit = 50) {
  await dropExpiredWatches(db);
  const due = await claimLateDue(db, limit, LEASE_MS);
  const byProvider = new Map<number, LateWatch[]>();
  for (const w of due) byProvider.set(w.provider_id, [...(byProvider.get(w.provider_id) ?? []), w]);
  const outcomes: string[] = [];
  await Promise.all(
    [...byProvider.values()].map(async (group) => {
      for (const w of group) outcomes.push(await readOne(db, config, w).catch(() => 'fault'));
    }),
  );
  return outcomes;
}

async function readOne(db: Db, config: Pick<Config, 'upstream'>, w: LateWatch) {
  const client = clientFor(db, config, providerOf(w));
  const later = () => rescheduleLate(db, w.id, lateWaitMs(w.reads));
  let status: StatusOutcome;
  try {
    status = await client.status(w.upstream_id!, { retryRound: w.retry_round });
  } catch {
    await later();
    return 'fault';
  }
  if (status.kind === 'unknown') {
    await later();
    return 'unknown';
  }
  if (status.messages.length > 0) {
    // A code reached the provider after our end: it keeps the price, and the code reaches nobody.
    await ingestUpstreamSms(db, w, status.messages);
    await dropWatch(db, w.id);
    return 'code';
  }
  if (status.kind === 'ended') {
    if (!status.refunded) {
      await dropWatch(db, w.id);
      return 'finished';
    }
    return refundLate(db, w);
  }
  // Still open there though our side ended: asked to cancel again, so the provider refunds us.
  const answer = await client.cancel(w.upstream_id!).catch(() => null);
  if (answer?.kind === 'ok') return refundLate(db, w);
  await later();
  return 'waiting';
}

/**
 * The provider refunded an activation that ended finished: once, in one transaction (the rental's
 * order and the rental locked first, as every rental change does, then the activation).
 */
async function refundLate(db: Db, w: LateWatch) {
  return storeTransaction(db, async (tx) => {
    const rental = w.rental_id === null ? null : await lockRental(tx, w.rental_id, null);
    await dropWatch(tx, w.id);
    // An SMS reached the customer meanwhile: paid, whatever the provider says (the relay's rule).
    if (rental?.has_message) return 'finished';
    if (!(await markLateRefunded(tx, w.id))) return 'done';
    await recordCost(tx, w, 'refunded');
    if (w.customer && rental) await refundEndedRental(tx, rental);
    return 'refunded';
  });
}
