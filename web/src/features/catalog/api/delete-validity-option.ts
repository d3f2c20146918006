import { request } from '../../../lib/http';

export const deleteValidityOption = (id: number) =>
  request<null>({ url: `/api/admin/validity-options/${id}`, method: 'DELETE' });
