import { PaperClipOutlined } from '@ant-design/icons';
import { isAttachmentImage, type TicketAttachment } from '@jiema/shared';
import { App, Button, Flex, Image, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download';
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

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A document (pdf, doc, txt, zip): a link that downloads it with the session's header. */
function FileLink({ url, file }: { url: string; file: TicketAttachment }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<PaperClipOutlined />}
      loading={busy}
      data-testid="ticket-file"
      title={t('tickets.files.download', { name: file.name })}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(url, {}, file.name);
        } catch {
          void message.error(t('tickets.files.downloadFailed', { name: file.name }));
        } finally {
          setBusy(false);
        }
      }}
      style={{ maxWidth: '100%' }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {file.name} ({sizeText(file.size)})
      </span>
    </Button>
  );
}

/**
 * The attachments of a ticket or a reply: images as thumbnails that open a preview, other files
 * as download buttons. `base` is the ticket's file route of the viewer's side.
 */
export function TicketAttachments({ files, base }: { files: readonly TicketAttachment[]; base: string }) {
  if (!files.length) return null;
  const images = files.filter((f) => isAttachmentImage(f.contentType));
  const documents = files.filter((f) => !isAttachmentImage(f.contentType));
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }}>
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap size={8}>
            {images.map((image) => (
              <Thumb key={image.id} url={`${base}/files/${image.id}`} name={image.name} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {documents.length > 0 && (
        <Space wrap size={8}>
          {documents.map((file) => (
            <FileLink key={file.id} url={`${base}/files/${file.id}`} file={file} />
          ))}
        </Space>
      )}
    </Flex>
  );
}
