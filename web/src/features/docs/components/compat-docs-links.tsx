import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** On /docs: the drop-in sms-activate and 5sim APIs, for clients that already speak them. */
export function CompatDocsLinks() {
  const { t } = useTranslation();
  return (
    <Card title={t('compat.docs.linksTitle')} style={{ marginBottom: 24 }} data-testid="compat-docs-links">
      <Typography.Paragraph>{t('compat.docs.linksIntro')}</Typography.Paragraph>
      <Space wrap>
        <Link to="/docs/sms-activate">
          <Button>{t('compat.docs.smsActivate.title')}</Button>
        </Link>
        <Link to="/docs/5sim">
          <Button>{t('compat.docs.fiveSim.title')}</Button>
        </Link>
      </Space>
    </Card>
  );
}
