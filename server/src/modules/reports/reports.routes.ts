import {
  envelopeOf,
  type StatisticsReport,
  ZLoginAnalysis,
  ZOverview,
  ZOverviewQuery,
  ZRegistrationAnalysis,
  ZReportPeriodQuery,
  ZStatisticsReport,
} from '@jiema/shared';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { type CsvColumn, sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { createReportsService } from './reports.service';

const tags = ['reports'];

/** One CSV row per day, then one per application, country and operator (the `section` column says which). */
type CsvRow = Record<string, string | number>;
const CSV_COLUMNS: CsvColumn<CsvRow>[] = [
  'section',
  'day',
  'key',
  'name',
  'revenue',
  'refunds',
  'orders',
  'sms',
  'rentals',
  'with_code',
  'rate',
].map((header) => ({ header, value: (row: CsvRow) => row[header] }));

function statisticsCsvRows(report: StatisticsReport, english: boolean): CsvRow[] {
  const rates = (section: string, list: StatisticsReport['byApplication']) =>
    list.map((r) => ({
      section,
      key: r.key,
      name: english ? r.nameEn : r.nameZh,
      rentals: r.rentals,
      with_code: r.withCode,
      rate: r.rate,
    }));
  return [
    ...report.days.map((d) => ({ section: 'day', ...d })),
    { section: 'total', ...report.totals, with_code: report.totals.withCode },
    ...rates('application', report.byApplication),
    ...rates('country', report.byCountry),
    ...rates('operator', report.byOperator),
  ];
}

/** The dashboard overview, the statistics report and the login and registration analyses (issue 13). */
export function registerReportRoutes(app: App, { db }: { db: Db }) {
  const reports = createReportsService({ db });

  app.get(
    '/api/dashboard/overview',
    {
      schema: {
        tags,
        summary:
          "The dashboard home: the caller's balance, rentals and codes; today's business for administrators",
        querystring: ZOverviewQuery,
        response: { 200: envelopeOf(ZOverview) },
      },
    },
    async (request) => ok(request, await reports.overview(request.user!, request.query.tzOffset)),
  );

  app.get(
    '/api/reports/statistics',
    {
      config: { permission: 'statistics:view' },
      schema: {
        tags,
        summary: 'Revenue, orders, refunds, SMS per day and code success rates over a period',
        querystring: ZReportPeriodQuery,
        response: { 200: envelopeOf(ZStatisticsReport) },
      },
    },
    async (request) => ok(request, await reports.statistics(request.query)),
  );

  app.get(
    '/api/reports/statistics/export',
    {
      config: { permission: 'statistics:view' },
      schema: { tags, summary: 'The statistics report of a period as CSV', querystring: ZReportPeriodQuery },
    },
    async (request, reply) => {
      const report = await reports.statistics(request.query);
      const rows = statisticsCsvRows(report, request.locale === 'en-US');
      return sendCsv(
        reply,
        `statistics-${report.period.from}-${report.period.to}.csv`,
        toCsv(CSV_COLUMNS, rows),
      );
    },
  );

  app.get(
    '/api/reports/login-analysis',
    {
      config: { permission: 'admin:login-analysis:list' },
      schema: {
        tags,
        summary: 'Logins per day, top locations, most active users and suspicious patterns over a period',
        querystring: ZReportPeriodQuery,
        response: { 200: envelopeOf(ZLoginAnalysis) },
      },
    },
    async (request) => ok(request, await reports.loginAnalysis(request.query)),
  );

  app.get(
    '/api/reports/registration-analysis',
    {
      config: { permission: 'admin:registration-analysis:list' },
      schema: {
        tags,
        summary: 'Sign-ups per day, by source and location, and the top spenders over a period',
        querystring: ZReportPeriodQuery,
        response: { 200: envelopeOf(ZRegistrationAnalysis) },
      },
    },
    async (request) => ok(request, await reports.registrationAnalysis(request.query)),
  );
}
