import { CustomerServiceOutlined, FileTextOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicContactCards } from '../../../components/contacts/public-contact-cards';

const COL = { xs: 24, md: 8 };

/** Support ticket and documentation, then the contact channels the administrators have enabled. */
export default function ContactPage() {
  const { t } = useTranslation();
  const fixed = [
    {
      key: 'ticket',
      icon: <CustomerServiceOutlined />,
      action: <Link to="/dashboard/work-order">{t('public.contact.ticket.action')}</Link>,
    },
    {
      key: 'docs',
      icon: <FileTextOutlined />,
      action: <Link to="/docs">{t('public.contact.docs.action')}</Link>,
    },
  ];
  return (
    <div style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 24px' }}>
      <Typography.Title>{t('public.contact.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('public.contact.subtitle')}</Typography.Paragraph>
      <Row gutter={[24, 24]} data-testid="contact-channels">
        {fixed.map((c) => (
          <Col key={c.key} {...COL}>
            <Card style={{ height: '100%' }}>
              <div style={{ fontSize: 28, color: '#1677ff' }}>{c.icon}</div>
              <Typography.Title level={5}>{t(`public.contact.${c.key}.title`)}</Typography.Title>
              <Typography.Paragraph type="secondary">
                {t(`public.contact.${c.key}.text`)}
              </Typography.Paragraph>
              {c.action}
            </Card>
          </Col>
        ))}
        <PublicContactCards colProps={COL} />
      </Row>
    </div>
  );
}
