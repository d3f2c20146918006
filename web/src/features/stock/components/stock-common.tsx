import { hasPermission, PHONE_STATES, type PhoneState, type StockOptions } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Select, type SelectProps, Tag, Tooltip } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import type { TableQuery } from '../../../lib/use-url-table';
import { STOCK_KEY } from '../api/keys';

/** Whether the current user holds a permission (type 1 holds all); buttons they may not use are hidden. */
export function useCan() {
  const { userType, permissions } = useSession();
  return useCallback(
    (permission: string) =>
      hasPermission({ userType: userType ?? 3, permissions: permissions ?? [] }, permission),
    [userType, permissions],
  );
}

/** The name in the reader's language: Chinese under zh-CN, English otherwise. */
export function useLocalName() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  return useCallback(
    (nameZh: string | null | undefined, nameEn: string | null | undefined) => (zh ? nameZh : nameEn) ?? '',
    [zh],
  );
}

/** A country as the stock tables show it: flag, name in the UI language, code (`🇷🇺 Russia (RU)`). */
export function countryLabel(
  row: { countryCode: string; countryFlag: string; countryNameZh: string; countryNameEn: string },
  name: ReturnType<typeof useLocalName>,
) {
  return `${row.countryFlag} ${name(row.countryNameZh, row.countryNameEn)} (${row.countryCode})`;
}

/** A stock change: every stock list refreshes on success; errors were toasted by the HTTP layer. */
export function useStockMutation<TInput, TResult>(
  fn: (input: TInput) => Promise<TResult>,
  onSuccess?: (result: TResult) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: STOCK_KEY });
      onSuccess?.(result);
    },
  });
}

/** The success toast of a bulk action: how many changed and how many were left as they were. */
export function useBulkMessage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (result: { changed: number; skipped: number }) =>
      void message.success(
        result.skipped > 0
          ? t('stock.bulk.doneWithSkipped', { changed: result.changed, skipped: result.skipped })
          : t('stock.bulk.done', { changed: result.changed }),
      ),
    [message, t],
  );
}

/** antd's sort state of a column, read from the URL. */
export const sortOrderOf = (query: TableQuery, field: string): SortOrder | undefined =>
  query.sortField === field ? (query.sortOrder ?? null) : null;

const STATE_COLORS: Record<PhoneState, string> = {
  available: 'green',
  in_use: 'blue',
  disabled: 'default',
  cooling_down: 'orange',
};

export const formatTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-';

/** A number's state; cooling down says until when. */
export function PhoneStateTag({
  state,
  cooldownUntil,
}: {
  state: PhoneState;
  cooldownUntil?: string | null;
}) {
  const { t } = useTranslation();
  const tag = <Tag color={STATE_COLORS[state]}>{t(`stock.states.${state}`)}</Tag>;
  return state === 'cooling_down' && cooldownUntil ? (
    <Tooltip title={t('stock.cooldownUntil', { time: formatTime(cooldownUntil) })}>{tag}</Tooltip>
  ) : (
    tag
  );
}

export function useStateOptions() {
  const { t } = useTranslation();
  return PHONE_STATES.map((state) => ({ value: state, label: t(`stock.states.${state}`) }));
}

/** Options "🇷🇺 Russia (RU) +7", searchable by code, either name or dial code. */
export function useCountryOptions(options: StockOptions | undefined) {
  const name = useLocalName();
  return useMemo(
    () =>
      (options?.countries ?? []).map((c) => ({
        value: c.code,
        label: `${c.flag} ${name(c.nameZh, c.nameEn)} (${c.code}) ${c.dialCode}`,
        search: `${c.code} ${c.nameZh} ${c.nameEn} ${c.dialCode}`.toLowerCase(),
      })),
    [options, name],
  );
}

/** The operators of one country ("any" first), for a select. */
export function useOperatorOptions(options: StockOptions | undefined, countryCode: string | undefined) {
  const { t } = useTranslation();
  return useMemo(
    () =>
      (options?.operators ?? [])
        .filter((o) => o.countryCode === countryCode)
        .map((o) => ({
          value: o.id,
          label: o.code === 'any' ? t('stock.anyOperator') : `${o.name} (${o.code})`,
        })),
    [options, countryCode, t],
  );
}

export function CountrySelect({
  options,
  ...props
}: SelectProps<string> & { options: ReturnType<typeof useCountryOptions> }) {
  const { t } = useTranslation();
  return (
    <Select<string>
      showSearch
      allowClear
      placeholder={t('stock.fields.country')}
      options={options}
      filterOption={(input, option) => !!option?.search.includes(input.toLowerCase())}
      popupMatchSelectWidth={false}
      {...props}
    />
  );
}

/** Date-range filters in the URL as days; sent as the start of the first and of the day after the last. */
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

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const monoStyle = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;
