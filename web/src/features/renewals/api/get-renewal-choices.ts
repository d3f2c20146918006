import type { RenewalChoices } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { renewalsKey } from './keys';

export const getRenewalChoices = () => request<RenewalChoices>({ url: '/api/renewals/choices' });

/** Day-rental validities on sale and the applications for the filters. */
export const useRenewalChoices = (enabled = true) =>
  useQuery({
    queryKey: renewalsKey('choices'),
    queryFn: getRenewalChoices,
    staleTime: 60_000,
    enabled,
  });
