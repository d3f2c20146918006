import type { RechargeOrder } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createRechargeOrder = (amount: string) =>
  request<RechargeOrder>({ url: '/api/recharge/orders', method: 'POST', data: { amount } });

export const cancelRechargeOrder = (id: number) =>
  request<null>({ url: `/api/recharge/orders/${id}/cancel`, method: 'POST', data: {} });
