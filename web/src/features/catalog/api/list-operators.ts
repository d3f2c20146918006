import type { Operator, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { catalogKey } from './keys';

export const listOperators = (params: Record<string, unknown>) =>
  request<Paged<Operator>>({ url: '/api/admin/operators', params });

export const useOperators = (params: Record<string, unknown>, enabled = true) =>
  useQuery({
    queryKey: catalogKey('operators', params),
    queryFn: () => listOperators(params),
    placeholderData: keepPreviousData,
    enabled,
  });
