import { request } from '../../../lib/http';

export const deleteAnnouncement = (id: number) =>
  request<null>({ url: `/api/admin/announcements/${id}`, method: 'DELETE' });
