import {
  type CompatCountry,
  type CompatOperator,
  type CompatService,
  countryBySmsActivateId,
  enabledValidities,
  operatorsOf,
  serviceByCode,
} from '../common/catalog.repository';
import type { CompatDeps } from '../common/compat-context';
import { CompatRefusal } from '../common/compat-error';
import type { CompatParams } from '../common/params';
import { commaList, positiveInt, priceParam } from '../common/params';

/** sms-activate's default country when none is given: 0 (Russia), as its clients expect. */
const DEFAULT_COUNTRY = 0;

export async function resolveService(deps: CompatDeps, code: string | undefined): Promise<CompatService> {
  if (!code || !/^[a-z0-9_]{1,20}$/i.test(code)) throw new CompatRefusal('BAD_SERVICE');
  const service = await serviceByCode(deps.db, code.toLowerCase());
  if (!service?.enabled) throw new CompatRefusal('BAD_SERVICE');
  return service;
}

export async function resolveCountry(deps: CompatDeps, raw: string | undefined): Promise<CompatCountry> {
  const id = raw === undefined ? DEFAULT_COUNTRY : /^\d{1,6}$/.test(raw) ? Number(raw) : null;
  if (id === null) throw new CompatRefusal('BAD_COUNTRY');
  const country = await countryBySmsActivateId(deps.db, id);
  if (!country?.enabled) throw new CompatRefusal('BAD_COUNTRY');
  return country;
}

/**
 * `operator=mts,beeline`: the country's operators named, in the order asked. sms-activate answers
 * with "the first operator that matches": names the country does not have are skipped, and when
 * none is left (or `any` was named) every operator will do.
 */
export async function resolveOperators(deps: CompatDeps, country: CompatCountry, raw: string | undefined) {
  const names = commaList(raw);
  if (names.length === 0 || names.includes('any')) return [] as CompatOperator[];
  const known = await operatorsOf(deps.db, country.code);
  return names.flatMap((n) => known.filter((o) => o.code.toLowerCase() === n || o.fivesim_slug === n));
}

/** `phoneException=7918,7900111`: country code and 3 to 6 more digits each. */
export function resolveExceptions(raw: string | undefined): string[] | 'invalid' {
  const list = commaList(raw);
  if (list.some((x) => !/^\+?\d{2,15}$/.test(x))) return 'invalid';
  return list.map((x) => `+${x.replace(/^\+/, '')}`);
}

export function resolveMaxPrice(params: CompatParams) {
  return priceParam(params.maxPrice ?? params.max_price);
}

export async function activationValidity(deps: CompatDeps) {
  const all = await enabledValidities(deps.db);
  const found = all.find((v) => v.kind === 'activation');
  if (!found) throw new CompatRefusal('NO_NUMBERS');
  return found;
}

/**
 * Rent hours (sms-activate `rent_time`, or `time` as its Python client sends) → the shortest rental
 * on sale that covers them. Default 2 hours, as sms-activate's.
 */
export async function rentalValidity(deps: CompatDeps, raw: string | undefined) {
  const hours = raw === undefined ? 2 : positiveInt(raw);
  if (hours === null || hours > 24 * 366) throw new CompatRefusal('INVALID_TIME');
  const all = await enabledValidities(deps.db);
  const found = all.find((v) => v.kind === 'rental' && v.minutes >= hours * 60);
  if (!found) throw new CompatRefusal('INVALID_TIME');
  return found;
}
