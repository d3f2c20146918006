import type { Announcement, AnnouncementInput } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createAnnouncement = (data: AnnouncementInput) =>
  request<Announcement>({ url: '/api/admin/announcements', method: 'POST', data });
