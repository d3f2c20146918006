import { request } from '../../../lib/http';

export const deleteContact = (id: number) =>
  request<null>({ url: `/api/admin/contacts/${id}`, method: 'DELETE' });
