import type { Paged, TronAddress } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { TRON_KEY } from './keys';

export const listTronAddresses = (params: Record<string, unknown>) =>
  request<Paged<TronAddress>>({ url: '/api/admin/tron-addresses', params });

export const useTronAddresses = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...TRON_KEY, params],
    queryFn: () => listTronAddresses(params),
    placeholderData: keepPreviousData,
  });
