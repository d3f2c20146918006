import type { AdPlacement, PublicAd } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/http';
import { ADS_KEY } from './keys';

/** The ads live now in one placement, for the interface language; an ad never shows an error toast. */
export const getLiveAds = (placement: AdPlacement) =>
  request<PublicAd[]>({ url: '/api/ads', params: { placement }, meta: { silent: true } });

export function useLiveAds(placement: AdPlacement) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...ADS_KEY, 'live', placement, i18n.language],
    queryFn: () => getLiveAds(placement),
    staleTime: 60_000,
  });
}
