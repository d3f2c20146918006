import type { Announcement } from '@jiema/shared';
import { request } from '../../../lib/http';

export const setAnnouncementPublished = ({ id, published }: { id: number; published: boolean }) =>
  request<Announcement>({
    url: `/api/admin/announcements/${id}/published`,
    method: 'PUT',
    data: { published },
  });
