import type { PriceBulkEdit } from '@jiema/shared';
import { request } from '../../../lib/http';

export const bulkEditPrices = (data: PriceBulkEdit) =>
  request<{ updated: number }>({ url: '/api/admin/price-rules/bulk-edit', method: 'POST', data });
