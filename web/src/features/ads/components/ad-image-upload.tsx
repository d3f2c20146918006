import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { AD_IMAGE_MAX_BYTES, AD_IMAGE_TYPES } from '@jiema/shared';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAdImage } from '../api/upload-ad-image';

/**
 * The ad image as a form control: its value is the stored file id. Type and size are checked here
 * first, then by content on the server.
 */
export function AdImageUpload({ value, onChange }: { value?: string; onChange?: (fileId: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File) => {
    if (!(AD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('ads.image.badType'));
      return;
    }
    if (file.size > AD_IMAGE_MAX_BYTES) {
      void message.error(t('ads.image.tooLarge', { kb: AD_IMAGE_MAX_BYTES / 1024 }));
      return;
    }
    setUploading(true);
    try {
      const { fileId } = await uploadAdImage(file);
      onChange?.(fileId);
      void message.success(t('ads.image.uploaded'));
    } catch {
      // the HTTP layer has shown the server's reason
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div
        style={{
          width: '100%',
          height: 140,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          background: '#fafafa',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <img
            src={`/api/files/${value}`}
            alt=""
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            data-testid="ad-image-preview"
          />
        ) : (
          <PictureOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />
        )}
      </div>
      <Space>
        <Upload
          accept={AD_IMAGE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="ad-image-upload">
            {value ? t('ads.image.replace') : t('ads.image.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">
          {t('ads.image.hint', { kb: AD_IMAGE_MAX_BYTES / 1024 })}
        </Typography.Text>
      </Space>
    </Space>
  );
}
