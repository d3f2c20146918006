import { Card, Col, Descriptions, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuota } from '../api/quota';

const UsageChart = lazy(() => import('./usage-chart'));

const percent = (used: number, limit: number | null) =>
  limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;

/** The user's plan (spec §9 prices), free messages left, daily and monthly limits and 30 days of usage. */
export default function AppQuotaPage() {
  const { t } = useTranslation();
  const quota = useQuota();
  const q = quota.data;
  return (
    <Card title={t('mass-sms.quota.title')} data-testid="app-quota-page" loading={quota.isLoading}>
      {q && (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title={t('mass-sms.quota.plan')} value={t(`mass-sms.plans.${q.plan}`)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('mass-sms.quota.price')} value={q.pricePerSegment} suffix="USDT" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title={t('mass-sms.quota.freeLeft')}
                value={q.freeLeft}
                suffix={`/ ${q.freeMessages}`}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('mass-sms.quota.balance')} value={q.balance} suffix="USDT" />
            </Col>
          </Row>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            style={{ marginTop: 16 }}
            data-testid="quota-limits"
          >
            <Descriptions.Item label={t('mass-sms.quota.daily')}>
              {q.dailyUsed} / {q.dailyLimit ?? t('mass-sms.quota.unlimited')}
              {q.dailyLimit !== null && (
                <Progress percent={percent(q.dailyUsed, q.dailyLimit)} size="small" />
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('mass-sms.quota.monthly')}>
              {q.monthlyUsed} / {q.monthlyLimit ?? t('mass-sms.quota.unlimited')}
              {q.monthlyLimit !== null && (
                <Progress percent={percent(q.monthlyUsed, q.monthlyLimit)} size="small" />
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('mass-sms.quota.freeUsed')}>{q.freeUsed}</Descriptions.Item>
            <Descriptions.Item label={t('mass-sms.quota.unit')}>
              {t('mass-sms.quota.unitText')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('mass-sms.quota.usage')}
          </Typography.Title>
          <Suspense fallback={<Skeleton active />}>
            <UsageChart days={q.usageByDay} />
          </Suspense>
        </>
      )}
    </Card>
  );
}
