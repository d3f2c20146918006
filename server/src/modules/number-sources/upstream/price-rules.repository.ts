import type { UpstreamPriceRuleWrite } from '@jiema/shared';
import type { Queryable } from '../../../db/client';

export type PriceRuleRow = {
  id: number;
  application_id: number | null;
  application_code: string | null;
  country_code: string | null;
  margin_percent: string | null;
  margin_fixed: string | null;
  price_ceiling: string | null;
};

export const listPriceRules = (q: Queryable, providerId: number) =>
  q.query<PriceRuleRow>(
    `select r.id, r.application_id, a.code as application_code, r.country_code::text as country_code,
       r.margin_percent::text as margin_percent, r.margin_fixed::text as margin_fixed,
       r.price_ceiling::text as price_ceiling
     from upstream_price_rules r left join applications a on a.id = r.application_id
     where r.provider_id = $1 order by r.application_id nulls last, r.country_code nulls last, r.id`,
    [providerId],
  );

/** One rule per target (application, country) of a provider: a second write of the same target replaces it. */
export async function upsertPriceRule(q: Queryable, providerId: number, w: UpstreamPriceRuleWrite) {
  const [row] = await q.query<{ id: number }>(
    `insert into upstream_price_rules (provider_id, application_id, country_code, margin_percent, margin_fixed, price_ceiling)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (provider_id, coalesce(application_id, 0), coalesce(country_code, '--')) do update set
       margin_percent = excluded.margin_percent, margin_fixed = excluded.margin_fixed,
       price_ceiling = excluded.price_ceiling, updated_at = now()
     returning id`,
    [providerId, w.applicationId, w.countryCode, w.marginPercent, w.marginFixed, w.priceCeiling],
  );
  return row!.id;
}

export async function deletePriceRule(q: Queryable, providerId: number, ruleId: number) {
  const rows = await q.query<PriceRuleRow>(
    `delete from upstream_price_rules where provider_id = $1 and id = $2
     returning id, application_id, null::text as application_code, country_code::text as country_code,
       margin_percent::text as margin_percent, margin_fixed::text as margin_fixed, price_ceiling::text as price_ceiling`,
    [providerId, ruleId],
  );
  return rows[0] ?? null;
}
