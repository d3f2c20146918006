import type { Queryable } from '../../db/client';
import { type PriceRuleRow, priceRulesFor } from '../../modules/store/store.repository';

export type CompatCountry = {
  code: string;
  dial_code: string;
  name_en: string;
  name_zh: string;
  sms_activate_id: number | null;
  fivesim_slug: string | null;
  enabled: boolean;
};
export type CompatService = {
  id: number;
  code: string;
  fivesim_product: string | null;
  name_en: string;
  enabled: boolean;
};
export type CompatOperator = { id: number; code: string; fivesim_slug: string | null; country_code: string };
export type CompatValidity = { id: number; kind: 'activation' | 'rental'; minutes: number };

const COUNTRY_COLUMNS = `c.code::text as code, c.dial_code, c.name_en, c.name_zh,
  coalesce(c.sms_activate_id, (select min(x.sms_activate_id) from compat_country_aliases x where x.country_code = c.code)) as sms_activate_id,
  c.fivesim_slug, c.enabled`;

/** A country by sms-activate id (its own or an alias such as 12 for the United States). */
export async function countryBySmsActivateId(q: Queryable, id: number) {
  const rows = await q.query<CompatCountry>(
    `select ${COUNTRY_COLUMNS} from countries c
     where c.sms_activate_id = $1 or c.code = (select country_code from compat_country_aliases where sms_activate_id = $1)
     order by (c.sms_activate_id = $1) desc nulls last limit 1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function countryByFivesimSlug(q: Queryable, slug: string) {
  const rows = await q.query<CompatCountry>(
    `select ${COUNTRY_COLUMNS} from countries c where c.fivesim_slug = $1`,
    [slug],
  );
  return rows[0] ?? null;
}

/** Enabled countries that have a compat id, in the catalog's order. */
export function compatCountries(q: Queryable) {
  return q.query<CompatCountry>(
    `select ${COUNTRY_COLUMNS} from countries c where c.enabled order by c.sort_order, c.code`,
  );
}

/** The extra sms-activate ids of enabled countries (12 for the United States), which getNumber accepts too. */
export function countryAliases(q: Queryable) {
  return q.query<{ sms_activate_id: number; country_code: string }>(
    `select x.sms_activate_id, x.country_code::text as country_code from compat_country_aliases x
     join countries c on c.code = x.country_code and c.enabled order by x.sms_activate_id`,
  );
}

export async function serviceByCode(q: Queryable, code: string) {
  const rows = await q.query<CompatService>(
    'select id, code, fivesim_product, name_en, enabled from applications where code = $1',
    [code],
  );
  return rows[0] ?? null;
}

/** 5sim product → application: its 5sim name, else the sms-activate code itself. */
export async function serviceByFivesimProduct(q: Queryable, product: string) {
  const rows = await q.query<CompatService>(
    `select id, code, fivesim_product, name_en, enabled from applications
     where fivesim_product = $1 or code = $1 order by (fivesim_product = $1) desc limit 1`,
    [product],
  );
  return rows[0] ?? null;
}

export function enabledServices(q: Queryable) {
  return q.query<CompatService>(
    'select id, code, fivesim_product, name_en, enabled from applications where enabled order by sort_order, code',
  );
}

/** The enabled operators of a country, "any" included. */
export function operatorsOf(q: Queryable, countryCode: string) {
  return q.query<CompatOperator>(
    `select id, code, fivesim_slug, country_code::text as country_code from operators
     where country_code = $1 and enabled order by sort_order, code`,
    [countryCode],
  );
}

export function allOperators(q: Queryable) {
  return q.query<CompatOperator>(
    `select o.id, o.code, o.fivesim_slug, o.country_code::text as country_code from operators o
     join countries c on c.code = o.country_code and c.enabled where o.enabled order by o.sort_order, o.code`,
  );
}

/** The validity options on sale, shortest first. */
export function enabledValidities(q: Queryable) {
  return q.query<CompatValidity>(
    'select id, kind, minutes from validity_options where enabled order by minutes, id',
  );
}

/** Every enabled price rule (whatever application), with enabled validities only. */
export function allPriceRules(q: Queryable) {
  return q.query<PriceRuleRow>(
    `select r.id, r.application_id, r.country_code::text as country_code, r.operator_id, r.card_type, r.validity_option_id,
       r.price::text as price
     from price_rules r join validity_options v on v.id = r.validity_option_id and v.enabled where r.enabled`,
  );
}
export { priceRulesFor };

export type StockCount = {
  application_id: number;
  country_code: string;
  operator_id: number | null;
  count: number;
};

/**
 * Numbers on sale as "new" cards (never rented for the application), per application, country and
 * (with `byOperator`) operator: the numbers of the country minus those used for the application.
 * Two grouped passes, whatever the number of applications.
 */
export async function newStock(
  q: Queryable,
  filter: {
    countryCode?: string;
    operatorId?: number;
    applicationId?: number;
    byOperator?: boolean;
    /** The demo customer's stock (DEMO=on numbers), else the real one: what the caller can buy. */
    demo?: boolean;
  },
): Promise<StockCount[]> {
  const by = filter.byOperator ? 'p.operator_id' : 'null::int';
  const values = [
    filter.countryCode ?? null,
    filter.operatorId ?? null,
    filter.applicationId ?? null,
    filter.demo === true,
  ];
  // The purchase statement sells demo numbers to the demo customer alone, and real ones to everyone else.
  const where = `p.state <> 'disabled' and p.demo = $4::boolean and ($1::text is null or p.country_code = $1::text)
    and ($2::int is null or p.operator_id = $2::int)`;
  const [totals, used, apps, upstream] = await Promise.all([
    q.query<{ country_code: string; operator_id: number | null; n: number }>(
      `select p.country_code::text as country_code, ${by} as operator_id, count(*)::int as n
       from phone_numbers p join operators o on o.id = p.operator_id and o.enabled
       join countries c on c.code = p.country_code and c.enabled
       where ${where} and ($3::int is null or true) group by 1, 2`,
      values,
    ),
    q.query<{ application_id: number; country_code: string; operator_id: number | null; n: number }>(
      `select u.application_id, p.country_code::text as country_code, ${by} as operator_id, count(*)::int as n
       from phone_number_app_usage u join phone_numbers p on p.id = u.phone_number_id
       join operators o on o.id = p.operator_id and o.enabled
       where ${where} and ($3::int is null or u.application_id = $3::int) group by 1, 2, 3`,
      values,
    ),
    q.query<{ id: number }>(
      'select id from applications where enabled and ($1::int is null or id = $1::int)',
      [filter.applicationId ?? null],
    ),
    // Upstream providers' numbers count as new numbers of the country's "any" operator (never for the
    // demo customer, who buys demo numbers only).
    q.query<{ application_id: number; country_code: string; operator_id: number | null; n: number }>(
      `select u.application_id, u.country_code::text as country_code, ${filter.byOperator ? 'o.id' : 'null::int'} as operator_id,
         u.count as n
       from upstream_stock u join operators o on o.country_code = u.country_code and o.code = 'any'
       join countries c on c.code = u.country_code and c.enabled
       where ($1::text is null or u.country_code = $1::text) and ($2::int is null or o.id = $2::int)
         and ($3::int is null or u.application_id = $3::int)
         and not $4::boolean`,
      values,
    ),
  ]);
  const usedBy = new Map(used.map((u) => [`${u.application_id}|${u.country_code}|${u.operator_id}`, u.n]));
  const out: StockCount[] = [];
  for (const app of apps) {
    for (const t of totals) {
      const n = t.n - (usedBy.get(`${app.id}|${t.country_code}|${t.operator_id}`) ?? 0);
      out.push({
        application_id: app.id,
        country_code: t.country_code,
        operator_id: t.operator_id,
        count: n,
      });
    }
  }
  const enabledApps = new Set(apps.map((a) => a.id));
  const keyOf = (o: Omit<StockCount, 'count'>) =>
    `${o.application_id}|${o.country_code.trim()}|${o.operator_id}`;
  const byKey = new Map(out.map((o) => [keyOf(o), o]));
  for (const u of upstream) {
    if (!enabledApps.has(u.application_id)) continue;
    const same = byKey.get(keyOf(u));
    if (same) same.count = Math.max(0, same.count) + u.n;
    else
      out.push({
        application_id: u.application_id,
        country_code: u.country_code,
        operator_id: u.operator_id,
        count: u.n,
      });
  }
  return out;
}

/**
 * The service a rental "of the whole number" is sold as (sms-activate `full`, 5sim hosting): `full`
 * when an administrator created it, else `ot` ("any other"), the seed's catch-all.
 */
export async function wholeNumberService(q: Queryable) {
  const rows = await q.query<CompatService>(
    `select id, code, fivesim_product, name_en, enabled from applications
     where code in ('full', 'ot') and enabled order by (code = 'full') desc limit 1`,
  );
  return rows[0] ?? null;
}
