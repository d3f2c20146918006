import type { Queryable } from '../../db/client';

/**
 * How long a country's answer is kept. Within it, numbers newly added to a country that had none of
 * ours can still be sold from other sources first (a sale, never a wrong one); a country whose own
 * stock ran out is still tried first until then (one purchase statement that finds nothing).
 */
export const OWN_STOCK_PRESENCE_TTL_MS = 5_000;

/**
 * Whether a country has numbers of our own that a purchase could pick (any state but `disabled`;
 * numbers sold for other sources are stored `disabled`). One index probe per (operator, state) on
 * `phone_numbers_pick_idx`, so a country with millions of numbers sold for providers, all
 * `disabled`, is not walked.
 */
async function hasOwnNumbers(q: Queryable, countryCode: string) {
  const [row] = await q.query<{ has: boolean }>(
    `select exists (
       select 1 from operators o
       where o.country_code = $1 and exists (
         select 1 from phone_numbers p
         where p.country_code = $1 and p.operator_id = o.id and p.state in ('available', 'in_use', 'cooling_down')
       )
     ) as has`,
    [countryCode],
    { prepare: 'store-own-stock-presence' },
  );
  return row?.has === true;
}

/**
 * A purchase in a country with no numbers of our own goes straight to the other sources (providers,
 * agents) instead of first running the purchase statement to learn that: three round trips less on
 * every such purchase. Per process, per country, for `OWN_STOCK_PRESENCE_TTL_MS`.
 */
export function ownStockPresence(q: Queryable, ttlMs = OWN_STOCK_PRESENCE_TTL_MS) {
  const known = new Map<string, { has: boolean; until: number }>();
  return {
    async has(countryCode: string): Promise<boolean> {
      const now = Date.now();
      const seen = known.get(countryCode);
      if (seen && seen.until > now) return seen.has;
      const has = await hasOwnNumbers(q, countryCode);
      known.set(countryCode, { has, until: now + ttlMs });
      return has;
    },
  };
}
