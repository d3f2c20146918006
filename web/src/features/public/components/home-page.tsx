import { ApiOutlined, DollarOutlined, GlobalOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdBanner } from '../../../components/ad-banner';
import { PlanCards } from './plan-cards';

const FEATURES = [
  { key: 'countries', icon: <GlobalOutlined /> },
  { key: 'refund', icon: <SafetyOutlined /> },
  { key: 'api', icon: <ApiOutlined /> },
  { key: 'usdt', icon: <DollarOutlined /> },
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div>
      <section
        style={{
          background: 'linear-gradient(135deg, #001d66 0%, #1677ff 100%)',
          color: '#fff',
          padding: '72px 24px',
          textAlign: 'center',
        }}
      >
        <Typography.Title style={{ color: '#fff', marginTop: 0 }}>{t('public.home.title')}</Typography.Title>
        <Typography.Paragraph
          style={{ color: 'rgba(255,255,255,0.85)', fontSize: 18, maxWidth: 720, margin: '0 auto 32px' }}
        >
          {t('public.home.subtitle')}
        </Typography.Paragraph>
        <Space size="large">
          <Button
            size="large"
            style={{ background: '#fff', color: '#1677ff', borderColor: '#fff' }}
            onClick={() => navigate('/register')}
          >
            {t('public.home.start')}
          </Button>
          <Button size="large" ghost onClick={() => navigate('/docs')}>
            {t('public.home.docs')}
          </Button>
        </Space>
      </section>
      <section style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 24px' }}>
        <AdBanner placement="home_banner" height={180} style={{ marginBottom: 32 }} />
        <Row gutter={[24, 24]}>
          {FEATURES.map((f) => (
            <Col key={f.key} xs={24} sm={12} lg={6}>
              <Card style={{ height: '100%' }}>
                <div style={{ fontSize: 28, color: '#1677ff' }}>{f.icon}</div>
                <Typography.Title level={5}>{t(`public.home.features.${f.key}.title`)}</Typography.Title>
                <Typography.Text type="secondary">{t(`public.home.features.${f.key}.text`)}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
        <Typography.Title level={2} style={{ textAlign: 'center', margin: '56px 0 8px' }}>
          {t('public.plans.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 32 }}>
          {t('public.plans.subtitle')}
        </Typography.Paragraph>
        <PlanCards />
      </section>
    </div>
  );
}
