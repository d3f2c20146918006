import type { Deposit, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { POLL_MS } from './get-recharge-info';
import { RECHARGE_KEY } from './keys';

export const listOwnDeposits = (params: Record<string, unknown>) =>
  request<Paged<Deposit>>({ url: '/api/recharge/deposits', params, meta: { background: true } });

/** The caller's deposits, refreshed while the page is open (seen → confirming → credited). */
export const useOwnDeposits = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...RECHARGE_KEY, 'deposits', params],
    queryFn: () => listOwnDeposits(params),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
