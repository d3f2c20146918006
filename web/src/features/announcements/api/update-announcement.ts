import type { Announcement, AnnouncementInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateAnnouncement = ({ id, ...data }: AnnouncementInput & { id: number }) =>
  request<Announcement>({ url: `/api/admin/announcements/${id}`, method: 'PUT', data });
