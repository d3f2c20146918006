import type { OrderExportFormat } from '@jiema/shared';
import { type OrderScope, ordersBase } from '../../../lib/api/orders-keys';
import { downloadFile } from '../../../lib/download';

/** The numbers of an order with their code links: TXT (`number----link` per line) or CSV. */
export const exportOrderPhones = (
  scope: OrderScope,
  id: number,
  orderNo: string,
  format: OrderExportFormat,
) => downloadFile(`${ordersBase(scope)}/${id}/phones`, { format }, `${orderNo}.${format}`);
