import { fromMicros, PRICE_PLANS, type PricePlanKey, toMicros } from '@jiema/shared';

export function planOf(key: string) {
  return PRICE_PLANS.find((plan) => plan.key === key) ?? PRICE_PLANS[0];
}

/** Free segments a user still has on a plan (a plan without free messages has none, whatever was used). */
export function freeLeftOf(plan: PricePlanKey, freeUsed: number): number {
  return Math.max(0, planOf(plan).freeMessages - freeUsed);
}

/**
 * Splits a campaign's segments into free and charged, free first in queue order: each message gets
 * its own free segments and cost, so a refund of any subset of messages is exact.
 */
export function priceMessages(
  segmentsPerMessage: readonly number[],
  plan: PricePlanKey,
  freeLeft: number,
): {
  free: number[];
  costMicros: bigint[];
  totalSegments: number;
  freeSegments: number;
  amountMicros: bigint;
} {
  const price = toMicros(planOf(plan).pricePerMessage);
  let left = freeLeft;
  const free: number[] = [];
  const costMicros: bigint[] = [];
  let totalSegments = 0;
  let amountMicros = 0n;
  for (const segments of segmentsPerMessage) {
    const freeHere = Math.min(left, segments);
    left -= freeHere;
    const cost = BigInt(segments - freeHere) * price;
    free.push(freeHere);
    costMicros.push(cost);
    totalSegments += segments;
    amountMicros += cost;
  }
  return { free, costMicros, totalSegments, freeSegments: freeLeft - left, amountMicros };
}

export const money = (micros: bigint) => fromMicros(micros);
