import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { ticketsKey } from './keys';

const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/**
 * A ticket image as a data: URL. The file routes need the session's Authorization header, which an
 * <img src> cannot send; data: (unlike blob:) is an image source the content security policy allows.
 * Images never change, so each is fetched once.
 */
export function useTicketImageUrl(url: string) {
  const image = useQuery({
    queryKey: ticketsKey('image', url),
    queryFn: async () => asDataUrl((await call({ url, responseType: 'blob' })).body as Blob),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return image.data ?? null;
}
