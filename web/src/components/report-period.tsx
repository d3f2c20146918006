import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const PRESETS = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;

export type ReportPeriodParams = { from: string; to: string; tzOffset: number };

/**
 * A report's period, kept in the URL (`?from=2024-05-01&to=2024-05-31`, shareable and kept on
 * reload); absent, the last 30 days. Days are the browser's: its UTC offset goes with the request.
 */
export function useReportPeriod(): [ReportPeriodParams, (from: string, to: string) => void] {
  const [search, setSearch] = useSearchParams();
  const today = dayjs().format('YYYY-MM-DD');
  const valid = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid() ? v : null);
  const to = valid(search.get('to')) ?? today;
  const from =
    valid(search.get('from')) ??
    dayjs(to)
      .subtract(DEFAULT_DAYS - 1, 'day')
      .format('YYYY-MM-DD');
  const set = (nextFrom: string, nextTo: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', nextFrom);
        next.set('to', nextTo);
        return next;
      },
      { replace: true },
    );
  return [{ from, to, tzOffset: -new Date().getTimezoneOffset() }, set];
}

/** Quick periods (last 7, 30, 90, 365 days) and a range picker for any other (at most 366 days). */
export function ReportPeriodPicker({
  value,
  onChange,
}: {
  value: ReportPeriodParams;
  onChange: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  const span = dayjs(value.to).diff(dayjs(value.from), 'day') + 1;
  const preset = value.to === today && (PRESETS as readonly number[]).includes(span) ? span : null;
  return (
    <Space wrap data-testid="report-period">
      <Select
        value={preset ?? undefined}
        placeholder={t('common.customPeriod')}
        style={{ width: 150 }}
        options={PRESETS.map((days) => ({ value: days, label: t('common.lastDays', { count: days }) }))}
        onChange={(days: number) =>
          onChange(
            dayjs()
              .subtract(days - 1, 'day')
              .format('YYYY-MM-DD'),
            today,
          )
        }
        data-testid="report-preset"
      />
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(value.from), dayjs(value.to)]}
        disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange(range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'));
        }}
        data-testid="report-range"
      />
    </Space>
  );
}

/** A country's name in the reader's language from its ISO code; '' is an address with no country. */
export function countryName(code: string, locale: string, unknown: string): string {
  if (!code) return unknown;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
