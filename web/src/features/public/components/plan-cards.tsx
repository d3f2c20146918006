import { CheckOutlined } from '@ant-design/icons';
import { CURRENCY, PRICE_PLANS } from '@jiema/shared';
import { Alert, Button, Card, Col, List, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store';

/**
 * The three per-message plans of spec §1: basic 0.05, pro 0.04, enterprise 0.03, 1000 free in basic.
 * Mass SMS is not open to every account (spec §2: administrator type only; PRODUCT.md §5: an
 * administrator grants it to any user), so a plan's button is the way to ask for it: a ticket of
 * type "feature" naming the plan, after signing up (or in) when needed.
 */
export function PlanCards() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession().token !== null;
  const request = (plan: string) => {
    const ticket = `/dashboard/work-order?type=feature&plan=${plan}`;
    navigate(signedIn ? ticket : `/register?redirect=${encodeURIComponent(ticket)}`);
  };
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        message={t('public.plans.howToGet')}
        data-testid="plans-how-to-get"
      />
      <Row gutter={[24, 24]} justify="center">
        {PRICE_PLANS.map((plan) => (
          <Col key={plan.key} xs={24} md={8}>
            <Card
              hoverable
              data-testid={`plan-${plan.key}`}
              style={{ height: '100%', borderColor: plan.key === 'pro' ? '#1677ff' : undefined }}
              title={
                <span>
                  {t(`public.plans.${plan.key}.name`)}{' '}
                  {plan.key === 'pro' && <Tag color="blue">{t('public.plans.popular')}</Tag>}
                </span>
              }
            >
              <Typography.Title level={2} style={{ marginTop: 0 }}>
                {plan.pricePerMessage} <small style={{ fontSize: 16 }}>{CURRENCY}</small>
              </Typography.Title>
              <Typography.Text type="secondary">{t('public.plans.perMessage')}</Typography.Text>
              <List
                size="small"
                split={false}
                style={{ margin: '16px 0' }}
                dataSource={[
                  ...(plan.freeMessages ? [t('public.plans.free', { count: plan.freeMessages })] : []),
                  ...(t(`public.plans.${plan.key}.features`, { returnObjects: true }) as string[]),
                ]}
                renderItem={(item) => (
                  <List.Item>
                    <CheckOutlined style={{ color: '#52c41a', marginRight: 8 }} />
                    {item}
                  </List.Item>
                )}
              />
              <Button
                type={plan.key === 'pro' ? 'primary' : 'default'}
                block
                onClick={() => request(plan.key)}
                data-testid={`plan-request-${plan.key}`}
              >
                {t('public.plans.request')}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
