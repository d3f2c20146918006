import type { Queryable } from '../../db/client';
import { FREE_FOR_APP, type PriceRuleRow } from '../store/store.repository';

export type SellableNumbers = {
  country_code: string;
  dial_code: string;
  name_zh: string;
  name_en: string;
  flag: string;
  sort_order: number;
  numbers: number;
};

/**
 * Numbers that can be sold at all (not disabled, enabled operator), per enabled country; a country
 * whose only numbers are upstream providers' is listed with 0 of our own.
 */
export function sellableNumbersByCountry(q: Queryable) {
  return q.query<SellableNumbers>(
    `select c.code as country_code, c.dial_code, c.name_zh, c.name_en, c.flag, c.sort_order, s.numbers
     from (
       select t.country_code, sum(t.n)::int as numbers from (
         select p.country_code, count(*) as n
         from phone_numbers p join operators o on o.id = p.operator_id and o.enabled
         where p.state <> 'disabled'
         group by p.country_code
         union all
         select u.country_code, 0 from upstream_stock u
         join operators o on o.country_code = u.country_code and o.code = 'any' and o.enabled
       ) t group by t.country_code
     ) s join countries c on c.code = s.country_code and c.enabled`,
  );
}

/**
 * Upstream providers' numbers per (application, country), as the store counts them: the `upstream_stock`
 * view of their cached offers (never a provider call), new numbers of the country's enabled "any"
 * operator, sold as activations.
 */
export function upstreamNumbers(q: Queryable) {
  return q.query<{ application_id: number; country_code: string; count: number }>(
    `select u.application_id, u.country_code::text as country_code, u.count
     from upstream_stock u
     join operators o on o.country_code = u.country_code and o.code = 'any' and o.enabled`,
  );
}

export async function activationValidityIds(q: Queryable) {
  const rows = await q.query<{ id: number }>(
    `select id from validity_options where enabled and kind = 'activation'`,
  );
  return rows.map((r) => r.id);
}

/**
 * Of those, the ones already used for each application (a usage row): what is left is the "new"
 * stock of the application in the country, exactly as the store counts it, in two grouped queries
 * instead of one pass over the numbers per application. `free` is the "used" stock: used numbers
 * nobody holds for the application and past its cooldown, as the store sells them.
 */
export function usedNumbersByApplication(q: Queryable, cooldownMinutes: number) {
  return q.query<{ application_id: number; country_code: string; used: number; free: number }>(
    `select u.application_id, p.country_code, count(*)::int as used,
       count(*) filter (where ${FREE_FOR_APP('u.application_id', '$1')})::int as free
     from phone_number_app_usage u
     join phone_numbers p on p.id = u.phone_number_id and p.state <> 'disabled'
     join operators o on o.id = p.operator_id and o.enabled
     group by u.application_id, p.country_code`,
    [cooldownMinutes],
  );
}

export function enabledApplications(q: Queryable) {
  return q.query<{ id: number; code: string; name_zh: string; name_en: string; icon_path: string }>(
    'select id, code, name_zh, name_en, icon_path from applications where enabled order by sort_order, id',
  );
}

/** Every enabled rule of an enabled validity option, at country level or wider (no operator rules). */
export function countryPriceRules(q: Queryable) {
  return q.query<PriceRuleRow>(
    `select r.id, r.application_id, r.country_code, r.operator_id, r.card_type, r.validity_option_id, r.price::text as price
     from price_rules r join validity_options v on v.id = r.validity_option_id and v.enabled
     where r.enabled and r.operator_id is null`,
  );
}
