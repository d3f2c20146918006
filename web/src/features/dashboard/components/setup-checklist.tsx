import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { type SetupChecklist as Checklist, hasPermission, SETUP_STEP_PATHS } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, List, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';

const CHECKLIST_KEY = ['setup-checklist'] as const;

/**
 * The administrator's way to a first sale: each step ticked from the real state (one request), each
 * linking to the screen that does it. Gone once the first order exists.
 */
export function SetupChecklist() {
  const { t } = useTranslation();
  const { userType, permissions } = useSession();
  const allowed = hasPermission(
    { userType: userType ?? 3, permissions: permissions ?? [] },
    'statistics:view',
  );
  const checklist = useQuery({
    queryKey: CHECKLIST_KEY,
    queryFn: () => request<Checklist>({ url: '/api/admin/setup-checklist' }),
    enabled: allowed,
  });
  const data = checklist.data;
  if (!allowed || !data || data.firstSale) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <Card
      title={t('setup.title')}
      extra={
        <Progress
          type="circle"
          size={36}
          percent={Math.round((done / data.steps.length) * 100)}
          format={() => `${done}/${data.steps.length}`}
        />
      }
      style={{ marginBottom: 16 }}
      data-testid="setup-checklist"
    >
      <Typography.Paragraph type="secondary">{t('setup.intro')}</Typography.Paragraph>
      {data.numbersInDisabledCountries > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('setup.hiddenStock', { count: data.numbersInDisabledCountries })}
          action={<Link to="/dashboard/admin/phone-numbers?state=available">{t('setup.review')}</Link>}
          data-testid="setup-hidden-stock"
        />
      )}
      <List
        dataSource={data.steps}
        renderItem={({ step, done: ticked }) => (
          <List.Item data-testid={`setup-step-${step}`} data-done={ticked}>
            <Link
              to={SETUP_STEP_PATHS[step]}
              style={{ display: 'flex', gap: 12, width: '100%', color: 'inherit' }}
            >
              <CheckCircleFilled
                style={{ fontSize: 20, marginTop: 2, color: ticked ? '#52c41a' : '#d9d9d9' }}
              />
              <span style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong delete={ticked}>
                  {t(`setup.steps.${step}.title`)}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`setup.steps.${step}.hint`)}</Typography.Text>
              </span>
              <span>
                {ticked ? (
                  <Typography.Text type="success">{t('setup.done')}</Typography.Text>
                ) : (
                  // Already inside the step's link: a span, not a nested <a>.
                  <span style={{ color: '#1677ff' }}>
                    {t('setup.go')} <RightOutlined />
                  </span>
                )}
              </span>
            </Link>
          </List.Item>
        )}
      />
    </Card>
  );
}
