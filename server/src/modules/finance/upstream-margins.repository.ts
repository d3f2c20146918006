import type { Queryable } from '../../db/client';

export type ProviderMarginRow = {
  provider_id: number;
  provider_name: string;
  currency: string;
  activations: number;
  refunded_activations: number;
  paid: string;
  refunded: string;
  revenue: string;
};

/**
 * Per provider, the numbers it sold us in the period (activations created in it that became our
 * orders): what we paid it and what it refunded us (its cost ledger, USDT at the rate of the day), and
 * what our customers paid for them net of their refunds. Every provider is listed, idle ones with zeros.
 */
export const upstreamMarginsByProvider = (q: Queryable, range: { from?: string; to?: string }) =>
  q.query<ProviderMarginRow>(
    `select p.id as provider_id, p.name as provider_name, p.currency,
       count(a.id)::int as activations,
       count(a.id) filter (where r.refunded_at is not null)::int as refunded_activations,
       coalesce(sum(e.paid), 0)::text as paid,
       coalesce(sum(e.refunded), 0)::text as refunded,
       coalesce(sum(r.price - coalesce(r.refund_amount, 0)), 0)::text as revenue
     from upstream_providers p
     left join upstream_activations a on a.provider_id = p.id and a.rental_id is not null
       and ($1::timestamptz is null or a.created_at >= $1::timestamptz)
       and ($2::timestamptz is null or a.created_at < $2::timestamptz)
     left join rentals r on r.id = a.rental_id
     left join lateral (
       select sum(x.amount_usdt) filter (where x.kind = 'paid') as paid,
         sum(x.amount_usdt) filter (where x.kind = 'refunded') as refunded
       from upstream_cost_entries x where x.activation_id = a.id
     ) e on true
     group by p.id, p.name, p.currency
     order by p.name`,
    [range.from ?? null, range.to ?? null],
  );
