import { IDEMPOTENCY_HEADER, type OrderDetail, type PurchaseInput } from '@jiema/shared';
import { request } from '../../../lib/http';

/** Buys; the same idempotency key on a retry returns the same order instead of buying twice. */
export const purchase = (data: PurchaseInput, idempotencyKey: string) =>
  request<OrderDetail>({
    url: '/api/store/orders',
    method: 'POST',
    data,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
