import { IDEMPOTENCY_HEADER, type RenewalInput, type RenewalResult } from '@jiema/shared';
import { request } from '../../../lib/http';

/** Renews; the same idempotency key on a retry returns the same renewal instead of charging twice. */
export const renewRentals = (data: RenewalInput, idempotencyKey: string) =>
  request<RenewalResult>({
    url: '/api/renewals',
    method: 'POST',
    data,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
