import { request } from '../../../lib/http';

export const deleteApplication = (id: number) =>
  request<null>({ url: `/api/admin/applications/${id}`, method: 'DELETE' });
