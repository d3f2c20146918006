import type { Queryable } from '../../../db/client';

/** The rolling window of a provider's success rate. */
export const SUCCESS_WINDOW_HOURS = 24;

export type SuccessRateRow = {
  provider_id: number;
  application_id: number;
  application_code: string;
  country_code: string;
  /** Activations ended in the window, and those of them that delivered (finished). */
  ended: number;
  delivered: number;
  ended_hour: number;
  delivered_hour: number;
};

/**
 * THE success rate of providers per (application, country), used both by the routing policy and by the
 * providers screen, so what the administrator sees is what routes: activations that ENDED in the last
 * 24 hours (and the last hour), whenever they were bought, delivered = ended `finished`. By end time,
 * because an outcome is only known when the activation ends; a purchase-time window would leave out
 * the slow ones and count nothing for the newest.
 */
export function successRates(
  q: Queryable,
  filter: { providerId?: number; applicationId?: number; countryCode?: string },
) {
  return q.query<SuccessRateRow>(
    `select a.provider_id, a.application_id, ap.code as application_code, a.country_code::text as country_code,
       count(*)::int as ended, count(*) filter (where a.outcome = 'finished')::int as delivered,
       count(*) filter (where a.ended_at > now() - interval '1 hour')::int as ended_hour,
       count(*) filter (where a.ended_at > now() - interval '1 hour' and a.outcome = 'finished')::int as delivered_hour
     from upstream_activations a join applications ap on ap.id = a.application_id
     where a.state = 'ended' and a.ended_at > now() - make_interval(hours => $4)
       and ($1::int is null or a.provider_id = $1) and ($2::int is null or a.application_id = $2)
       and ($3::text is null or a.country_code = $3)
     group by 1, 2, 3, 4 order by 5 desc, 2, 4 limit 500`,
    [
      filter.providerId ?? null,
      filter.applicationId ?? null,
      filter.countryCode ?? null,
      SUCCESS_WINDOW_HOURS,
    ],
  );
}

/** Delivered / ended, or null when nothing ended in the window. */
export const rateOf = (ended: number, delivered: number) => (ended > 0 ? delivered / ended : null);
