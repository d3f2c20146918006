import type { PublicAd } from '@jiema/shared';
import { Carousel } from 'antd';
import { AdImage } from './ad-image';

/** Several ads of one placement taking turns; loaded only when a placement has more than one. */
export function AdCarousel({ ads, height }: { ads: PublicAd[]; height: number }) {
  return (
    <Carousel autoplay autoplaySpeed={6000} dots={{ className: 'ad-banner-dots' }}>
      {ads.map((ad) => (
        <AdImage key={ad.id} ad={ad} height={height} />
      ))}
    </Carousel>
  );
}
