import {
  CARD_TYPES,
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
 * a price, with the lowest price (country level, any validity and card type, as the store prices
 * them) and the "new" stock as a band. Computed in four queries and kept for `ttlMs`, so visitors
 * (anonymous, so unlimited in number) cost the database one computation per period and process.
 */
export function createPublicPriceService({ db, ttlMs }: { db: Db; ttlMs: number }) {
  let cached: { at: number; list: Promise<PublicPriceList> } | null = null;

  async function compute(): Promise<PublicPriceList> {
    const [countries, used, applications, rules] = await Promise.all([
      sellableNumbersByCountry(db),
      usedNumbersByApplication(db),
      enabledApplications(db),
      countryPriceRules(db),
    ]);
    const usedCount = new Map(used.map((u) => [`${u.application_id}:${u.country_code.trim()}`, u.used]));
    const validityIds = [...new Set(rules.map((r) => r.validity_option_id))];
    countries.sort((a, b) => a.sort_order - b.sort_order || a.country_code.localeCompare(b.country_code));
    const items: PublicPrice[] = [];
    for (const app of applications) {
      for (const country of countries) {
        const code = country.country_code.trim();
        let lowest: bigint | null = null;
        for (const validityOptionId of validityIds) {
          for (const cardType of CARD_TYPES) {
            const price = pickPrice(rules, {
              applicationId: app.id,
              countryCode: code,
              operatorId: null,
              cardType,
              validityOptionId,
            });
            if (price === null) continue;
            const micros = toMicros(price);
            if (lowest === null || micros < lowest) lowest = micros;
          }
        }
        if (lowest === null) continue;
        const fresh = country.numbers - (usedCount.get(`${app.id}:${code}`) ?? 0);
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
          lowestPrice: fromMicros(lowest),
          stockLevel: stockLevelOf(fresh),
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
