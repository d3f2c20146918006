import dayjs, { type Dayjs } from 'dayjs';

/** Shown times: local, to the minute. */
export const formatTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-';

/**
 * The queue's date filter is kept in the URL as days (`from=2026-05-01&to=2026-05-31`) and sent as
 * the start of the first day and the start of the day after the last, in the browser's time zone.
 */
export function dateRangeParams(filters: Record<string, string>): { from?: string; to?: string } {
  const from = filters.from ? dayjs(filters.from) : null;
  const to = filters.to ? dayjs(filters.to) : null;
  return {
    ...(from?.isValid() ? { from: from.startOf('day').format() } : {}),
    ...(to?.isValid() ? { to: to.add(1, 'day').startOf('day').format() } : {}),
  };
}

export function rangeValue(filters: Record<string, string>): [Dayjs, Dayjs] | null {
  const from = filters.from ? dayjs(filters.from) : null;
  const to = filters.to ? dayjs(filters.to) : null;
  return from?.isValid() && to?.isValid() ? [from, to] : null;
}

export const rangeDays = (value: [Dayjs | null, Dayjs | null] | null | undefined) => ({
  from: value?.[0]?.format('YYYY-MM-DD'),
  to: value?.[1]?.format('YYYY-MM-DD'),
});

/** A drawer as wide as wanted, but never wider than a phone's screen. */
export const drawerWidth = (wanted: number) =>
  typeof window === 'undefined' ? wanted : Math.min(wanted, window.innerWidth);

/** Minutes as "2 h 5 min" style parts for the duration and SLA columns. */
export const minutesParts = (minutes: number) => ({ hours: Math.floor(minutes / 60), minutes: minutes % 60 });
