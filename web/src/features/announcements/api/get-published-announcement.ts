import type { PublishedAnnouncement } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/http';
import { ANNOUNCEMENTS_KEY } from './keys';

/**
 * One published announcement. Silent: a missing or unpublished one is answered with the spec's own
 * "announcement details not found" by the drawer, not with the generic 404 toast.
 */
export const getPublishedAnnouncement = (id: number) =>
  request<PublishedAnnouncement>({ url: `/api/announcements/${id}`, meta: { silent: true } });

export function usePublishedAnnouncement(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'published-one', id, i18n.language],
    queryFn: () => getPublishedAnnouncement(id!),
    enabled: id !== null,
  });
}
