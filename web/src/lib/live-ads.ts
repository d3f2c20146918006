import type { AdPlacement, PublicAd } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from './http';

/**
 * The ads live now in one placement, for the interface language; an ad never shows an error toast.
 * Under the ads feature's key (`['ads']`), so every change an administrator makes refreshes them.
 */
export const getLiveAds = (placement: AdPlacement) =>
  request<PublicAd[]>({ url: '/api/ads', params: { placement }, meta: { silent: true } });

export function useLiveAds(placement: AdPlacement) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['ads', 'live', placement, i18n.language],
    queryFn: () => getLiveAds(placement),
    staleTime: 60_000,
  });
}
