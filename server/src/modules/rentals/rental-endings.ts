import { fromMicros, toMicros } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { refunds as metricRefunds } from '../../lib/metrics';
import { applyBalanceChange } from '../ledger/ledger.service';
import { markRefundedAfterEnd } from './late-refund.repository';
import {
  type LockedRental,
  lockNumbers,
  lockUsers,
  markEnded,
  type RentalEnd,
  releaseNumbers,
  settleOrders,
} from './rentals.repository';

export type Ending = { rental: LockedRental; status: RentalEnd['status']; refund: boolean };

/** The ledger reference of one rental's refund: it can be paid once, whoever asks and however often. */
export const rentalRefundReference = (rentalId: number) => `refund:rental:${rentalId}`;

/**
 * Ends rentals whose orders and rows the caller has locked, in the caller's transaction: numbers
 * locked (id order), refunds paid through the ledger (balances in id order), statuses written,
 * numbers released (in use elsewhere, cooling down or available) and the orders settled. Every path
 * that ends a rental (owner, administrator, sweep) comes here, so they cannot disagree.
 */
export async function endRentals(tx: Queryable, endings: Ending[], cooldownMinutes: number) {
  if (endings.length === 0) return;
  const numbers = [
    ...new Set(endings.flatMap((e) => (e.rental.phone_number_id === null ? [] : [e.rental.phone_number_id]))),
  ];
  await lockNumbers(
    tx,
    numbers.sort((a, b) => a - b),
  );

  const refunds = endings
    .filter((e) => e.refund && e.rental.refunded_at === null)
    .sort((a, b) => a.rental.user_id - b.rental.user_id || a.rental.id - b.rental.id);
  await lockUsers(tx, [...new Set(refunds.map((e) => e.rental.user_id))]);
  const refundedByOrder = new Map<number, bigint>();
  for (const { rental } of refunds) {
    const micros = toMicros(rental.price);
    if (micros > 0n) {
      await refundPrice(tx, rental);
    }
    refundedByOrder.set(rental.order_id, (refundedByOrder.get(rental.order_id) ?? 0n) + micros);
  }
  // Counted as written: the callers' transactions end right after, and a rolled-back one is rare.
  if (refunds.length) metricRefunds.inc({ kind: 'rental' }, refunds.length);

  await markEnded(
    tx,
    endings.map((e) => ({
      id: e.rental.id,
      status: e.status,
      refund: e.refund && e.rental.refunded_at === null,
    })),
  );
  await releaseNumbers(tx, numbers, cooldownMinutes);
  await settleOrders(
    tx,
    new Map([...refundedByOrder].map(([orderId, micros]) => [orderId, fromMicros(micros)])),
    endings.map((e) => e.rental.order_id),
  );
}

/** A rental's price back to its owner through the ledger, under the rental's one refund reference. */
const refundPrice = (tx: Queryable, rental: LockedRental) =>
  applyBalanceChange(tx, {
    userId: rental.user_id,
    type: 'refund',
    amount: rental.price,
    reference: rentalRefundReference(rental.id),
    note: `${rental.order_no} ${rental.phone_number}`,
  });

/**
 * A rental that ended unrefunded (finished) is refunded after all, in the caller's transaction (the
 * caller locked its order and the rental): a provider refunded the number late. Paid through the
 * ledger under the same reference as any refund of the rental, so it is paid once whoever asks.
 */
export async function refundEndedRental(tx: Queryable, rental: LockedRental) {
  if (rental.refunded_at !== null) return false;
  if (!(await markRefundedAfterEnd(tx, rental))) return false;
  if (toMicros(rental.price) > 0n) {
    await refundPrice(tx, rental);
    metricRefunds.inc({ kind: 'rental' });
  }
  return true;
}
