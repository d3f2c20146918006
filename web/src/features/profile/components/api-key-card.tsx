import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { regenerateApiKey } from '../api/regenerate-api-key';

/** The API key: hidden by default, shown, copied, regenerated after a confirmation. */
export function ApiKeyCard({ apiKey, onChanged }: { apiKey: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [visible, setVisible] = useState(false);

  const handleCopy = async () => {
    if (await copyText(apiKey)) void message.success(t('common.copySuccess'));
    else void message.error(t('common.copyFailed'));
  };

  const handleRegenerate = () =>
    modal.confirm({
      title: t('profile.apiKey.regenerateTitle'),
      content: t('profile.apiKey.regenerateWarning'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await regenerateApiKey();
        void message.success(t('profile.apiKey.regenerated'));
        setVisible(true);
        onChanged();
      },
    });

  return (
    <Card title={t('profile.apiKey.title')}>
      <Typography.Paragraph type="secondary">{t('profile.apiKey.hint')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
        <Input
          readOnly
          value={visible ? apiKey : '•'.repeat(24)}
          data-testid="api-key"
          style={{ fontFamily: 'monospace' }}
        />
        <Button
          icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setVisible(!visible)}
        >
          {visible ? t('profile.apiKey.hide') : t('profile.apiKey.show')}
        </Button>
        <Button icon={<CopyOutlined />} onClick={() => void handleCopy()}>
          {t('common.copy')}
        </Button>
        <Button danger icon={<ReloadOutlined />} onClick={handleRegenerate}>
          {t('profile.apiKey.regenerate')}
        </Button>
      </Space.Compact>
    </Card>
  );
}
