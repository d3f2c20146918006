import type { OrderDetail } from '@jiema/shared';
import { request } from '../../../lib/http';

/** Spec §4: an administrator cancels a pending order (after a confirmation); it is refunded once. */
export const cancelOrder = (id: number) =>
  request<OrderDetail>({ url: `/api/admin/orders/${id}/cancel`, method: 'POST', meta: { silent: true } });
