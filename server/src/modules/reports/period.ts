import { REPORT_DEFAULT_DAYS, type ReportPeriod, type ReportPeriodQuery } from '@jiema/shared';

const DAY_MS = 86_400_000;

/** A report's period resolved: its days in the reader's zone and the instants that bound them. */
export type ResolvedPeriod = ReportPeriod & {
  /** First instant of `from` in the reader's zone. */
  start: Date;
  /** First instant after `to` in the reader's zone (exclusive). */
  end: Date;
  /** Every day of the period, `YYYY-MM-DD`, so days without rows still show as 0. */
  days: string[];
};

/** `YYYY-MM-DD` of an instant, in UTC. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today (in the reader's zone) as `YYYY-MM-DD`. */
export function todayIn(tzOffset: number, now = Date.now()): string {
  return dayOf(now + tzOffset * 60_000);
}

/** The schema has checked the days and their order; absent ends default to the last 30 days. */
export function resolvePeriod(query: ReportPeriodQuery, now = Date.now()): ResolvedPeriod {
  const { tzOffset } = query;
  const to = query.to ?? todayIn(tzOffset, now);
  const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS);
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`);
  const days: string[] = [];
  for (let d = fromMs; d <= toMs; d += DAY_MS) days.push(dayOf(d));
  return {
    from,
    to,
    tzOffset,
    start: new Date(fromMs - tzOffset * 60_000),
    end: new Date(toMs + DAY_MS - tzOffset * 60_000),
    days,
  };
}

/**
 * The SQL of a column's day in the reader's zone, `YYYY-MM-DD`; `$n` holds the offset in minutes.
 * Plain arithmetic on UTC so PostgreSQL and PGlite agree without time zone data.
 */
export const dayExpr = (column: string, offsetParam: string) =>
  `to_char((${column} at time zone 'UTC') + ${offsetParam}::int * interval '1 minute', 'YYYY-MM-DD')`;
