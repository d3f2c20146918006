import type { Paged, RenewalRecord } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { type RenewalParams, type RenewalScope, renewalsBase, renewalsKey } from './keys';

export const listRenewals = (scope: RenewalScope, params: RenewalParams) =>
  request<Paged<RenewalRecord>>({ url: renewalsBase(scope), params });

export const useRenewals = (scope: RenewalScope, params: RenewalParams) =>
  useQuery({
    queryKey: renewalsKey(scope, 'records', params),
    queryFn: () => listRenewals(scope, params),
    placeholderData: keepPreviousData,
  });
