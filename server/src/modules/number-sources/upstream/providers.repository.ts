import type { Queryable } from '../../../db/client';
import { termsFor } from './pricing';
import type { ProviderFault } from './provider-client';
import { rateOf, successRates } from './success-rates';

export type ProviderRow = {
  id: number;
  name: string;
  protocol: 'sms-activate' | '5sim';
  base_url: string;
  api_key: string;
  currency: string;
  rate_to_usdt: string;
  margin_percent: string;
  margin_fixed: string;
  price_ceiling: string | null;
  enabled: boolean;
  priority: number;
  low_balance: string;
  balance: string | null;
  balance_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  consecutive_failures: number;
  breaker_open_until: Date | null;
  offers_refreshed_at: Date | null;
  /** The secret part of its webhook address (sms-activate webhooks). */
  webhook_secret: string;
  created_at: Date;
};

/** The provider's columns, money as text, from the table aliased `p`. */
const COLUMNS = `p.id, p.name, p.protocol, p.base_url, p.api_key, p.currency, p.rate_to_usdt::text as rate_to_usdt,
  p.margin_percent::text as margin_percent, p.margin_fixed::text as margin_fixed, p.price_ceiling::text as price_ceiling,
  p.enabled, p.priority, p.low_balance::text as low_balance, p.balance::text as balance, p.balance_at, p.last_error,
  p.last_error_at, p.consecutive_failures, p.breaker_open_until, p.offers_refreshed_at, p.webhook_secret, p.created_at`;

export const listProviders = (q: Queryable) =>
  q.query<ProviderRow>(`select ${COLUMNS} from upstream_providers p order by p.priority desc, p.id`);

export async function findProvider(q: Queryable, id: number, lock = false) {
  const rows = await q.query<ProviderRow>(
    `select ${COLUMNS} from upstream_providers p where p.id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export type ProviderWrite = {
  name: string;
  protocol: 'sms-activate' | '5sim';
  baseUrl: string;
  currency: string;
  rateToUsdt: string;
  marginPercent: string;
  marginFixed: string;
  priceCeiling: string | null;
  enabled: boolean;
  priority: number;
  lowBalance: string;
};

const WRITE_VALUES = (w: ProviderWrite) => [
  w.name,
  w.protocol,
  w.baseUrl,
  w.currency,
  w.rateToUsdt,
  w.marginPercent,
  w.marginFixed,
  w.priceCeiling,
  w.enabled,
  w.priority,
  w.lowBalance,
];

export async function insertProvider(q: Queryable, w: ProviderWrite, apiKey: string) {
  const [row] = await q.query<{ id: number }>(
    `insert into upstream_providers (name, protocol, base_url, currency, rate_to_usdt, margin_percent, margin_fixed,
       price_ceiling, enabled, priority, low_balance, api_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (name) do nothing returning id`,
    [...WRITE_VALUES(w), apiKey],
  );
  return row?.id ?? null;
}

/** Updates a provider; a null key keeps the stored one. False: the name belongs to another provider. */
export async function updateProvider(q: Queryable, id: number, w: ProviderWrite, apiKey: string | null) {
  const taken = await q.query('select 1 from upstream_providers where name = $1 and id <> $2', [w.name, id]);
  if (taken.length > 0) return false;
  await q.query(
    `update upstream_providers set name = $1, protocol = $2, base_url = $3, currency = $4, rate_to_usdt = $5,
       margin_percent = $6, margin_fixed = $7, price_ceiling = $8, enabled = $9, priority = $10, low_balance = $11,
       api_key = coalesce($12, api_key), updated_at = now(),
       -- A changed provider gets a fresh chance.
       consecutive_failures = 0, breaker_open_until = null
     where id = $13`,
    [...WRITE_VALUES(w), apiKey, id],
  );
  return true;
}

/** One call's outcome in the minute's counters. */
/** Counts one request in the provider's minute (requests, and errors when `failed`), as a CTE. */
const COUNT_REQUEST = `counted as (
  insert into upstream_request_stats (provider_id, minute, requests, errors)
  values ($1, date_trunc('minute', now()), 1, $2)
  on conflict (provider_id, minute) do update set requests = upstream_request_stats.requests + 1,
    errors = upstream_request_stats.errors + excluded.errors)`;

/**
 * A request that failed, counted, and the fault: shown as the last error; from the third in a row the
 * breaker keeps the provider out of routing for 30 s, doubling up to 8 minutes. Bad key and no balance
 * open it at once (they do not heal by themselves). One statement: it is on a customer's purchase path.
 */
export async function countFault(q: Queryable, providerId: number, fault: ProviderFault, message: string) {
  const immediate = fault === 'bad_key' || fault === 'no_balance';
  await q.query(
    `with ${COUNT_REQUEST}
     update upstream_providers set last_error = $3, last_error_at = now(),
       consecutive_failures = consecutive_failures + 1,
       breaker_open_until = case when $4::boolean or consecutive_failures + 1 >= 3
         then now() + make_interval(secs => 30 * power(2, least(greatest(consecutive_failures - 2, 0), 4)))
         else breaker_open_until end
     where id = $1`,
    [providerId, 1, message.slice(0, 300), immediate],
  );
}

/** A request that succeeded, counted; the success closes the breaker (written only when something was open). */
export async function countSuccess(q: Queryable, providerId: number) {
  await q.query(
    `with ${COUNT_REQUEST}
     update upstream_providers set consecutive_failures = 0, breaker_open_until = null
     where id = $1 and (consecutive_failures > 0 or breaker_open_until is not null)`,
    [providerId, 0],
  );
}

export async function saveBalance(q: Queryable, providerId: number, balance: string) {
  await q.query('update upstream_providers set balance = $2, balance_at = now() where id = $1', [
    providerId,
    balance,
  ]);
}

// ---------------------------------------------------------------- codes and offers

export type CodeRow = {
  kind: 'service' | 'country';
  code: string;
  auto_ref: string | null;
  override_ref: string | null;
};

/** Our catalog's codes for the automatic mapping of each protocol (compat-ids.md). */
export async function catalogRefs(q: Queryable, protocol: 'sms-activate' | '5sim') {
  const services = await q.query<{ code: string; ref: string }>(
    protocol === '5sim'
      ? `select coalesce(fivesim_product, code) as code, id::text as ref from applications
         union select code, id::text from applications where fivesim_product is not null and fivesim_product <> code`
      : 'select code, id::text as ref from applications',
  );
  const countries = await q.query<{ code: string; ref: string }>(
    protocol === '5sim'
      ? `select fivesim_slug as code, code::text as ref from countries where fivesim_slug is not null`
      : `select sms_activate_id::text as code, code::text as ref from countries where sms_activate_id is not null
         union select a.sms_activate_id::text, a.country_code::text from compat_country_aliases a`,
  );
  return {
    service: new Map(services.map((r) => [r.code, r.ref])),
    country: new Map(countries.map((r) => [r.code, r.ref.trim()])),
  };
}

/** Records the codes a provider answered with and their automatic mapping; overrides are kept. */
export async function saveCodes(q: Queryable, providerId: number, codes: Omit<CodeRow, 'override_ref'>[]) {
  if (codes.length === 0) return;
  await q.query(
    `insert into upstream_codes (provider_id, kind, code, auto_ref, seen_at)
     select $1, k, c, a, now() from unnest($2::text[], $3::text[], $4::text[]) as t(k, c, a)
     on conflict (provider_id, kind, code) do update set auto_ref = excluded.auto_ref, seen_at = now()`,
    [providerId, codes.map((c) => c.kind), codes.map((c) => c.code), codes.map((c) => c.auto_ref)],
  );
}

export const codesOf = (q: Queryable, providerId: number) =>
  q.query<CodeRow>(
    `select kind, code, auto_ref, override_ref from upstream_codes where provider_id = $1 order by kind, code`,
    [providerId],
  );

export async function setOverride(
  q: Queryable,
  providerId: number,
  kind: 'service' | 'country',
  code: string,
  ref: string | null,
) {
  const rows = await q.query(
    `update upstream_codes set override_ref = $4 where provider_id = $1 and kind = $2 and code = $3 returning code`,
    [providerId, kind, code, ref],
  );
  return rows.length > 0;
}

export type OfferWrite = {
  applicationId: number;
  countryCode: string;
  service: string;
  country: string;
  cost: string;
  count: number;
};

/** Replaces a provider's offers with the latest answer, in the caller's transaction. */
export async function replaceOffers(q: Queryable, providerId: number, offers: OfferWrite[]) {
  await q.query('delete from upstream_offers where provider_id = $1', [providerId]);
  if (offers.length > 0) {
    await q.query(
      `insert into upstream_offers (provider_id, application_id, country_code, service_code, country_ref, cost, count)
       select $1, a, c, s, r, cost, n
       from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::int[]) as t(a, c, s, r, cost, n)
       where exists (select 1 from applications where id = t.a) and exists (select 1 from countries where code = t.c)
       on conflict do nothing`,
      [
        providerId,
        offers.map((o) => o.applicationId),
        offers.map((o) => o.countryCode),
        offers.map((o) => o.service),
        offers.map((o) => o.country),
        offers.map((o) => o.cost),
        offers.map((o) => o.count),
      ],
    );
  }
  await q.query('update upstream_providers set offers_refreshed_at = now() where id = $1', [providerId]);
}

/** A provider's candidate for one purchase: its offer and routing facts. */
export type RouteCandidate = ProviderRow & {
  service_code: string;
  country_ref: string;
  cost: string;
  count: number;
  success_rate: number | null;
};

/**
 * Providers that may serve (application, country) now: enabled, breaker closed, a fresh offer with
 * stock, and their recent success rate for exactly this pair (success-rates.ts, the same numbers the
 * providers screen shows). Their
 * margin and ceiling are those of the most specific price rule for the pair (`termsFor`).
 */
export async function routeCandidates(q: Queryable, applicationId: number, countryCode: string) {
  const [rows, rateRows] = await Promise.all([
    q.query<
      Omit<RouteCandidate, 'success_rate'> & {
        rule_id: number | null;
        rule_margin_percent: string | null;
        rule_margin_fixed: string | null;
        rule_price_ceiling: string | null;
      }
    >(
      `select ${COLUMNS},
       o.service_code, o.country_ref, o.cost::text as cost, o.count,
       r.id as rule_id, r.margin_percent::text as rule_margin_percent, r.margin_fixed::text as rule_margin_fixed,
       r.price_ceiling::text as rule_price_ceiling
     from upstream_providers p join upstream_offers o on o.provider_id = p.id
     left join lateral (
       select x.id, x.margin_percent, x.margin_fixed, x.price_ceiling from upstream_price_rules x
       where x.provider_id = p.id and (x.application_id = $1 or x.application_id is null)
         and (x.country_code = $2 or x.country_code is null)
       order by (x.application_id is not null) desc, (x.country_code is not null) desc
       limit 1
     ) r on true
     where p.enabled and (p.breaker_open_until is null or p.breaker_open_until < now())
       and o.application_id = $1 and o.country_code = $2 and o.count > 0
       and o.refreshed_at > now() - interval '10 minutes'`,
      [applicationId, countryCode],
    ),
    successRates(q, { applicationId, countryCode }),
  ]);
  const rates = new Map(rateRows.map((r) => [r.provider_id, rateOf(r.ended, r.delivered)]));
  return rows.map(({ rule_id, rule_margin_percent, rule_margin_fixed, rule_price_ceiling, ...c }) =>
    termsFor(
      { ...c, success_rate: rates.get(c.id) ?? null },
      rule_id === null
        ? null
        : {
            margin_percent: rule_margin_percent,
            margin_fixed: rule_margin_fixed,
            price_ceiling: rule_price_ceiling,
          },
    ),
  );
}
