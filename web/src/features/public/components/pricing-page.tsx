import { Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlanCards } from './plan-cards';
import { PublicPriceTable } from './public-price-table';

const FAQ = ['segments', 'free', 'refund', 'payment'] as const;

export default function PricingPage() {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 24px' }}>
      <Typography.Title style={{ textAlign: 'center' }}>{t('public.plans.title')}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 40 }}>
        {t('public.plans.subtitle')}
      </Typography.Paragraph>
      <PlanCards />
      <PublicPriceTable />
      <Typography.Title level={3} style={{ marginTop: 56 }}>
        {t('public.pricing.faqTitle')}
      </Typography.Title>
      <Collapse
        items={FAQ.map((key) => ({
          key,
          label: t(`public.pricing.faq.${key}.q`),
          children: <p>{t(`public.pricing.faq.${key}.a`)}</p>,
        }))}
      />
    </div>
  );
}
