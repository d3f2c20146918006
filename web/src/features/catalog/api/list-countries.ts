import type { Country, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { catalogKey } from './keys';

export const listCountries = (params: Record<string, unknown>) =>
  request<Paged<Country>>({ url: '/api/admin/countries', params });

export const useCountries = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: catalogKey('countries', params),
    queryFn: () => listCountries(params),
    placeholderData: keepPreviousData,
  });

/** Every country (for selects), in display order. */
export const useAllCountries = () =>
  useQuery({
    queryKey: catalogKey('countries', 'all'),
    queryFn: () => listCountries({ pageSize: 500 }),
    staleTime: 60_000,
  });
