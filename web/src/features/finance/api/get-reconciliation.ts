import type { Reconciliation } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export const getReconciliation = () => request<Reconciliation>({ url: '/api/admin/finance/reconciliation' });

/** Balances against the sum of their entries; run on open and again on demand. */
export const useReconciliation = () =>
  useQuery({ queryKey: ['finance', 'reconciliation'], queryFn: getReconciliation, staleTime: 0 });
