import { request } from '../../../lib/http';

export const deleteOperator = (id: number) =>
  request<null>({ url: `/api/admin/operators/${id}`, method: 'DELETE' });
