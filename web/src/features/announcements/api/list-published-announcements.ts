import type { Paged, PublishedAnnouncement } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/http';
import { ANNOUNCEMENTS_KEY } from './keys';

/** Published announcements, pinned first, in the interface language. */
export const listPublishedAnnouncements = (params: { page: number; pageSize: number }) =>
  request<Paged<PublishedAnnouncement>>({ url: '/api/announcements', params });

export function usePublishedAnnouncements(params: { page: number; pageSize: number }) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'published', params, i18n.language],
    queryFn: () => listPublishedAnnouncements(params),
    placeholderData: keepPreviousData,
  });
}
