import type { RenewalInput, RenewalQuote } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { renewalsKey } from './keys';

export const quoteRenewal = (data: RenewalInput) =>
  request<RenewalQuote>({ url: '/api/renewals/quote', method: 'POST', data });

/**
 * The prices of the chosen rentals for the chosen validity, asked again whenever either changes.
 * Not retried: a refusal (no price, an ended number) is shown once by the HTTP layer.
 */
export const useRenewalQuote = (rentalIds: number[], validityOptionId: number | undefined) =>
  useQuery({
    queryKey: renewalsKey('quote', rentalIds, validityOptionId),
    queryFn: () => quoteRenewal({ rentalIds, validityOptionId: validityOptionId! }),
    enabled: rentalIds.length > 0 && validityOptionId !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
