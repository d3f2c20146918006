import { pickPrice } from '../../modules/store/store.service';
import {
  allPriceRules,
  type CompatCountry,
  type CompatService,
  compatCountries,
  enabledServices,
  newStock,
} from './catalog.repository';
import type { CompatDeps } from './compat-context';

export type Offer = {
  service: CompatService;
  country: CompatCountry;
  operatorId: number | null;
  count: number;
  /** The price of one new number for this validity, as the store charges it. */
  price: string;
};

/**
 * What is on sale for a validity: new numbers per service and country (and operator), priced by
 * the store's own rules (`pickPrice`): the same stock and price list as the web store. Only pairs
 * with a price; `withEmpty` keeps those without stock.
 */
export async function offers(
  deps: CompatDeps,
  filter: {
    validityOptionId: number;
    countryCode?: string;
    operatorId?: number;
    applicationId?: number;
    byOperator?: boolean;
    withEmpty?: boolean;
    /** The demo customer's stock instead of the real one (guests and other users: false). */
    demo?: boolean;
  },
): Promise<Offer[]> {
  const [stock, rules, services, countries] = await Promise.all([
    newStock(deps.db, filter),
    allPriceRules(deps.db),
    enabledServices(deps.db),
    compatCountries(deps.db),
  ]);
  const serviceById = new Map(services.map((s) => [s.id, s]));
  const countryByCode = new Map(countries.map((c) => [c.code.trim(), c]));
  const out: Offer[] = [];
  for (const s of stock) {
    if (s.count <= 0 && !filter.withEmpty) continue;
    const service = serviceById.get(s.application_id);
    const country = countryByCode.get(s.country_code.trim());
    if (!service || !country) continue;
    const price = pickPrice(rules, {
      applicationId: service.id,
      countryCode: country.code.trim(),
      operatorId: s.operator_id,
      cardType: 'new',
      validityOptionId: filter.validityOptionId,
    });
    if (price === null) continue;
    out.push({ service, country, operatorId: s.operator_id, count: Math.max(0, s.count), price });
  }
  return out;
}
