import { PlusOutlined } from '@ant-design/icons';
import {
  sniffAttachmentType,
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_COUNT,
  TICKET_ATTACHMENT_MAX_MB,
} from '@jiema/shared';
import { App, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';

/** How much of a file is read on pick to tell its type: enough for every signature and a text sample. */
const SNIFF_BYTES = 64 * 1024;

/** The same check by content as the server's (shared `sniffAttachmentType`), on the file's first bytes. */
async function hasAllowedContent(file: File): Promise<boolean> {
  try {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    return sniffAttachmentType(head, file.name, file.size <= SNIFF_BYTES) !== null;
  } catch {
    return false;
  }
}

/**
 * Up to five files kept in the browser until the form is sent (spec §5: jpg, png, gif, pdf, doc,
 * txt, zip, at most 5 MB each). Count, size and content are checked here; the server checks again.
 */
export function AttachmentPicker({
  value = [],
  onChange,
  testId,
}: {
  value?: File[];
  onChange?: (files: File[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fileList: UploadFile[] = value.map((file, i) => ({
    uid: `${i}-${file.name}`,
    name: file.name,
    status: 'done',
    type: file.type,
    originFileObj: file as UploadFile['originFileObj'],
  }));

  const accept = async (file: File, alreadyChosen: number) => {
    if (alreadyChosen >= TICKET_ATTACHMENT_MAX_COUNT) {
      void message.error(t('tickets.files.tooMany', { max: TICKET_ATTACHMENT_MAX_COUNT }));
      return false;
    }
    if (file.size > TICKET_ATTACHMENT_MAX_BYTES) {
      void message.error(t('tickets.files.tooLarge', { name: file.name, maxMb: TICKET_ATTACHMENT_MAX_MB }));
      return false;
    }
    if (!(await hasAllowedContent(file))) {
      void message.error(t('tickets.files.badType', { name: file.name }));
      return false;
    }
    return true;
  };

  return (
    <div data-testid={testId}>
      <Upload
        listType="picture-card"
        multiple
        accept={TICKET_ATTACHMENT_EXTENSIONS.join(',')}
        fileList={fileList}
        beforeUpload={(file, batch) => {
          // antd calls this once per file of a multi-selection; the first of the batch adds them all.
          if (file !== batch[0]) return false;
          void (async () => {
            const chosen = [...value];
            for (const candidate of batch) if (await accept(candidate, chosen.length)) chosen.push(candidate);
            if (chosen.length !== value.length) onChange?.(chosen);
          })();
          return false;
        }}
        onRemove={(removed) => {
          onChange?.(value.filter((_, i) => `${i}-${value[i]?.name}` !== removed.uid));
          return true;
        }}
      >
        {value.length < TICKET_ATTACHMENT_MAX_COUNT && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>{t('tickets.files.add')}</div>
          </div>
        )}
      </Upload>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
        {t('tickets.files.hint', { max: TICKET_ATTACHMENT_MAX_COUNT, maxMb: TICKET_ATTACHMENT_MAX_MB })}
      </div>
    </div>
  );
}
