import type { PublishedAnnouncement } from '@jiema/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENTS_KEY } from '../../features/announcements/api/keys';
import { request } from '../../lib/http';

/**
 * One published announcement. Silent: a missing or unpublished one is answered with the spec's own
 * "announcement details not found" by the drawer, not with the generic 404 toast.
 */
export const getPublishedAnnouncement = (id: number) =>
  request<PublishedAnnouncement>({ url: `/api/announcements/${id}`, meta: { silent: true } });

export function usePublishedAnnouncement(id: number | null) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'published-one', id, i18n.language],
    queryFn: async () => {
      const announcement = await getPublishedAnnouncement(id!);
      // Opening it counted a read: the list's read marks and read filter change.
      void queryClient.invalidateQueries({ queryKey: [...ANNOUNCEMENTS_KEY, 'published'] });
      return announcement;
    },
    enabled: id !== null,
  });
}
