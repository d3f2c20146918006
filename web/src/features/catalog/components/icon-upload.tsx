import { AppstoreOutlined, UploadOutlined } from '@ant-design/icons';
import { APP_ICON_MAX_BYTES, APP_ICON_TYPES, type Application, resolveIconUrl } from '@jiema/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOG_KEY } from '../api/keys';
import { uploadApplicationIcon } from '../api/upload-application-icon';

/** An application's icon with an upload button; type and size are checked here, then by content on the server. */
export function IconUpload({
  application,
  onUploaded,
}: {
  application: Application;
  onUploaded?: (iconPath: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [iconPath, setIconPath] = useState(application.iconPath);
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File) => {
    if (!(APP_ICON_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('catalog.application.iconBadType'));
      return;
    }
    if (file.size > APP_ICON_MAX_BYTES) {
      void message.error(t('catalog.application.iconTooLarge', { kb: APP_ICON_MAX_BYTES / 1024 }));
      return;
    }
    setUploading(true);
    try {
      const result = await uploadApplicationIcon(application.id, file);
      setIconPath(result.iconPath);
      onUploaded?.(result.iconPath);
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
      void message.success(t('catalog.application.iconUploaded'));
    } catch {
      // the HTTP layer has shown the server's reason
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space align="center">
      <Avatar
        shape="square"
        size={56}
        src={resolveIconUrl(iconPath) || undefined}
        icon={<AppstoreOutlined />}
      />
      <Upload
        accept={APP_ICON_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void handleFile(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="application-icon-upload">
          {t('catalog.application.iconUpload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {t('catalog.application.iconHint', { kb: APP_ICON_MAX_BYTES / 1024 })}
      </Typography.Text>
    </Space>
  );
}
