import type { FinanceRecord, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export type RecordParams = Record<string, string | number | undefined>;

export const listOwnRecords = (params: RecordParams) =>
  request<Paged<FinanceRecord>>({ url: '/api/finance/records', params });

/** The caller's own ledger entries (finance detail). */
export const useOwnRecords = (params: RecordParams) =>
  useQuery({
    queryKey: ['finance', 'own', params],
    queryFn: () => listOwnRecords(params),
    placeholderData: keepPreviousData,
  });
