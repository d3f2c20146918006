import dayjs, { type Dayjs } from 'dayjs';

/**
 * Date-range filters are kept in the URL as readable days (`from=2024-05-01&to=2024-05-31`) and sent
 * to the API as the start of the first day and the start of the day after the last one, in the
 * browser's time zone (ISO 8601 with offset: inclusive from, exclusive to).
 */
export function dateRangeParams(filters: Record<string, string>): { from?: string; to?: string } {
  const from = filters.from ? dayjs(filters.from) : null;
  const to = filters.to ? dayjs(filters.to) : null;
  return {
    ...(from?.isValid() ? { from: from.startOf('day').format() } : {}),
    ...(to?.isValid() ? { to: to.add(1, 'day').startOf('day').format() } : {}),
  };
}

/** The RangePicker value of the URL's days. */
export function rangeValue(filters: Record<string, string>): [Dayjs, Dayjs] | null {
  const from = filters.from ? dayjs(filters.from) : null;
  const to = filters.to ? dayjs(filters.to) : null;
  return from?.isValid() && to?.isValid() ? [from, to] : null;
}

/** The days of a RangePicker value, for the URL. */
export function rangeDays(value: [Dayjs | null, Dayjs | null] | null | undefined) {
  return {
    from: value?.[0]?.format('YYYY-MM-DD'),
    to: value?.[1]?.format('YYYY-MM-DD'),
  };
}

/** Shown times: local, to the second. */
export const formatTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-';
