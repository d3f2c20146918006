import {
  CARD_TYPES,
  type CardType,
  fromMicros,
  type PublicPrice,
  type PublicPriceList,
  stockLevelOf,
  toMicros,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import { pickPrice } from '../store/store.service';
import {
  countryPriceRules,
  enabledApplications,
  sellableNumbersByCountry,
  usedNumbersByApplication,
} from './public-prices.repository';

/**
 * The public price list: every enabled application in every enabled country that has numbers and
 * a price, with the lowest price a visitor can buy at (country level, any validity, of a card type
 * in stock, as the store prices them), that card type, and its stock as a band. A price of a card
 * type without stock is no offer: it is shown only when nothing is in stock (band "none"). Computed in four queries and kept for `ttlMs`, so visitors
 * (anonymous, so unlimited in number) cost the database one computation per period and process.
 */
export function createPublicPriceService({
  db,
  ttlMs,
  cooldownMinutes,
}: {
  db: Db;
  ttlMs: number;
  cooldownMinutes: number;
}) {
  let cached: { at: number; list: Promise<PublicPriceList> } | null = null;

  async function compute(): Promise<PublicPriceList> {
    const [countries, used, applications, rules] = await Promise.all([
      sellableNumbersByCountry(db),
      usedNumbersByApplication(db, cooldownMinutes),
      enabledApplications(db),
      countryPriceRules(db),
    ]);
    const usedOf = new Map(used.map((u) => [`${u.application_id}:${u.country_code.trim()}`, u]));
    const validityIds = [...new Set(rules.map((r) => r.validity_option_id))];
    countries.sort((a, b) => a.sort_order - b.sort_order || a.country_code.localeCompare(b.country_code));
    const items: PublicPrice[] = [];
    for (const app of applications) {
      for (const country of countries) {
        const code = country.country_code.trim();
        const usage = usedOf.get(`${app.id}:${code}`);
        const stock: Record<CardType, number> = {
          new: country.numbers - (usage?.used ?? 0),
          used: usage?.free ?? 0,
        };
        const offer = cheapestOffer(CARD_TYPES, validityIds, stock, (cardType, validityOptionId) =>
          pickPrice(rules, {
            applicationId: app.id,
            countryCode: code,
            operatorId: null,
            cardType,
            validityOptionId,
          }),
        );
        if (!offer) continue;
        items.push({
          applicationId: app.id,
          applicationCode: app.code,
          applicationNameZh: app.name_zh,
          applicationNameEn: app.name_en,
          iconPath: app.icon_path,
          countryCode: code,
          countryNameZh: country.name_zh,
          countryNameEn: country.name_en,
          flag: country.flag,
          dialCode: country.dial_code,
          lowestPrice: fromMicros(offer.micros),
          cardType: offer.cardType,
          stockLevel: stockLevelOf(stock[offer.cardType]),
        });
      }
    }
    return { updatedAt: new Date().toISOString(), items };
  }

  return {
    list(): Promise<PublicPriceList> {
      const now = Date.now();
      if (!cached || now - cached.at >= ttlMs) {
        const list = compute();
        cached = { at: now, list };
        // A failed computation is not kept: the next visitor tries again.
        list.catch(() => {
          if (cached?.list === list) cached = null;
        });
      }
      return cached.list;
    },
  };
}

type Offer = { cardType: CardType; micros: bigint };

/**
 * The cheapest price over validities of the card types in stock; when none is in stock, the cheapest
 * of any card type (its band reads "none"). Null without any price.
 */
function cheapestOffer(
  cardTypes: readonly CardType[],
  validityIds: readonly number[],
  stock: Record<CardType, number>,
  priceOf: (cardType: CardType, validityOptionId: number) => string | null,
): Offer | null {
  let inStock: Offer | null = null;
  let any: Offer | null = null;
  for (const cardType of cardTypes) {
    for (const validityOptionId of validityIds) {
      const price = priceOf(cardType, validityOptionId);
      if (price === null) continue;
      const offer = { cardType, micros: toMicros(price) };
      if (!any || offer.micros < any.micros) any = offer;
      if (stock[cardType] > 0 && (!inStock || offer.micros < inStock.micros)) inStock = offer;
    }
  }
  return inStock ?? any;
}
