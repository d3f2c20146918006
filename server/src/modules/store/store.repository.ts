import type { CardType, ValidityKind } from '@jiema/shared';
import type { Queryable } from '../../db/client';

/** The statuses in which a rental holds its number (the partial unique index `rentals_holding_key`). */
export const HOLDING = `('active', 'inactive', 'suspended')`;

/**
 * A number can be sold for an application when it is not disabled, its operator is enabled, and:
 * `new` - it was never rented for that application (no usage row); `used` - it was, nobody holds it
 * for it now, and its last rental for it ended more than the cooldown ago.
 */
export const FREE_FOR_APP = (app: string, cooldown: string) => `not exists (
    select 1 from rentals r
    where r.phone_number_id = p.id and r.application_id = ${app} and r.status in ${HOLDING}
  ) and not exists (
    select 1 from rentals r
    where r.phone_number_id = p.id and r.application_id = ${app} and r.ended_at is not null
      and r.ended_at > now() - make_interval(mins => ${cooldown})
  )`;

// ---------------------------------------------------------------- availability

export type StockRow = {
  country_code: string;
  dial_code: string;
  country_name_zh: string;
  country_name_en: string;
  flag: string;
  country_sort: number;
  operator_id: number;
  operator_code: string;
  operator_name: string;
  operator_sort: number;
  new_count: number;
  used_count: number;
};

/**
 * Stock for one application, per country and operator, in one grouped pass over the numbers: the demo
 * numbers for the demo customer, the real ones for everyone else (what each can buy).
 */
export function stockByCountryAndOperator(
  q: Queryable,
  applicationId: number,
  cooldownMinutes: number,
  demo: boolean,
) {
  return q.query<StockRow>(
    `select s.country_code, c.dial_code, c.name_zh as country_name_zh, c.name_en as country_name_en, c.flag,
       c.sort_order as country_sort, s.operator_id, o.code as operator_code, o.name as operator_name,
       o.sort_order as operator_sort, s.new_count, s.used_count
     from (
       select p.country_code, p.operator_id,
         count(*) filter (where u.phone_number_id is null)::int as new_count,
         count(*) filter (where u.phone_number_id is not null and ${FREE_FOR_APP('$1', '$2')})::int as used_count
       from phone_numbers p
       left join phone_number_app_usage u on u.phone_number_id = p.id and u.application_id = $1
       where p.state <> 'disabled' and p.demo = $3
       group by p.country_code, p.operator_id
       -- Upstream providers' numbers (new ones, carrier unknown: the country's "any" operator); real buyers only.
       union all
       select u.country_code, o.id, u.count, 0 from upstream_stock u
       join operators o on o.country_code = u.country_code and o.code = 'any'
       where u.application_id = $1 and not $3
     ) s
     join countries c on c.code = s.country_code and c.enabled
     join operators o on o.id = s.operator_id and o.enabled`,
    [applicationId, cooldownMinutes, demo],
  );
}

export type PriceRuleRow = {
  id: number;
  application_id: number | null;
  country_code: string | null;
  operator_id: number | null;
  card_type: CardType;
  validity_option_id: number;
  price: string;
};

/** Every enabled rule that can price the application (its own and the defaults), in one query. */
export function priceRulesFor(q: Queryable, applicationId: number) {
  return q.query<PriceRuleRow>(
    `select r.id, r.application_id, r.country_code, r.operator_id, r.card_type, r.validity_option_id, r.price::text as price
     from price_rules r join validity_options v on v.id = r.validity_option_id and v.enabled
     where r.enabled and (r.application_id is null or r.application_id = $1)`,
    [applicationId],
  );
}

export function enabledValidityOptions(q: Queryable) {
  return q.query<{ id: number; kind: ValidityKind; minutes: number; nameZh: string; nameEn: string }>(
    `select id, kind, minutes, name_zh as "nameZh", name_en as "nameEn"
     from validity_options where enabled order by sort_order asc, kind asc, minutes asc, id asc`,
  );
}

export async function applicationEnabled(q: Queryable, id: number) {
  const rows = await q.query<{ enabled: boolean }>('select enabled from applications where id = $1', [id]);
  return rows[0]?.enabled ?? null;
}
