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

/** A random idempotency key (crypto.getRandomValues works on plain http too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
