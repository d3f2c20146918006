import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { http } from '../../../lib/http';
import { ticketsKey } from './keys';

/**
 * A ticket image as an object URL: the file routes need the session's Authorization header, which
 * an <img src> cannot send. Images never change, so each is fetched once.
 */
export function useTicketImageUrl(url: string) {
  const blob = useQuery({
    queryKey: ticketsKey('image', url),
    queryFn: async () => (await http.get<Blob>(url, { responseType: 'blob' })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const objectUrl = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return objectUrl;
}
