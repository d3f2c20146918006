import { fromMicros, toMicros } from '@jiema/shared';

const SCALE = 1_000_000n;

/** a × b for two money strings, rounded half up to 6 places. */
export function multiply(a: string, b: string): string {
  const product = toMicros(a) * toMicros(b);
  return fromMicros((product + SCALE / 2n) / SCALE);
}

/**
 * Our price of a number the provider sells at `cost` (its currency): converted to USDT, plus the
 * percentage and the fixed margin, rounded UP to the cent (the money rules: never below the margin).
 */
export function ourPrice(
  cost: string,
  p: { rate_to_usdt: string; margin_percent: string; margin_fixed: string },
): string {
  const usdt = toMicros(cost) * toMicros(p.rate_to_usdt); // scale 10^12
  const withPercent = (usdt * (100n * SCALE + toMicros(p.margin_percent))) / (100n * SCALE); // still 10^12
  const micros = (withPercent + SCALE - 1n) / SCALE + toMicros(p.margin_fixed);
  const cents = 10_000n;
  return fromMicros(((micros + cents - 1n) / cents) * cents);
}

/**
 * The most we may pay the provider (its currency) for a number we sell at `price` USDT and still keep
 * the margin: (price − fixed) / (1 + percent) / rate, rounded DOWN, capped by the provider's ceiling.
 * Null when the fixed margin alone eats the price.
 */
export function maxCost(
  price: string,
  p: { rate_to_usdt: string; margin_percent: string; margin_fixed: string; price_ceiling: string | null },
): string | null {
  const net = toMicros(price) - toMicros(p.margin_fixed);
  if (net <= 0n) return null;
  const beforePercent = (net * 100n * SCALE) / (100n * SCALE + toMicros(p.margin_percent)); // micros USDT
  let cost = (beforePercent * SCALE) / toMicros(p.rate_to_usdt); // micros of the provider's currency
  if (p.price_ceiling !== null && cost > toMicros(p.price_ceiling)) cost = toMicros(p.price_ceiling);
  return cost > 0n ? fromMicros(cost) : null;
}

/** The terms `ourPrice` and `maxCost` read. */
export type PriceTerms = { margin_percent: string; margin_fixed: string; price_ceiling: string | null };

/** A per (country, application) rule of a provider: each field null keeps the provider's own. */
export type PriceRuleTerms = {
  margin_percent: string | null;
  margin_fixed: string | null;
  price_ceiling: string | null;
};

/**
 * The provider's terms for one (application, country): the most specific rule's fields where it sets
 * them (see `upstream_price_rules`), else the provider's. This is what decides whether we buy and the
 * `maxPrice` we send.
 */
export function termsFor<T extends PriceTerms>(provider: T, rule: PriceRuleTerms | null): T {
  if (!rule) return provider;
  return {
    ...provider,
    margin_percent: rule.margin_percent ?? provider.margin_percent,
    margin_fixed: rule.margin_fixed ?? provider.margin_fixed,
    price_ceiling: rule.price_ceiling ?? provider.price_ceiling,
  };
}
