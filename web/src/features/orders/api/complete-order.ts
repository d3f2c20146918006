import type { OrderDetail } from '@jiema/shared';
import { request } from '../../../lib/http';

/** Spec §4: an administrator completes a pending order (after a confirmation). */
export const completeOrder = (id: number) =>
  request<OrderDetail>({ url: `/api/admin/orders/${id}/complete`, method: 'POST', meta: { silent: true } });
