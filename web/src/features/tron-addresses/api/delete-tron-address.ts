import { request } from '../../../lib/http';

export const deleteTronAddress = (id: number) =>
  request<null>({ url: `/api/admin/tron-addresses/${id}`, method: 'DELETE' });
