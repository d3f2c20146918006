import type { Paged, Rental } from '@jiema/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../http';

export const RENTALS_KEY = ['rentals'] as const;

/** A refresh after the first load is a background poll: quiet on failures, but a refused session logs out (spec §4). */
export const listRentals = (params: Record<string, string | number | undefined>, polling = false) =>
  request<Paged<Rental>>({ url: '/api/rentals', params, meta: { background: polling } });

/** The caller's rentals, refreshed every 5 s so new codes show up; only the first load may toast. */
export function useRentals(params: Record<string, string | number | undefined>) {
  const client = useQueryClient();
  const queryKey = [...RENTALS_KEY, params];
  return useQuery({
    queryKey,
    queryFn: () => listRentals(params, (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}
