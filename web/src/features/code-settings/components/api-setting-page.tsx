import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeSettings } from '../api/code-settings';
import { AnswerCard } from './answer-card';
import { PatternsCard } from './patterns-card';
import { WebhookCard } from './webhook-card';

/** Spec §2 api-setting (code retrieval settings): how my code links answer, my patterns, my webhook. */
export default function ApiSettingPage() {
  const { t } = useTranslation();
  const settings = useCodeSettings();
  if (!settings.data) {
    return settings.isError ? (
      <Alert type="error" message={t('code-settings.loadFailed')} />
    ) : (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16} data-testid="api-setting-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('code-settings.title')}
      </Typography.Title>
      <AnswerCard settings={settings.data} />
      <PatternsCard settings={settings.data} />
      <WebhookCard settings={settings.data} />
    </Flex>
  );
}
