import { moneyNumber } from '../common/activation-reader';
import {
  allOperators,
  type CompatCountry,
  compatCountries,
  countryByFivesimSlug,
  enabledValidities,
  wholeNumberService,
} from '../common/catalog.repository';
import type { CompatDeps } from '../common/compat-context';
import { entry } from '../common/entry';
import { type Offer, offers } from '../common/offers';
import countryNames from './country-names.json';
import { fiveSimError } from './fs-errors';
import { HOSTING_HOURS } from './fs-order';

/** 5sim's names are lower-case words; anything else names nothing (and never reaches SQL). */
export const SLUG = /^[a-z0-9_-]{1,60}$/i;
const names = countryNames as Record<string, { ru: string; en: string }>;
const productOf = (o: Offer) => o.service.fivesim_product ?? o.service.code;

async function countryOrAny(deps: CompatDeps, slug: string): Promise<CompatCountry | null> {
  if (slug === 'any') return null;
  if (!SLUG.test(slug)) throw fiveSimError(400, 'bad country');
  const country = await countryByFivesimSlug(deps.db, slug.toLowerCase());
  if (!country?.enabled) throw fiveSimError(400, 'bad country');
  return country;
}

async function activationOption(deps: CompatDeps) {
  return (await enabledValidities(deps.db)).find((v) => v.kind === 'activation') ?? null;
}

export const guest = {
  /** `{"russia":{"iso":{"ru":1},"prefix":{"+7":1},"text_en":"Russia","text_ru":"Россия","beeline":{"activation":1}}}`. */
  async countries(deps: CompatDeps) {
    const [countries, operators] = await Promise.all([compatCountries(deps.db), allOperators(deps.db)]);
    const out: Record<string, Record<string, unknown>> = {};
    for (const c of countries) {
      if (!c.fivesim_slug) continue;
      const entry: Record<string, unknown> = {
        iso: { [c.code.trim().toLowerCase()]: 1 },
        prefix: { [c.dial_code]: 1 },
        text_en: names[c.fivesim_slug]?.en ?? c.name_en,
        text_ru: names[c.fivesim_slug]?.ru ?? c.name_en,
      };
      for (const o of operators) {
        if (o.country_code.trim() === c.code.trim() && o.code !== 'any')
          entry[o.fivesim_slug ?? o.code] = { activation: 1 };
      }
      out[c.fivesim_slug] = entry;
    }
    return out;
  },

  /** `{"telegram":{"Category":"activation","Qty":133,"Price":0.3},"1day":{"Category":"hosting",...}}`. */
  async products(deps: CompatDeps, countrySlug: string, operatorSlug: string) {
    const country = await countryOrAny(deps, countrySlug);
    let operatorId: number | undefined;
    if (operatorSlug !== 'any') {
      const op = (await allOperators(deps.db)).find(
        (o) =>
          (!country || o.country_code.trim() === country.code.trim()) &&
          (o.fivesim_slug ?? o.code) === operatorSlug,
      );
      if (!op) throw fiveSimError(400, 'bad operator');
      operatorId = op.id;
    }
    const out: Record<string, { Category: string; Qty: number; Price: number }> = {};
    const activation = await activationOption(deps);
    if (activation) {
      const list = await offers(deps, {
        validityOptionId: activation.id,
        countryCode: country?.code.trim(),
        operatorId,
      });
      for (const o of list) {
        const key = productOf(o);
        if (key === 'full') continue;
        const seen = out[key];
        if (!seen) out[key] = { Category: 'activation', Qty: o.count, Price: moneyNumber(o.price) };
        else {
          seen.Qty += o.count;
          seen.Price = Math.min(seen.Price, moneyNumber(o.price));
        }
      }
    }
    const rentals = (await enabledValidities(deps.db)).filter((v) => v.kind === 'rental');
    const whole = await wholeNumberService(deps.db);
    for (const [product, hours] of Object.entries(HOSTING_HOURS)) {
      const validity = rentals.find((v) => v.minutes >= hours * 60);
      if (!validity) continue;
      const list = (
        await offers(deps, { validityOptionId: validity.id, countryCode: country?.code.trim(), operatorId })
      ).filter((o) => o.service.id === whole?.id);
      if (list.length === 0) continue;
      out[product] = {
        Category: 'hosting',
        Qty: list.reduce((n, o) => n + o.count, 0),
        Price: Math.min(...list.map((o) => moneyNumber(o.price))),
      };
    }
    return out;
  },

  /** `{"russia":{"telegram":{"beeline":{"cost":0.3,"count":1260}}}}`, by country, product or both. */
  async prices(deps: CompatDeps, query: { country?: string; product?: string }) {
    const country = query.country ? await countryOrAny(deps, query.country) : null;
    const activation = await activationOption(deps);
    if (!activation) return {};
    const list = await offers(deps, {
      validityOptionId: activation.id,
      countryCode: country?.code.trim(),
      byOperator: true,
    });
    const operators = new Map((await allOperators(deps.db)).map((o) => [o.id, o.fivesim_slug ?? o.code]));
    const out: Record<string, Record<string, Record<string, { cost: number; count: number }>>> = {};
    for (const o of list) {
      const product = productOf(o);
      if (product === 'full' || !o.country.fivesim_slug) continue;
      if (query.product && product !== query.product) continue;
      const byProduct = entry(
        out,
        o.country.fivesim_slug,
        () => ({}) as Record<string, Record<string, { cost: number; count: number }>>,
      );
      const byOperator = entry(
        byProduct,
        product,
        () => ({}) as Record<string, { cost: number; count: number }>,
      );
      byOperator[operators.get(o.operatorId ?? 0) ?? 'any'] = { cost: moneyNumber(o.price), count: o.count };
    }
    return out;
  },
};
