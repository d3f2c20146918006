import { moneyNumber } from '../common/activation-reader';
import { allOperators, compatCountries, operatorsOf } from '../common/catalog.repository';
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

  /** getPricesVerification: keyed service → country → `{count, price}`. */
  async getPricesVerification(call: Call) {
    const { deps, params } = call;
    const service = params.service === undefined ? null : await resolveService(deps, params.service);
    const list = await offers(deps, {
      validityOptionId: (await activationValidity(deps)).id,
      applicationId: service?.id,
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

  /** `{"wa":90,...}`: new numbers per service in a country (and operator). */
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
    });
    const out: Record<string, number> = {};
    for (const o of list) out[o.service.code] = o.count;
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

  /** `{"2":{"id":2,"rus":..,"eng":..,"chn":..,"visible":1,"retry":1,"rent":1,"multiService":0}}`. */
  async getCountries(call: Call) {
    const out: Record<string, unknown> = {};
    for (const c of await compatCountries(call.deps.db)) {
      if (c.sms_activate_id === null) continue;
      const known = names[String(c.sms_activate_id)];
      out[c.sms_activate_id] = {
        id: c.sms_activate_id,
        rus: known?.rus ?? c.name_en,
        eng: known?.eng ?? c.name_en,
        chn: c.name_zh,
        visible: 1,
        retry: 1,
        rent: 1,
        multiService: 0,
      };
    }
    return out;
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
