import type { PublicAd } from '@jiema/shared';

/** One ad: its image, a link when it has one (opened apart, marked sponsored). */
export function AdImage({ ad, height }: { ad: PublicAd; height: number }) {
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
