import type { TicketAttachment } from '@jiema/shared';
import { Image, Space } from 'antd';
import { useTicketImageUrl } from '../api/ticket-image';

function Thumb({ url, name }: { url: string; name: string }) {
  const src = useTicketImageUrl(url);
  return (
    <Image
      src={src ?? undefined}
      alt={name}
      width={72}
      height={72}
      style={{ objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' }}
      data-testid="ticket-image"
    />
  );
}

/** The images of a ticket or a reply; `base` is the ticket's file route of the viewer's side. */
export function TicketImages({ images, base }: { images: readonly TicketAttachment[]; base: string }) {
  if (!images.length) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} style={{ marginTop: 8 }}>
        {images.map((image) => (
          <Thumb key={image.id} url={`${base}/files/${image.id}`} name={image.name} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
