import type { Paged, RentalGroup } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { rentalGroupsKey } from './keys';

export type GroupParams = Record<string, string | number | undefined>;

export const listRentalGroups = (params: GroupParams) =>
  request<Paged<RentalGroup>>({ url: '/api/rental-groups', params });

export const useRentalGroups = (params: GroupParams) =>
  useQuery({
    queryKey: rentalGroupsKey('list', params),
    queryFn: () => listRentalGroups(params),
    placeholderData: keepPreviousData,
  });
