import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['what', 'how', 'trust'] as const;

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 880, margin: '0 auto', padding: '48px 24px' }}>
      <Typography.Title>{t('public.about.title')}</Typography.Title>
      {SECTIONS.map((key) => (
        <Card key={key} style={{ marginBottom: 16 }} title={t(`public.about.${key}.title`)}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t(`public.about.${key}.text`)}
          </Typography.Paragraph>
        </Card>
      ))}
    </div>
  );
}
