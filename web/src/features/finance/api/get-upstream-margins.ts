import type { UpstreamFinanceReport } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** Cost, revenue and margin per upstream provider for the numbers bought in the period. */
export const useUpstreamMargins = (params: { from?: string; to?: string }) =>
  useQuery({
    queryKey: ['finance', 'upstream-providers', params],
    queryFn: () => request<UpstreamFinanceReport>({ url: '/api/admin/finance/upstream-providers', params }),
  });
