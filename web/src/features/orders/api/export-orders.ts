import type { OrderParams } from '../../../lib/api/list-orders';
import { type OrderScope, ordersBase } from '../../../lib/api/orders-keys';
import { downloadFile } from '../../../lib/download';

export const exportOrders = (scope: OrderScope, params: OrderParams) =>
  downloadFile(`${ordersBase(scope)}/export`, params, 'orders.csv');
