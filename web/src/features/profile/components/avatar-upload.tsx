import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, resolveIconUrl } from '@jiema/shared';
import { App, Avatar, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAvatar } from '../api/upload-avatar';

/** Avatar with an upload button; type and size are checked here first, then by content on the server. */
export function AvatarUpload({ iconPath, onUploaded }: { iconPath: string; onUploaded: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File) => {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('profile.avatar.badType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t('profile.avatar.tooLarge', { kb: AVATAR_MAX_BYTES / 1024 }));
      return;
    }
    setUploading(true);
    try {
      await uploadAvatar(file);
      void message.success(t('profile.avatar.uploaded'));
      onUploaded();
    } catch {
      // the HTTP layer has shown the server's reason
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space direction="vertical" align="center">
      <Avatar
        size={96}
        src={resolveIconUrl(iconPath) || undefined}
        icon={<UserOutlined />}
        data-testid="profile-avatar"
      />
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void handleFile(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} size="small">
          {t('profile.avatar.change')}
        </Button>
      </Upload>
    </Space>
  );
}
