import type { Paged, PublishedAnnouncement } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENTS_KEY } from '../../features/announcements/api/keys';
import { request } from '../../lib/http';

/** Published announcements, pinned first, in the interface language. */
/** `read`: spec §9's read filter, 1 all, 2 unread, 3 read. */
export type PublishedAnnouncementParams = { page: number; pageSize: number; read?: '1' | '2' | '3' };

export const listPublishedAnnouncements = (params: PublishedAnnouncementParams) =>
  request<Paged<PublishedAnnouncement>>({ url: '/api/announcements', params });

export function usePublishedAnnouncements(params: PublishedAnnouncementParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'published', params, i18n.language],
    queryFn: () => listPublishedAnnouncements(params),
    placeholderData: keepPreviousData,
  });
}
