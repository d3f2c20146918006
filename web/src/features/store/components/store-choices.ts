import {
  type CardType,
  type StoreAvailability,
  type StoreCountryOffer,
  type StoreOperatorOffer,
  type StorePrice,
  toMicros,
} from '@jiema/shared';

/** What the buyer has chosen on the store page. */
export type StoreChoice = {
  operatorId?: number;
  cardType: CardType;
  validityOptionId?: number;
  quantity?: number;
  prefix?: string;
  smsType: 'text' | 'voice';
};

/** The offer the choice is about: the operator's when one is chosen, else the whole country's. */
export function offerOf(country: StoreCountryOffer | undefined, operatorId: number | undefined) {
  if (!country) return undefined;
  const operator: StoreOperatorOffer | undefined =
    operatorId === undefined ? undefined : country.operators.find((o) => o.id === operatorId);
  return operator ?? country;
}

export function priceOf(
  prices: readonly StorePrice[] | undefined,
  cardType: CardType,
  validityOptionId: number | undefined,
) {
  return (
    prices?.find((p) => p.cardType === cardType && p.validityOptionId === validityOptionId)?.price ?? null
  );
}

/** The lowest price of a country over card types and validities (the "from" column). */
export function lowestPrice(country: StoreCountryOffer): string | null {
  let lowest: string | null = null;
  for (const p of country.prices) {
    if (p.price !== null && (lowest === null || toMicros(p.price) < toMicros(lowest))) lowest = p.price;
  }
  return lowest;
}

export const countryOf = (availability: StoreAvailability | undefined, code: string | undefined) =>
  code ? availability?.countries.find((c) => c.code === code) : undefined;
