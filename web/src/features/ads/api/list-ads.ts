import type { Ad, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { ADS_KEY } from './keys';

export const listAds = (params: Record<string, unknown>) =>
  request<Paged<Ad>>({ url: '/api/admin/ads', params });

export const useAds = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...ADS_KEY, 'admin', params],
    queryFn: () => listAds(params),
    placeholderData: keepPreviousData,
  });
