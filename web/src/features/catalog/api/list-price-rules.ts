import type { Paged, PriceRule } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { catalogKey } from './keys';

export const listPriceRules = (params: Record<string, unknown>) =>
  request<Paged<PriceRule>>({ url: '/api/admin/price-rules', params });

export const usePriceRules = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: catalogKey('price-rules', params),
    queryFn: () => listPriceRules(params),
    placeholderData: keepPreviousData,
  });
