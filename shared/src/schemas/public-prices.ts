import { z } from 'zod';
import { CARD_TYPES } from './catalog';

/**
 * The public price list of /pricing (issue 14): what is on sale, without an account, as sms-activate
 * and 5sim show it. Stock is a band, not a count: exact counts per application and country would
 * tell anyone the operator's inventory and, polled, its sales; a band says what a buyer needs
 * (is it there, is there plenty).
 */
export const STOCK_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
/** Lower bounds of the bands: 1-9 low, 10-99 medium, 100 and more high. */
export const STOCK_LEVEL_BOUNDS = { low: 1, medium: 10, high: 100 } as const;

export function stockLevelOf(count: number): StockLevel {
  if (count >= STOCK_LEVEL_BOUNDS.high) return 'high';
  if (count >= STOCK_LEVEL_BOUNDS.medium) return 'medium';
  if (count >= STOCK_LEVEL_BOUNDS.low) return 'low';
  return 'none';
}

export const ZPublicPrice = z.object({
  applicationId: z.number().int(),
  applicationCode: z.string(),
  applicationNameZh: z.string(),
  applicationNameEn: z.string(),
  iconPath: z.string(),
  countryCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  flag: z.string(),
  dialCode: z.string(),
  /**
   * The lowest price a visitor can buy at: of any validity option, of a card type in stock (USDT,
   * exact decimal). When neither card type is in stock, the lowest of any, and `stockLevel` none.
   */
  lowestPrice: z.string(),
  /** The card type of that price. */
  cardType: z.enum(CARD_TYPES),
  /** The stock of that card type, as a band. */
  stockLevel: z.enum(STOCK_LEVELS),
});
export type PublicPrice = z.infer<typeof ZPublicPrice>;

export const ZPublicPriceList = z.object({
  /** When the list was computed (it is cached for a short while). */
  updatedAt: z.string(),
  items: z.array(ZPublicPrice),
});
export type PublicPriceList = z.infer<typeof ZPublicPriceList>;
