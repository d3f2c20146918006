import { fromMicros, toMicros } from '@jiema/shared';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import {
  confirmReading,
  insertReading,
  lastReading,
  lockForReading,
  openSince,
  setOpen,
  settleBefore,
} from './balance-readings.repository';

/**
 * The provider's cost ledger reconciled against its balance.
 *
 * Every balance we read is stored with our ledger's position at that moment (refunded − paid, in the
 * provider's currency). Between two readings the ledger explains `expected` = the change of that
 * position; the provider's balance moved by `actual`; `unexplained` = actual − expected. A positive
 * unexplained change is most likely a top-up; a negative one is money the provider took that the
 * ledger does not know of (a number bought but never sold nor cancelled, a refund that never came, a
 * price above the one it answered) — what the operator must see.
 *
 * One interval alone is noisy, because the provider's clock and our ledger's are not the same:
 * - a purchase is charged by the provider when it answers and enters our ledger a moment later, with
 *   the order; a reading in between sees the money gone and the ledger not yet (−x), the next one the
 *   ledger catching up (+x); a reading taken while our commit lands can see it the other way round;
 * - a provider's refund (its cancel or time-out) is in its balance before the relay reads the
 *   activation and records it (+x, then −x);
 * - a number bought but not sold is charged, then refunded when the reconciliation cancels it, after
 *   the provider's early-cancel lock (−x, then +x minutes later).
 * Each of these is one amount moved between two nearby intervals, the opposite sign in each; a real
 * difference has no opposite. So an unexplained change is first offset against the opposite changes
 * still open, oldest first, of intervals within UPSTREAM_BALANCE_SETTLE_MINUTES of it (an interval and
 * the next one always reach each other, however far apart the readings), and what is left stays open
 * until no later interval can reach it; then it is settled: a discrepancy if negative, a credit if
 * positive. So timing never raises the alarm, a purchase that was never recorded does (once the
 * window has passed), and a top-up counts as a credit. The price: a real loss and a top-up within the
 * window of each other offset each other (the credit shows the top-up smaller by the loss).
 *
 * Readings of a provider are serialized on its row (two processes read balances: the refresh and
 * "Test"), so each interval is computed once, against the reading before it.
 */
export async function recordBalanceReading(
  db: Db,
  config: Pick<Config, 'upstream'>,
  providerId: number,
  balance: string,
) {
  const settleMs = config.upstream.balanceSettleMs;
  await db.transaction(async (tx) => {
    const now = await lockForReading(tx, providerId);
    if (!now) return;
    const at = new Date(now.now);
    const last = await lastReading(tx, providerId);
    const sameAccount = last !== null && last.account === now.account;
    if (
      sameAccount &&
      toMicros(last.balance) === toMicros(balance) &&
      toMicros(last.ledger_net) === toMicros(now.ledger_net)
    ) {
      // Nothing moved: the last reading holds until now; what is older than the window settles.
      await confirmReading(tx, last.id, at);
      await settleBefore(tx, providerId, new Date(at.getTime() - settleMs));
      return;
    }
    if (!sameAccount) {
      // The first reading, or another account: nothing to compare with; what was open cannot be offset any more.
      await settleBefore(tx, providerId, new Date(at.getTime() + 1));
      await insertReading(tx, providerId, {
        account: now.account,
        balance,
        ledgerNet: now.ledger_net,
        now: at,
        interval: null,
      });
      return;
    }
    const actual = toMicros(balance) - toMicros(last.balance);
    const expected = toMicros(now.ledger_net) - toMicros(last.ledger_net);
    const unexplained = actual - expected;
    // This change happened after the last reading was last seen: the open ones it can reach.
    const reachable = await openSince(
      tx,
      providerId,
      now.account,
      new Date(new Date(last.seen_until).getTime() - settleMs),
    );
    const { rest, changed } = offset(
      unexplained,
      reachable.map((o) => ({ id: o.id, open: toMicros(o.open_amount) })),
    );
    for (const o of changed) await setOpen(tx, o.id, fromMicros(o.open));
    await insertReading(tx, providerId, {
      account: now.account,
      balance,
      ledgerNet: now.ledger_net,
      now: at,
      interval: {
        actual: fromMicros(actual),
        expected: fromMicros(expected),
        unexplained: fromMicros(unexplained),
        open: fromMicros(rest),
      },
    });
    // Later intervals start at this reading or after: what is older than the window is out of their reach.
    await settleBefore(tx, providerId, new Date(at.getTime() - settleMs));
  });
}

/**
 * Offsets `amount` against the open amounts of the opposite sign, oldest first: what is left of
 * `amount`, and the open amounts that changed. Exact micro-units, no floating point.
 */
export function offset(amount: bigint, open: { id: number; open: bigint }[]) {
  let rest = amount;
  const changed: { id: number; open: bigint }[] = [];
  for (const o of open) {
    if (rest === 0n) break;
    if (o.open === 0n || o.open > 0n === rest > 0n) continue;
    const abs = (v: bigint) => (v < 0n ? -v : v);
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
    const taken = abs(rest) < abs(o.open) ? abs(rest) : abs(o.open);
    const sign = rest > 0n ? 1n : -1n;
    rest -= sign * taken;
    changed.push({ id: o.id, open: o.open + sign * taken });
  }
  return { rest, changed };
}
