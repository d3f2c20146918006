import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MyTemplatesTable } from './my-templates-table';
import { ReviewTemplatesTable } from './review-templates-table';
import { useCan } from './use-can';

/** Mass-SMS templates: one's own (create with variables, preview, submit) and, for reviewers, the review queue. */
export default function TemplatesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === 'review' ? 'review' : 'mine');
  const canReview = can('admin:sms-template:review');
  const switchTab = (key: string) => {
    setTab(key);
    setParams(key === 'review' ? { tab: 'review' } : {});
  };
  return (
    <Card title={t('mass-sms.templates.title')} data-testid="templates-page">
      <Typography.Paragraph type="secondary">{t('mass-sms.templates.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={canReview ? tab : 'mine'}
        onChange={switchTab}
        destroyOnHidden
        items={[
          { key: 'mine', label: t('mass-sms.templates.mine'), children: <MyTemplatesTable /> },
          ...(canReview
            ? [
                {
                  key: 'review',
                  label: <span data-testid="tab-review">{t('mass-sms.review.title')}</span>,
                  children: <ReviewTemplatesTable />,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
