import { fromMicros, toMicros, type UpstreamFinanceReport } from '@jiema/shared';
import type { Db } from '../../db/client';
import { upstreamMarginsByProvider } from './upstream-margins.repository';

/** Cost, revenue and margin per upstream provider over a period, exact to the micro-USDT. */
export async function upstreamMargins(
  db: Db,
  range: { from?: string; to?: string },
): Promise<UpstreamFinanceReport> {
  const rows = await upstreamMarginsByProvider(db, range);
  const sum = { activations: 0, refundedActivations: 0, paid: 0n, refunded: 0n, revenue: 0n };
  const money = (paid: bigint, refunded: bigint, revenue: bigint) => ({
    paid: fromMicros(paid),
    refunded: fromMicros(refunded),
    cost: fromMicros(paid - refunded),
    revenue: fromMicros(revenue),
    margin: fromMicros(revenue - (paid - refunded)),
  });
  const out = rows.map((r) => {
    const paid = toMicros(r.paid);
    const refunded = toMicros(r.refunded);
    const revenue = toMicros(r.revenue);
    sum.activations += r.activations;
    sum.refundedActivations += r.refunded_activations;
    sum.paid += paid;
    sum.refunded += refunded;
    sum.revenue += revenue;
    return {
      providerId: r.provider_id,
      providerName: r.provider_name,
      currency: r.currency,
      activations: r.activations,
      refundedActivations: r.refunded_activations,
      ...money(paid, refunded, revenue),
    };
  });
  return {
    rows: out,
    total: {
      activations: sum.activations,
      refundedActivations: sum.refundedActivations,
      ...money(sum.paid, sum.refunded, sum.revenue),
    },
  };
}
