import type { Announcement } from '@jiema/shared';
import { request } from '../../../lib/http';

export const setAnnouncementPinned = ({ id, pinned }: { id: number; pinned: boolean }) =>
  request<Announcement>({ url: `/api/admin/announcements/${id}/pinned`, method: 'PUT', data: { pinned } });
