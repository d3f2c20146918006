import type { Overview } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** The dashboard home's numbers; refreshed every 30 s while the page is open. */
export const useOverview = () =>
  useQuery({
    queryKey: ['dashboard', 'overview'],
    queryFn: () =>
      request<Overview>({
        url: '/api/dashboard/overview',
        params: { tzOffset: -new Date().getTimezoneOffset() },
        meta: { silent: true },
      }),
    refetchInterval: 30_000,
  });
