import { hasPermission } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Switch, Tag } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import type { TableQuery } from '../../../lib/use-url-table';
import { CATALOG_KEY } from '../api/keys';

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

/**
 * A catalog change: on success every catalog list refreshes and a success message shows (errors
 * are already toasted by the HTTP layer).
 */
export function useCatalogMutation<TInput, TResult>(
  fn: (input: TInput) => Promise<TResult>,
  success: string | ((result: TResult) => string),
  onDone?: (result: TResult) => void,
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
      void message.success(typeof success === 'function' ? success(result) : success);
      onDone?.(result);
    },
  });
}

/** The enabled switch of a row: toggles at once when allowed, read-only otherwise. */
export function EnabledSwitch({
  enabled,
  canEdit,
  onChange,
  testId,
}: {
  enabled: boolean;
  canEdit: boolean;
  onChange: (enabled: boolean) => Promise<unknown>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const toggle = useMutation({ mutationFn: onChange });
  if (!canEdit)
    return (
      <Tag color={enabled ? 'green' : 'default'}>
        {enabled ? t('catalog.enabled') : t('catalog.disabled')}
      </Tag>
    );
  return (
    <Switch
      size="small"
      checked={enabled}
      loading={toggle.isPending}
      onChange={(checked) => toggle.mutate(checked)}
      checkedChildren={t('catalog.on')}
      unCheckedChildren={t('catalog.off')}
      data-testid={testId}
    />
  );
}

/** antd's sort state of a column, read from the URL. */
export const sortOrderOf = (query: TableQuery, field: string): SortOrder | undefined =>
  query.sortField === field ? (query.sortOrder ?? null) : null;

/** 20 → "20 minutes", 1440 → "1 day", 90 → "90 minutes", 120 → "2 hours". */
export function useDuration() {
  const { t } = useTranslation();
  return useCallback(
    (minutes: number) => {
      if (minutes % 1440 === 0) {
        const n = minutes / 1440;
        return n === 1 ? t('catalog.duration.day') : t('catalog.duration.days', { n });
      }
      if (minutes % 60 === 0) {
        const n = minutes / 60;
        return n === 1 ? t('catalog.duration.hour') : t('catalog.duration.hours', { n });
      }
      return minutes === 1 ? t('catalog.duration.minute') : t('catalog.duration.minutes', { n: minutes });
    },
    [t],
  );
}

/** The options of an "enabled" filter select. */
export function useEnabledOptions() {
  const { t } = useTranslation();
  return [
    { value: 'true', label: t('catalog.enabled') },
    { value: 'false', label: t('catalog.disabled') },
  ];
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
/** Codes, slugs and patterns in table cells. */
export const monoStyle = { fontFamily: MONO, fontSize: 12 } as const;
/** The same font in inputs, at the inputs' own size. */
export const monoInputStyle = { fontFamily: MONO } as const;
