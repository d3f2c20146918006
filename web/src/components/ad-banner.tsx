import type { AdPlacement } from '@jiema/shared';
import { type CSSProperties, lazy, Suspense } from 'react';
import { useLiveAds } from '../lib/live-ads';
import { AdImage } from './ad-image';

// The carousel (antd's, with its slider) weighs more than the login page's own code: it is fetched only
// for a placement with several live ads, and the first ad stands in while it loads.
const AdCarousel = lazy(() => import('./ad-carousel').then((m) => ({ default: m.AdCarousel })));

/**
 * The ads of one placement, rotating when there are several; renders nothing when none is live (or
 * the call fails), so a page never shows an empty frame.
 */
export function AdBanner({
  placement,
  height = 120,
  style,
}: {
  placement: AdPlacement;
  height?: number;
  style?: CSSProperties;
}) {
  const ads = useLiveAds(placement);
  const list = ads.data ?? [];
  if (list.length === 0) return null;
  return (
    <div style={style} data-testid={`ad-banner-${placement}`}>
      {list.length === 1 ? (
        <AdImage ad={list[0]!} height={height} />
      ) : (
        <Suspense fallback={<AdImage ad={list[0]!} height={height} />}>
          <AdCarousel ads={list} height={height} />
        </Suspense>
      )}
    </div>
  );
}
