import { PlusOutlined } from '@ant-design/icons';
import {
  isTicketImageName,
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_COUNT,
} from '@jiema/shared';
import { App, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';

const maxKb = TICKET_ATTACHMENT_MAX_BYTES / 1024;

/**
 * Up to five images kept in the browser until the form is sent (spec §5: jpg, jpeg, png, webp, at
 * most 500 KB). Name, type, size and count are checked here; the server checks the bytes again.
 */
export function ImagePicker({
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
    originFileObj: file as UploadFile['originFileObj'],
  }));

  const accept = (file: File, alreadyChosen: number) => {
    if (!isTicketImageName(file.name, file.type)) {
      void message.error(t('tickets.images.badType', { name: file.name }));
      return false;
    }
    if (file.size > TICKET_ATTACHMENT_MAX_BYTES) {
      void message.error(t('tickets.images.tooLarge', { name: file.name, maxKb }));
      return false;
    }
    if (alreadyChosen >= TICKET_ATTACHMENT_MAX_COUNT) {
      void message.error(t('tickets.images.tooMany', { max: TICKET_ATTACHMENT_MAX_COUNT }));
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
          const chosen = [...value];
          for (const candidate of batch) if (accept(candidate, chosen.length)) chosen.push(candidate);
          onChange?.(chosen);
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
            <div style={{ marginTop: 4 }}>{t('tickets.images.add')}</div>
          </div>
        )}
      </Upload>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
        {t('tickets.images.hint', { max: TICKET_ATTACHMENT_MAX_COUNT, maxKb })}
      </div>
    </div>
  );
}
