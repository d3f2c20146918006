import {
  ACTIVE_USERS_TOP,
  formatMoney,
  fromMicros,
  hasPermission,
  LOCATIONS_TOP,
  type LoginAnalysis,
  type Overview,
  type RegistrationAnalysis,
  type ReportPeriodQuery,
  SPENDERS_TOP,
  type StatisticsReport,
  SUSPICIOUS_TOP,
  type SuccessRate,
  type SuspiciousPattern,
  toMicros,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import type { AuthUser } from '../auth/auth-user';
import { countryOf, topCountries } from './geo';
import { loginsByDay, loginsByIp, mostActiveUsers, suspiciousAccounts } from './login-analysis.repository';
import {
  activeRentalCount,
  businessSince,
  codesSince,
  gatewayHealth,
  recentCodes,
  stockByCountry,
} from './overview.repository';
import { resolvePeriod, todayIn } from './period';
import { registrationsByDay, registrationsByIp, topSpenders } from './registration-analysis.repository';
import {
  bucketsAlignWith,
  businessSinceFromBuckets,
  loginsByDayFromBuckets,
  moneyByDayFromBuckets,
  ordersByDayFromBuckets,
  registrationsByDayFromBuckets,
  smsByDayFromBuckets,
} from './rollups.repository';
import { catalogNames, moneyByDay, ordersByDay, type SuccessRow, smsByDay } from './statistics.repository';
import { successRatesOver } from './success-rates';
import { suspiciousIpsOf } from './suspicious-ips';

const RECENT_CODES = 5;
const iso = (d: Date | string) => new Date(d).toISOString();
const money = (v: string | null | undefined) => formatMoney(v ?? '0');
const rateOf = (withCode: number, rentals: number) =>
  rentals === 0 ? 0 : Math.round((withCode / rentals) * 10_000) / 10_000;
const UNKNOWN = { nameZh: '未知', nameEn: 'Unknown' };

export type ReportsService = ReturnType<typeof createReportsService>;

export function createReportsService({ db }: { db: Db }) {
  return {
    /** The dashboard home: the caller's own numbers; the business's too when they may see statistics. */
    async overview(user: AuthUser, tzOffset: number): Promise<Overview> {
      const todayStart = new Date(Date.parse(`${todayIn(tzOffset)}T00:00:00Z`) - tzOffset * 60_000);
      const userId = user.record.id;
      const [balance, activeRentals, codesToday, recent, admin] = await Promise.all([
        db.query<{ balance: string }>('select balance::text as balance from users where id = $1', [userId]),
        activeRentalCount(db, userId),
        codesSince(db, userId, todayStart),
        recentCodes(db, userId, RECENT_CODES),
        hasPermission(user, 'statistics:view') ? adminOverview(db, todayStart, tzOffset) : null,
      ]);
      return {
        balance: money(balance[0]?.balance),
        activeRentals,
        codesToday,
        recentCodes: recent.map((r) => ({
          id: r.id,
          phoneNumber: r.phone_number,
          applicationNameZh: r.name_zh,
          applicationNameEn: r.name_en,
          code: r.code,
          receivedAt: iso(r.received_at),
        })),
        admin,
      };
    },

    async statistics(query: ReportPeriodQuery): Promise<StatisticsReport> {
      const period = resolvePeriod(query);
      // Per-day series from the 15-minute totals (migration 0080) when the reader's days are whole buckets.
      const buckets = bucketsAlignWith(period.tzOffset);
      const [moneyRows, orderRows, smsRows, rateRows, names] = await Promise.all([
        (buckets ? moneyByDayFromBuckets : moneyByDay)(db, period),
        (buckets ? ordersByDayFromBuckets : ordersByDay)(db, period),
        (buckets ? smsByDayFromBuckets : smsByDay)(db, period),
        successRatesOver(db, period),
        catalogNames(db),
      ]);
      const moneyOf = new Map(moneyRows.map((r) => [r.day, r]));
      const ordersOf = new Map(orderRows.map((r) => [r.day, r.count]));
      const smsOf = new Map(smsRows.map((r) => [r.day, r.count]));
      const days = period.days.map((day) => ({
        day,
        revenue: money(moneyOf.get(day)?.revenue),
        refunds: money(moneyOf.get(day)?.refunds),
        orders: ordersOf.get(day) ?? 0,
        sms: smsOf.get(day) ?? 0,
      }));
      const revenue = days.reduce((s, d) => s + toMicros(d.revenue), 0n);
      const refunds = days.reduce((s, d) => s + toMicros(d.refunds), 0n);
      const all = rateRows.find((r) => r.dimension === 'all');
      const apps = new Map(
        names.applications.map((a) => [String(a.id), { nameZh: a.name_zh, nameEn: a.name_en }]),
      );
      const countries = new Map(
        names.countries.map((c) => [c.code.trim(), { nameZh: c.name_zh, nameEn: c.name_en }]),
      );
      const operators = new Map(
        names.operators.map((o) => [
          String(o.id),
          { nameZh: `${o.name} (${o.country_code})`, nameEn: `${o.name} (${o.country_code})` },
        ]),
      );
      const ratesOf = (
        dimension: SuccessRow['dimension'],
        catalog: Map<string, { nameZh: string; nameEn: string }>,
      ) =>
        rateRows
          .filter((r) => r.dimension === dimension)
          .map(
            (r): SuccessRate => ({
              key: r.key?.trim() ?? '',
              ...((r.key && catalog.get(r.key.trim())) || UNKNOWN),
              rentals: r.rentals,
              withCode: r.with_code,
              rate: rateOf(r.with_code, r.rentals),
            }),
          )
          .sort((a, b) => b.rentals - a.rentals || a.key.localeCompare(b.key));
      return {
        period: { from: period.from, to: period.to, tzOffset: period.tzOffset },
        totals: {
          revenue: fromMicros(revenue),
          refunds: fromMicros(refunds),
          net: fromMicros(revenue - refunds),
          orders: days.reduce((s, d) => s + d.orders, 0),
          sms: days.reduce((s, d) => s + d.sms, 0),
          rentals: all?.rentals ?? 0,
          withCode: all?.with_code ?? 0,
          rate: rateOf(all?.with_code ?? 0, all?.rentals ?? 0),
        },
        days,
        byApplication: ratesOf('application', apps),
        byCountry: ratesOf('country', countries),
        byOperator: ratesOf('operator', operators),
      };
    },

    async loginAnalysis(query: ReportPeriodQuery): Promise<LoginAnalysis> {
      const period = resolvePeriod(query);
      const [dayRows, ipRows, active, accounts] = await Promise.all([
        (bucketsAlignWith(period.tzOffset) ? loginsByDayFromBuckets : loginsByDay)(db, period),
        loginsByIp(db, period),
        mostActiveUsers(db, period, ACTIVE_USERS_TOP),
        suspiciousAccounts(db, period),
      ]);
      const ips = await suspiciousIpsOf(db, period, ipRows);
      const byDay = new Map(dayRows.map((r) => [r.day, r]));
      const days = period.days.map((day) => ({
        day,
        success: byDay.get(day)?.success ?? 0,
        failure: byDay.get(day)?.failure ?? 0,
      }));
      const suspicious: SuspiciousPattern[] = [
        ...ips.map((r) => ({
          kind: (r.failures >= r.accounts ? 'ipFailures' : 'ipManyAccounts') as SuspiciousPattern['kind'],
          subject: r.subject,
          country: countryOf(r.subject),
          failures: r.failures,
          accounts: r.accounts,
          lastAt: iso(r.last_at),
        })),
        ...accounts.map((r) => ({
          kind: 'accountFailures' as const,
          subject: r.subject,
          country: countryOf(r.ip),
          failures: r.failures,
          accounts: r.accounts,
          lastAt: iso(r.last_at),
        })),
      ]
        .sort((a, b) => b.failures - a.failures || b.accounts - a.accounts)
        .slice(0, SUSPICIOUS_TOP * 2);
      return {
        period: { from: period.from, to: period.to, tzOffset: period.tzOffset },
        totals: {
          success: days.reduce((s, d) => s + d.success, 0),
          failure: days.reduce((s, d) => s + d.failure, 0),
          users: active[0]?.users ?? 0,
          ips: ipRows.length,
        },
        days,
        locations: topCountries(
          ipRows.filter((r) => r.success > 0).map((r) => ({ ip: r.ip, count: r.success })),
          LOCATIONS_TOP,
        ),
        activeUsers: active.map((r) => ({
          userId: r.user_id,
          username: r.username,
          logins: r.logins,
          lastLoginAt: iso(r.last_at),
        })),
        suspicious,
      };
    },

    async registrationAnalysis(query: ReportPeriodQuery): Promise<RegistrationAnalysis> {
      const period = resolvePeriod(query);
      const [dayRows, ipRows, spenders] = await Promise.all([
        (bucketsAlignWith(period.tzOffset) ? registrationsByDayFromBuckets : registrationsByDay)(db, period),
        registrationsByIp(db, period),
        topSpenders(db, period, SPENDERS_TOP),
      ]);
      const byDay = new Map(dayRows.map((r) => [r.day, r]));
      const days = period.days.map((day) => ({
        day,
        count: (byDay.get(day)?.self ?? 0) + (byDay.get(day)?.admin ?? 0),
      }));
      const self = dayRows.reduce((s, r) => s + r.self, 0);
      const admin = dayRows.reduce((s, r) => s + r.admin, 0);
      return {
        period: { from: period.from, to: period.to, tzOffset: period.tzOffset },
        total: self + admin,
        days,
        sources: [
          { source: 'self', count: self },
          { source: 'admin', count: admin },
        ],
        locations: topCountries(ipRows, LOCATIONS_TOP),
        topSpenders: spenders.map((r) => ({
          userId: r.user_id,
          username: r.username,
          registeredAt: iso(r.created_at),
          spent: money(r.spent),
          orders: r.orders,
        })),
      };
    },
  };
}

async function adminOverview(db: Db, todayStart: Date, tzOffset: number) {
  const [business, stock, gateways] = await Promise.all([
    (bucketsAlignWith(tzOffset) ? businessSinceFromBuckets : businessSince)(db, todayStart),
    stockByCountry(db),
    gatewayHealth(db, todayStart),
  ]);
  return {
    revenueToday: money(business.revenue),
    ordersToday: business.orders,
    smsToday: business.sms,
    stock: stock.map((s) => ({
      countryCode: s.country_code.trim(),
      nameZh: s.name_zh ?? s.country_code,
      nameEn: s.name_en ?? s.country_code,
      available: s.available,
      inUse: s.in_use,
      total: s.total,
    })),
    gateways: gateways.map((g) => ({
      id: g.id,
      name: g.name,
      kind: g.kind,
      enabled: g.enabled,
      demo: g.demo,
      lastSeenAt: g.last_seen_at ? iso(g.last_seen_at) : null,
      receivedToday: g.received,
      rejectedToday: g.rejected,
    })),
  };
}
