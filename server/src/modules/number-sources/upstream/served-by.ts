import type { UpstreamServed } from '@jiema/shared';
import { fromMicros, toMicros } from '@jiema/shared';
import type { Queryable } from '../../../db/client';

type ServedRow = {
  order_id: number;
  rental_id: number;
  provider_id: number;
  provider_name: string;
  currency: string;
  upstream_id: string | null;
  state: string;
  outcome: string | null;
  provider_cost: string | null;
  paid: string;
  refunded: string;
  revenue: string;
};

/**
 * The provider behind sold upstream activations, with their money in USDT: what the provider kept
 * (its cost ledger: paid − refunded) against what the customer paid net of their refund. For
 * administrators' answers only; the customers' answers never carry it.
 */
async function servedRows(q: Queryable, column: 'order_id' | 'rental_id', ids: number[]) {
  if (ids.length === 0) return [];
  return q.query<ServedRow>(
    `select a.order_id, a.rental_id, a.provider_id, p.name as provider_name, p.currency, a.upstream_id, a.state, a.outcome,
       a.cost::text as provider_cost,
       coalesce((select sum(e.amount_usdt) from upstream_cost_entries e where e.activation_id = a.id and e.kind = 'paid'), 0)::text as paid,
       coalesce((select sum(e.amount_usdt) from upstream_cost_entries e where e.activation_id = a.id and e.kind = 'refunded'), 0)::text as refunded,
       (r.price - coalesce(r.refund_amount, 0))::text as revenue
     from upstream_activations a
     join upstream_providers p on p.id = a.provider_id
     join rentals r on r.id = a.rental_id
     where a.${column} = any($1::int[])`,
    [ids],
  );
}

const toServed = (r: ServedRow): UpstreamServed => {
  const cost = toMicros(r.paid) - toMicros(r.refunded);
  return {
    providerId: r.provider_id,
    providerName: r.provider_name,
    upstreamId: r.upstream_id,
    state: r.state,
    outcome: r.outcome,
    providerCost: r.provider_cost,
    currency: r.currency,
    cost: fromMicros(cost),
    revenue: fromMicros(toMicros(r.revenue)),
    margin: fromMicros(toMicros(r.revenue) - cost),
  };
};

/** Upstream orders are of one number, so one activation per order. */
export async function servedOrders(q: Queryable, orderIds: number[]) {
  return new Map((await servedRows(q, 'order_id', orderIds)).map((r) => [r.order_id, toServed(r)]));
}

export async function servedRentals(q: Queryable, rentalIds: number[]) {
  return new Map((await servedRows(q, 'rental_id', rentalIds)).map((r) => [r.rental_id, toServed(r)]));
}

/** Adds `upstream` (the provider, or null for our own stock) to administrators' orders or rentals. */
export async function withServedBy<T extends { id: number }>(
  q: Queryable,
  kind: 'order' | 'rental',
  items: T[],
): Promise<(T & { upstream: UpstreamServed | null })[]> {
  const ids = items.map((i) => i.id);
  const served = kind === 'order' ? await servedOrders(q, ids) : await servedRentals(q, ids);
  return items.map((i) => ({ ...i, upstream: served.get(i.id) ?? null }));
}
