import { request } from '../../../lib/http';

export const deletePriceRule = (id: number) =>
  request<null>({ url: `/api/admin/price-rules/${id}`, method: 'DELETE' });
