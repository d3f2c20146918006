import type { Paged, ValidityOption } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { catalogKey } from './keys';

export const listValidityOptions = (params: Record<string, unknown>) =>
  request<Paged<ValidityOption>>({ url: '/api/admin/validity-options', params });

export const useValidityOptions = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: catalogKey('validity-options', params),
    queryFn: () => listValidityOptions(params),
    placeholderData: keepPreviousData,
  });
