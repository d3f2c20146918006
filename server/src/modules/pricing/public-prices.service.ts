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
  activationValidityIds,
  countryPriceRules,
  enabledApplications,
  sellableNumbersByCountry,
  upstreamNumbers,
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
    const [countries, used, applications, rules, upstream, activationIds] = await Promise.all([
      sellableNumbersByCountry(db),
      usedNumbersByApplication(db, cooldownMinutes),
      enabledApplications(db),
      countryPriceRules(db),
      upstreamNumbers(db),
      activationValidityIds(db),
    ]);
    const usedOf = new Map(used.map((u) => [`${u.application_id}:${u.country_code.trim()}`, u]));
    const upstreamOf = new Map(
      upstream.map((u) => [`${u.application_id}:${u.country_code.trim()}`, u.count]),
    );
    const validityIds = [...new Set(rules.map((r) => r.validity_option_id))];
    countries.sort((a, b) => a.sort_order - b.sort_order || a.country_code.localeCompare(b.country_code));
    const items: PublicPrice[] = [];
    for (const app of applications) {
      for (const country of countries) {
        const code = country.country_code.trim();
        const usage = usedOf.get(`${app.id}:${code}`);
        const upstreamCount = upstreamOf.get(`${app.id}:${code}`) ?? 0;
        // A country with providers' numbers only: just the applications they offer there.
        if (country.numbers === 0 && upstreamCount === 0) continue;
        const own: Record<CardType, number> = {
          new: country.numbers - (usage?.used ?? 0),
          used: usage?.free ?? 0,
        };
        const priceOf = (cardType: CardType, validityOptionId: number) =>
          pickPrice(rules, {
            applicationId: app.id,
            countryCode: code,
            operatorId: null,
            cardType,
            validityOptionId,
          });
        const ownOffer = cheapestOffer(CARD_TYPES, validityIds, own, priceOf);
        // Upstream numbers are new ones sold as activations.
        const upstreamOffer =
          upstreamCount > 0
            ? cheapestOffer(['new'], activationIds, { new: upstreamCount, used: 0 }, priceOf).inStock
            : null;
        const inStock = cheaper(ownOffer.inStock, upstreamOffer);
        const offer = inStock ?? ownOffer.any;
        const stock: Record<CardType, number> = { new: own.new + upstreamCount, used: own.used };
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

const cheaper = (a: Offer | null, b: Offer | null) => (!a ? b : !b ? a : b.micros < a.micros ? b : a);

/**
 * The cheapest price over validities of the card types in stock, and the cheapest of any card type
 * (shown, band "none", when nothing is in stock). Null without a price.
 */
function cheapestOffer(
  cardTypes: readonly CardType[],
  validityIds: readonly number[],
  stock: Record<CardType, number>,
  priceOf: (cardType: CardType, validityOptionId: number) => string | null,
): { inStock: Offer | null; any: Offer | null } {
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
  return { inStock, any };
}
