import type { Locale, PhoneUsageRecord, SmsApplication, SmsHistoryItem, SmsRecord } from '@jiema/shared';
import type { CsvColumn } from '../../lib/csv';

/**
 * The CSV columns of the three exports, headers in the caller's language (people open these in a
 * spreadsheet); statuses and outcomes stay as their API codes so a sheet can filter on them.
 * Escaping and formula neutralisation are lib/csv.ts's.
 */
type Column<T> = { header: Record<Locale, string>; value: CsvColumn<T>['value'] };

const localize = <T>(columns: Column<T>[], locale: Locale): CsvColumn<T>[] =>
  columns.map((c) => ({ header: c.header[locale], value: c.value }));

const appName = (app: SmsApplication | null, locale: Locale) =>
  app === null ? '' : locale === 'en-US' ? app.nameEn : app.nameZh;

export const historyCsvColumns = (locale: Locale) =>
  localize<SmsHistoryItem>(
    [
      { header: { 'zh-CN': '接收时间', 'en-US': 'Received at' }, value: (r) => r.receivedAt },
      { header: { 'zh-CN': '号码', 'en-US': 'Number' }, value: (r) => r.phoneNumber },
      { header: { 'zh-CN': '应用代码', 'en-US': 'Application code' }, value: (r) => r.application.code },
      { header: { 'zh-CN': '应用', 'en-US': 'Application' }, value: (r) => appName(r.application, locale) },
      { header: { 'zh-CN': '发送方', 'en-US': 'Sender' }, value: (r) => r.sender },
      { header: { 'zh-CN': '短信内容', 'en-US': 'Text' }, value: (r) => r.text },
      { header: { 'zh-CN': '验证码', 'en-US': 'Code' }, value: (r) => r.code },
    ],
    locale,
  );

export const recordCsvColumns = (locale: Locale) =>
  localize<SmsRecord>(
    [
      { header: { 'zh-CN': '接收时间', 'en-US': 'Received at' }, value: (r) => r.receivedAt },
      { header: { 'zh-CN': '号码', 'en-US': 'Number' }, value: (r) => r.phoneNumber },
      { header: { 'zh-CN': '发送方', 'en-US': 'Sender' }, value: (r) => r.sender },
      { header: { 'zh-CN': '短信内容', 'en-US': 'Text' }, value: (r) => r.text },
      { header: { 'zh-CN': '验证码', 'en-US': 'Code' }, value: (r) => r.code },
      { header: { 'zh-CN': '来源', 'en-US': 'Source' }, value: (r) => r.source },
      {
        header: { 'zh-CN': '匹配状态', 'en-US': 'Match' },
        value: (r) => (r.matched ? 'matched' : 'unmatched'),
      },
      { header: { 'zh-CN': '用户名', 'en-US': 'Username' }, value: (r) => r.username },
      { header: { 'zh-CN': '应用代码', 'en-US': 'Application code' }, value: (r) => r.application?.code },
      { header: { 'zh-CN': '应用', 'en-US': 'Application' }, value: (r) => appName(r.application, locale) },
      { header: { 'zh-CN': '租用编号', 'en-US': 'Rental id' }, value: (r) => r.rentalId },
    ],
    locale,
  );

export const usageCsvColumns = (locale: Locale) =>
  localize<PhoneUsageRecord>(
    [
      { header: { 'zh-CN': '号码', 'en-US': 'Number' }, value: (r) => r.phoneNumber },
      { header: { 'zh-CN': '国家', 'en-US': 'Country' }, value: (r) => r.countryCode },
      { header: { 'zh-CN': '应用代码', 'en-US': 'Application code' }, value: (r) => r.application.code },
      { header: { 'zh-CN': '应用', 'en-US': 'Application' }, value: (r) => appName(r.application, locale) },
      { header: { 'zh-CN': '用户名', 'en-US': 'Username' }, value: (r) => r.username },
      { header: { 'zh-CN': '类型', 'en-US': 'Kind' }, value: (r) => r.kind },
      { header: { 'zh-CN': '卡类型', 'en-US': 'Card type' }, value: (r) => r.cardType },
      { header: { 'zh-CN': '订单号', 'en-US': 'Order number' }, value: (r) => r.orderNo },
      { header: { 'zh-CN': '价格 (USDT)', 'en-US': 'Price (USDT)' }, value: (r) => r.price },
      { header: { 'zh-CN': '退款 (USDT)', 'en-US': 'Refund (USDT)' }, value: (r) => r.refundedAmount },
      { header: { 'zh-CN': '开始时间', 'en-US': 'Started at' }, value: (r) => r.startsAt },
      { header: { 'zh-CN': '到期时间', 'en-US': 'Expires at' }, value: (r) => r.expiresAt },
      { header: { 'zh-CN': '结束时间', 'en-US': 'Ended at' }, value: (r) => r.endedAt },
      { header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
      { header: { 'zh-CN': '结果', 'en-US': 'Outcome' }, value: (r) => r.outcome },
      { header: { 'zh-CN': '短信数', 'en-US': 'SMS count' }, value: (r) => r.smsCount },
      { header: { 'zh-CN': '最新验证码', 'en-US': 'Latest code' }, value: (r) => r.lastCode },
    ],
    locale,
  );
