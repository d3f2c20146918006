import type { TablePaginationConfig } from 'antd';
import type { FilterValue, SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { i18n } from './i18n';

export type TableQuery = {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  /** Every other search parameter: the list's filters. */
  filters: Record<string, string>;
};

const RESERVED = new Set(['page', 'pageSize', 'sortField', 'sortOrder']);

/**
 * A list's paging, sorting and filters kept in the URL (so a reload, a shared link or the back
 * button shows the same page), plus the antd Table change handler that writes them.
 */
export function useUrlTable(defaults: { pageSize?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const query = useMemo<TableQuery>(() => {
    const filters: Record<string, string> = {};
    for (const [key, value] of params) if (!RESERVED.has(key) && value !== '') filters[key] = value;
    const order = params.get('sortOrder');
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      pageSize: Math.min(500, Math.max(1, Number(params.get('pageSize')) || defaults.pageSize || 20)),
      sortField: params.get('sortField') ?? undefined,
      sortOrder: order === 'ascend' || order === 'descend' ? order : undefined,
      filters,
    };
  }, [params, defaults.pageSize]);

  /** Replaces the filters and goes back to page 1. */
  const setFilters = useCallback(
    (filters: Record<string, string | number | boolean | undefined | null>) => {
      const next = new URLSearchParams();
      for (const key of ['pageSize', 'sortField', 'sortOrder']) {
        const value = params.get(key);
        if (value) next.set(key, value);
      }
      for (const [key, value] of Object.entries(filters)) {
        if (value !== undefined && value !== null && value !== '') next.set(key, String(value));
      }
      setParams(next);
    },
    [params, setParams],
  );

  const onTableChange = useCallback(
    (
      pagination: TablePaginationConfig,
      _filters: Record<string, FilterValue | null>,
      sorter: SorterResult<unknown> | SorterResult<unknown>[],
    ) => {
      const next = new URLSearchParams(params);
      next.set('page', String(pagination.current ?? 1));
      next.set('pageSize', String(pagination.pageSize ?? query.pageSize));
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      if (single?.order && single.field) {
        next.set('sortField', String(single.field));
        next.set('sortOrder', single.order);
      } else {
        next.delete('sortField');
        next.delete('sortOrder');
      }
      setParams(next);
    },
    [params, setParams, query.pageSize],
  );

  /** Parameters for the list call: paging, sorting and filters flattened. */
  const apiParams = useMemo(
    () => ({
      page: query.page,
      pageSize: query.pageSize,
      ...(query.sortField ? { sortField: query.sortField, sortOrder: query.sortOrder } : {}),
      ...query.filters,
    }),
    [query],
  );

  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: query.page,
    pageSize: query.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (count) => i18n.t('common.total', { count }),
  });

  return { query, apiParams, setFilters, onTableChange, pagination };
}
