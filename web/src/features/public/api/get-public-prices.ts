import type { PublicPriceList } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** The public price list (no account; the server caches it for a minute). */
export const usePublicPrices = () =>
  useQuery({
    queryKey: ['public', 'prices'],
    queryFn: () => request<PublicPriceList>({ url: '/api/public/prices', meta: { silent: true } }),
    staleTime: 60_000,
  });
