import { moneyNumber } from '../common/activation-reader';
import {
  allOperators,
  compatCountries,
  countryAliases,
  enabledServices,
  operatorsOf,
} from '../common/catalog.repository';
import type { CompatCall } from '../common/compat-context';
import { entry } from '../common/entry';
import { offers } from '../common/offers';
import type { CompatParams } from '../common/params';
import countryNames from './country-names.json';
import { activationValidity, resolveCountry, resolveService } from './sa-resolve';

type Call = CompatCall<CompatParams>;
const names = countryNames as Record<string, { rus: string; eng: string }>;

/** A balance as sms-activate writes it: at least two decimals (`10.50`), never a rounded-away cent. */
export function balanceText(balance: string) {
  const [whole, frac = ''] = balance.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}

export const catalogActions = {
  async getBalance(call: Call) {
    return `ACCESS_BALANCE:${balanceText(await call.deps.keys.balance(call.user.id))}`;
  },
  /** No cashback here: the balance alone. */
  async getBalanceAndCashBack(call: Call) {
    return `ACCESS_BALANCE:${balanceText(await call.deps.keys.balance(call.user.id))}`;
  },

  /** `{"<country>":{"<service>":{"cost":..,"count":..,"physicalCount":..}}}`, activations. */
  async getPrices(call: Call) {
    const { deps, params } = call;
    const country = params.country === undefined ? null : await resolveCountry(deps, params.country);
    const service = params.service === undefined ? null : await resolveService(deps, params.service);
    const list = await offers(deps, {
      validityOptionId: (await activationValidity(deps)).id,
      countryCode: country?.code.trim(),
      applicationId: service?.id,
      withEmpty: service !== null && country !== null,
      demo: call.user.demo,
    });
    const out: Record<string, Record<string, { cost: number; count: number; physicalCount: number }>> = {};
    for (const o of list) {
      if (o.country.sms_activate_id === null) continue;
      const byService = entry(
        out,
        o.country.sms_activate_id,
        () => ({}) as Record<string, { cost: number; count: number; physicalCount: number }>,
      );
      byService[o.service.code] = { cost: moneyNumber(o.price), count: o.count, physicalCount: o.count };
    }
    return out;
  },

  /** getPrices with Free Price tiers: none are offered, so the same answer as getPrices. */
  getPricesExtended(call: Call) {
    return catalogActions.getPrices(call);
  },

  /** getPricesVerification: keyed service → country → `{count, price}`. */
  async getPricesVerification(call: Call) {
    const { deps, params } = call;
    const service = params.service === undefined ? null : await resolveService(deps, params.service);
    const list = await offers(deps, {
      validityOptionId: (await activationValidity(deps)).id,
      applicationId: service?.id,
      demo: call.user.demo,
    });
    const out: Record<string, Record<string, { count: number; price: number }>> = {};
    for (const o of list) {
      if (o.country.sms_activate_id === null) continue;
      const byCountry = entry(
        out,
        o.service.code,
        () => ({}) as Record<string, { count: number; price: number }>,
      );
      byCountry[o.country.sms_activate_id] = { count: o.count, price: moneyNumber(o.price) };
    }
    return out;
  },

  /**
   * `{"wa_0":90,...}`: new numbers per service in a country (and operator), keyed
   * `<service>_<forwarding>` as sms-activate sends them (the official Java client splits on `_`).
   * No forwarding here: every key ends `_0`.
   */
  async getNumbersStatus(call: Call) {
    const { deps, params } = call;
    const country = await resolveCountry(deps, params.country);
    const operators = params.operator ? await operatorsOf(deps.db, country.code.trim()) : [];
    const operator = operators.find((o) => o.code === params.operator?.toLowerCase() && o.code !== 'any');
    const list = await offers(deps, {
      validityOptionId: (await activationValidity(deps)).id,
      countryCode: country.code.trim(),
      operatorId: operator?.id,
      withEmpty: true,
      demo: call.user.demo,
    });
    const out: Record<string, number> = {};
    for (const o of list) out[`${o.service.code}_0`] = o.count;
    return out;
  },

  /** Countries with most numbers for a service: `{"0":{"country":2,"count":..,"price":..,"retail_price":..,"freePriceMap":{..}}}`. */
  async getTopCountriesByService(call: Call) {
    const { deps, params } = call;
    const service = params.service === undefined ? null : await resolveService(deps, params.service);
    const list = (
      await offers(deps, {
        validityOptionId: (await activationValidity(deps)).id,
        applicationId: service?.id,
        demo: call.user.demo,
      })
    ).filter((o) => o.country.sms_activate_id !== null);
    list.sort(
      (a, b) => b.count - a.count || (a.country.sms_activate_id ?? 0) - (b.country.sms_activate_id ?? 0),
    );
    const out: Record<string, unknown> = {};
    list.forEach((o, i) => {
      const price = moneyNumber(o.price);
      out[i] = {
        country: o.country.sms_activate_id,
        count: o.count,
        price,
        retail_price: price,
        freePriceMap: { [o.price.replace(/0+$/, '').replace(/\.$/, '')]: o.count },
      };
    });
    return out;
  },

  /** The same list per user rank: every user has the same prices here. */
  getTopCountriesByServiceRank(call: Call) {
    return catalogActions.getTopCountriesByService(call);
  },

  /**
   * `{"2":{"id":2,"rus":..,"eng":..,"chn":..,"visible":1,"retry":1,"rent":1,"multiService":0}}`: every
   * id getNumber accepts, the extra ones (12, the United States) included.
   */
  async getCountries(call: Call) {
    const countries = await compatCountries(call.deps.db);
    const byCode = new Map(countries.map((c) => [c.code.trim(), c]));
    const ids: { id: number; country: (typeof countries)[number] }[] = [];
    for (const c of countries)
      if (c.sms_activate_id !== null) ids.push({ id: c.sms_activate_id, country: c });
    for (const a of await countryAliases(call.deps.db)) {
      const country = byCode.get(a.country_code.trim());
      if (country && !ids.some((x) => x.id === a.sms_activate_id))
        ids.push({ id: a.sms_activate_id, country });
    }
    ids.sort((a, b) => a.id - b.id);
    const out: Record<string, unknown> = {};
    for (const { id, country } of ids) {
      const known = names[String(id)];
      out[id] = {
        id,
        rus: known?.rus ?? country.name_en,
        eng: known?.eng ?? country.name_en,
        chn: country.name_zh,
        visible: 1,
        retry: 1,
        rent: 1,
        multiService: 0,
      };
    }
    return out;
  },

  /** `{"status":"success","services":[{"code":"tg","name":"Telegram"}]}`: the services on sale. */
  async getServicesList(call: Call) {
    const services = await enabledServices(call.deps.db);
    return { status: 'success', services: services.map((s) => ({ code: s.code, name: s.name_en })) };
  },

  /** `{"status":"success","countryOperators":{"1":["life","mts"]}}`, one country or all. */
  async getOperators(call: Call) {
    const { deps, params } = call;
    const country = params.country === undefined ? null : await resolveCountry(deps, params.country);
    const countries = await compatCountries(deps.db);
    const idOf = new Map(countries.map((c) => [c.code.trim(), c.sms_activate_id]));
    const operators = country ? await operatorsOf(deps.db, country.code.trim()) : await allOperators(deps.db);
    const out: Record<string, string[]> = {};
    for (const o of operators) {
      const id = idOf.get(o.country_code.trim());
      if (id === null || id === undefined || o.code === 'any') continue;
      entry(out, id, () => []).push(o.code);
    }
    if (Object.keys(out).length === 0) return { status: 'error', error: 'OPERATORS_NOT_FOUND' };
    return { status: 'success', countryOperators: out };
  },
};
