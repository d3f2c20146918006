import type { Paged, RenewableRental } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { type RenewalParams, renewalsKey } from './keys';

export const listRenewableRentals = (params: RenewalParams) =>
  request<Paged<RenewableRental>>({ url: '/api/renewals/rentals', params });

/** The caller's day rentals that can be renewed now. */
export const useRenewableRentals = (params: RenewalParams) =>
  useQuery({
    queryKey: renewalsKey('renewable', params),
    queryFn: () => listRenewableRentals(params),
    placeholderData: keepPreviousData,
  });
