import type { Announcement, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { ANNOUNCEMENTS_KEY } from './keys';

/** The administrator's list, drafts included. */
export const listAnnouncements = (params: Record<string, unknown>) =>
  request<Paged<Announcement>>({ url: '/api/admin/announcements', params });

export const useAnnouncements = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'admin', params],
    queryFn: () => listAnnouncements(params),
    placeholderData: keepPreviousData,
  });
