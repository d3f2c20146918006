import { downloadFile } from '../../../lib/download';
import { type OrderScope, ordersBase } from './keys';
import type { OrderParams } from './list-orders';

export const exportOrders = (scope: OrderScope, params: OrderParams) =>
  downloadFile(`${ordersBase(scope)}/export`, params, 'orders.csv');
