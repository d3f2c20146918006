import { z } from 'zod';
import { ZMoney } from './user';

/**
 * Reports and analysis (issue 13): the dashboard overview, the statistics report, the login and
 * registration analyses. Every report covers a period of whole days in the reader's time zone.
 */

/** The longest period one report covers: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;
/** The period a report covers when none is chosen (spec §9: login statistics period configurable). */
export const REPORT_DEFAULT_DAYS = 30;

const ZDay = z
  .string({ error: 'validation.reportDateFormat' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.reportDateFormat')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'validation.reportDateFormat',
  );

/** Minutes east of UTC of the reader's clock (China: 480); days are counted in it. */
const ZTzOffset = z.coerce
  .number({ error: 'validation.reportTzOffset' })
  .int('validation.reportTzOffset')
  .min(-840, 'validation.reportTzOffset')
  .max(840, 'validation.reportTzOffset')
  .default(0);

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** `from` and `to` are inclusive days; absent, the last 30 days up to today (in the reader's zone). */
export const ZReportPeriodQuery = z
  .object({ from: ZDay.optional(), to: ZDay.optional(), tzOffset: ZTzOffset })
  .refine((v) => !v.from || !v.to || dayNumber(v.to) >= dayNumber(v.from), {
    message: 'validation.reportRangeOrder',
    path: ['to'],
  })
  .refine((v) => !v.from || !v.to || dayNumber(v.to) - dayNumber(v.from) < REPORT_MAX_DAYS, {
    message: 'validation.reportRangeTooLong',
    path: ['to'],
  });
export type ReportPeriodQuery = z.infer<typeof ZReportPeriodQuery>;

export const ZOverviewQuery = z.object({ tzOffset: ZTzOffset });
export type OverviewQuery = z.infer<typeof ZOverviewQuery>;

/** The period a report answered for, resolved (defaults applied). */
export const ZReportPeriod = z.object({ from: z.string(), to: z.string(), tzOffset: z.number().int() });
export type ReportPeriod = z.infer<typeof ZReportPeriod>;

// ---- Dashboard overview ----

export const ZRecentCode = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  applicationNameZh: z.string().nullable(),
  applicationNameEn: z.string().nullable(),
  code: z.string(),
  receivedAt: z.string(),
});
export type RecentCode = z.infer<typeof ZRecentCode>;

export const ZStockByCountry = z.object({
  countryCode: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  available: z.number().int(),
  inUse: z.number().int(),
  total: z.number().int(),
});
export type StockByCountry = z.infer<typeof ZStockByCountry>;

export const ZGatewayHealth = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  enabled: z.boolean(),
  demo: z.boolean(),
  lastSeenAt: z.string().nullable(),
  receivedToday: z.number().int(),
  rejectedToday: z.number().int(),
});
export type GatewayHealth = z.infer<typeof ZGatewayHealth>;

/** What an administrator sees beyond their own account. */
export const ZAdminOverview = z.object({
  revenueToday: ZMoney,
  ordersToday: z.number().int(),
  smsToday: z.number().int(),
  stock: z.array(ZStockByCountry),
  gateways: z.array(ZGatewayHealth),
});
export type AdminOverview = z.infer<typeof ZAdminOverview>;

export const ZOverview = z.object({
  balance: ZMoney,
  activeRentals: z.number().int(),
  codesToday: z.number().int(),
  recentCodes: z.array(ZRecentCode),
  /** Null unless the caller may view the statistics (administrators). */
  admin: ZAdminOverview.nullable(),
});
export type Overview = z.infer<typeof ZOverview>;

// ---- Statistics report ----

export const ZStatisticsDay = z.object({
  day: z.string(),
  revenue: ZMoney,
  refunds: ZMoney,
  orders: z.number().int(),
  sms: z.number().int(),
});
export type StatisticsDay = z.infer<typeof ZStatisticsDay>;

/** Rentals started in the period of one application, country or operator, and how many got a code. */
export const ZSuccessRate = z.object({
  key: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  rentals: z.number().int(),
  withCode: z.number().int(),
  /** withCode / rentals, 0..1, four decimals. */
  rate: z.number(),
});
export type SuccessRate = z.infer<typeof ZSuccessRate>;

export const ZStatisticsReport = z.object({
  period: ZReportPeriod,
  totals: z.object({
    revenue: ZMoney,
    refunds: ZMoney,
    /** revenue - refunds */
    net: ZMoney,
    orders: z.number().int(),
    sms: z.number().int(),
    rentals: z.number().int(),
    withCode: z.number().int(),
    rate: z.number(),
  }),
  days: z.array(ZStatisticsDay),
  byApplication: z.array(ZSuccessRate),
  byCountry: z.array(ZSuccessRate),
  byOperator: z.array(ZSuccessRate),
});
export type StatisticsReport = z.infer<typeof ZStatisticsReport>;

// ---- Login analysis ----

export const LOCATIONS_TOP = 10;
export const ACTIVE_USERS_TOP = 10;
export const SPENDERS_TOP = 20;
export const SUSPICIOUS_TOP = 10;
/** Failures of one IP or account in the period from which it is listed as suspicious. */
export const SUSPICIOUS_FAILURES = 10;
/** Distinct accounts tried from one IP from which it is listed as suspicious. */
export const SUSPICIOUS_ACCOUNTS_PER_IP = 5;

export const ZLoginDay = z.object({ day: z.string(), success: z.number().int(), failure: z.number().int() });
export type LoginDay = z.infer<typeof ZLoginDay>;

/** A country (ISO code) or '' for addresses with no country (private, loopback, unknown). */
export const ZLocationCount = z.object({ country: z.string(), count: z.number().int() });
export type LocationCount = z.infer<typeof ZLocationCount>;

export const ZActiveUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  logins: z.number().int(),
  lastLoginAt: z.string(),
});
export type ActiveUser = z.infer<typeof ZActiveUser>;

export const SUSPICIOUS_KINDS = ['ipFailures', 'accountFailures', 'ipManyAccounts'] as const;
export const ZSuspiciousPattern = z.object({
  kind: z.enum(SUSPICIOUS_KINDS),
  /** The IP or the account tried. */
  subject: z.string(),
  country: z.string(),
  failures: z.number().int(),
  accounts: z.number().int(),
  lastAt: z.string(),
});
export type SuspiciousPattern = z.infer<typeof ZSuspiciousPattern>;

export const ZLoginAnalysis = z.object({
  period: ZReportPeriod,
  totals: z.object({
    success: z.number().int(),
    failure: z.number().int(),
    users: z.number().int(),
    ips: z.number().int(),
  }),
  days: z.array(ZLoginDay),
  locations: z.array(ZLocationCount),
  activeUsers: z.array(ZActiveUser),
  suspicious: z.array(ZSuspiciousPattern),
});
export type LoginAnalysis = z.infer<typeof ZLoginAnalysis>;

// ---- Registration analysis ----

/** `self`: the sign-up form (its IP is stored); `admin`: created by an administrator. */
export const REGISTRATION_SOURCES = ['self', 'admin'] as const;
export const ZRegistrationDay = z.object({ day: z.string(), count: z.number().int() });
export const ZSourceCount = z.object({ source: z.enum(REGISTRATION_SOURCES), count: z.number().int() });
export const ZTopSpender = z.object({
  userId: z.number().int(),
  username: z.string(),
  registeredAt: z.string(),
  /** What they paid in the period: purchases and renewals minus refunds. */
  spent: ZMoney,
  orders: z.number().int(),
});
export type TopSpender = z.infer<typeof ZTopSpender>;

export const ZRegistrationAnalysis = z.object({
  period: ZReportPeriod,
  total: z.number().int(),
  days: z.array(ZRegistrationDay),
  sources: z.array(ZSourceCount),
  locations: z.array(ZLocationCount),
  topSpenders: z.array(ZTopSpender),
});
export type RegistrationAnalysis = z.infer<typeof ZRegistrationAnalysis>;
