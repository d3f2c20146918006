import type { AdPlacement, PublicAd } from '@jiema/shared';
import { Carousel } from 'antd';
import type { CSSProperties } from 'react';
import { useLiveAds } from '../api/get-live-ads';

function AdImage({ ad, height }: { ad: PublicAd; height: number }) {
  const image = (
    <img
      src={ad.imageUrl}
      alt={ad.title}
      title={ad.title}
      style={{ display: 'block', width: '100%', height, objectFit: 'cover', borderRadius: 8 }}
    />
  );
  return ad.linkUrl ? (
    <a href={ad.linkUrl} target="_blank" rel="noopener noreferrer sponsored" data-testid={`ad-${ad.id}`}>
      {image}
    </a>
  ) : (
    <div data-testid={`ad-${ad.id}`}>{image}</div>
  );
}

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
        <Carousel autoplay autoplaySpeed={6000} dots={{ className: 'ad-banner-dots' }}>
          {list.map((ad) => (
            <AdImage key={ad.id} ad={ad} height={height} />
          ))}
        </Carousel>
      )}
    </div>
  );
}
