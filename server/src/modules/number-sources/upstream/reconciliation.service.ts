import { fromMicros, toMicros, type UpstreamReconciliation } from '@jiema/shared';
import type { Config } from '../../../config';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import {
  discrepanciesSince,
  intervalsSince,
  lastReading,
  readingById,
  totalsSince,
} from './balance-readings.repository';
import { multiply } from './pricing';
import { findProvider } from './providers.repository';

/**
 * Above this, in USDT, a provider's discrepancy is a warning: a cent, so one orphan purchase of the
 * cheapest number shows, while rounding of a balance the provider shows with fewer decimals does not.
 */
export const DISCREPANCY_TOLERANCE_USDT = '0.010000';

/** The providers list looks at the same period the screen opens with. */
export const LIST_PERIOD_DAYS = 30;

const DAY_MS = 86_400_000;
const INTERVALS_SHOWN = 200;
const iso = (d: Date) => new Date(d).toISOString();

export const isWarning = (discrepancy: string, rateToUsdt: string) =>
  toMicros(multiply(discrepancy, rateToUsdt)) > toMicros(DISCREPANCY_TOLERANCE_USDT);

/** Per provider id, its discrepancy over the list's period (absent: none). */
export async function listDiscrepancies(q: Queryable) {
  const rows = await discrepanciesSince(q, new Date(Date.now() - LIST_PERIOD_DAYS * DAY_MS));
  return new Map(rows.map((r) => [r.provider_id, fromMicros(toMicros(r.discrepancy))]));
}

/** A provider's cost ledger reconciled against its balance readings of the last `days` days. */
export async function reconciliationOf(
  q: Queryable,
  config: Pick<Config, 'upstream'>,
  providerId: number,
  days: number,
): Promise<UpstreamReconciliation> {
  const provider = await findProvider(q, providerId);
  if (!provider) throw new AppError('UPSTREAM_PROVIDER_NOT_FOUND');
  const since = new Date(Date.now() - days * DAY_MS);
  const [totals, last, intervals] = await Promise.all([
    totalsSince(q, providerId, since),
    lastReading(q, providerId),
    intervalsSince(q, providerId, since, INTERVALS_SHOWN),
  ]);
  const first = totals.first_id === null ? null : await readingById(q, totals.first_id);
  const inPeriod = last !== null && first !== null;
  const money = (v: string) => fromMicros(toMicros(v));
  const discrepancy = money(totals.discrepancy);
  return {
    currency: provider.currency,
    days,
    settleMinutes: Math.round(config.upstream.balanceSettleMs / 60_000),
    lastReading: last
      ? {
          balance: money(last.balance),
          readAt: iso(last.read_at),
          seenUntil: iso(last.seen_until),
          reads: last.reads,
        }
      : null,
    firstReadingAt: first ? iso(first.read_at) : null,
    readings: totals.readings,
    // The ledger's position is refunded − paid: its fall is what we paid net of refunds.
    netCost: inPeriod ? fromMicros(toMicros(first.ledger_net) - toMicros(last.ledger_net)) : '0.000000',
    balanceChange: inPeriod ? fromMicros(toMicros(last.balance) - toMicros(first.balance)) : '0.000000',
    discrepancy,
    discrepancyUsdt: multiply(discrepancy, provider.rate_to_usdt),
    toleranceUsdt: DISCREPANCY_TOLERANCE_USDT,
    warning: isWarning(discrepancy, provider.rate_to_usdt),
    credits: money(totals.credit),
    pendingNegative: money(totals.pending_negative),
    pendingPositive: money(totals.pending_positive),
    intervals: intervals.map((r) => ({
      id: r.id,
      from: iso(r.from_at),
      to: iso(r.read_at),
      balanceFrom: money(r.from_balance),
      balanceTo: money(r.balance),
      actual: money(r.actual ?? '0'),
      expected: money(r.expected ?? '0'),
      unexplained: money(r.unexplained ?? '0'),
      open: money(r.open_amount),
      discrepancy: money(r.discrepancy),
      credit: money(r.credit),
    })),
  };
}
