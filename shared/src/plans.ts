/** Mass SMS price plans per message (spec §1, §9), in USDT; basic includes 1000 free messages. */
export const PRICE_PLANS = [
  { key: 'basic', pricePerMessage: '0.05', freeMessages: 1000 },
  { key: 'pro', pricePerMessage: '0.04', freeMessages: 0 },
  { key: 'enterprise', pricePerMessage: '0.03', freeMessages: 0 },
] as const;
export type PricePlanKey = (typeof PRICE_PLANS)[number]['key'];
export const CURRENCY = 'USDT';
