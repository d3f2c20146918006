import type { AdminLedgerEntry, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import type { RecordParams } from './list-own-records';

export const listLedger = (params: RecordParams) =>
  request<Paged<AdminLedgerEntry>>({ url: '/api/admin/finance/records', params });

/** Everyone's ledger entries (the administrators' finance log). */
export const useLedger = (params: RecordParams) =>
  useQuery({
    queryKey: ['finance', 'all', params],
    queryFn: () => listLedger(params),
    placeholderData: keepPreviousData,
  });
