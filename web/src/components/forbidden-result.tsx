import { HomeOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Spec §2's 403 for a dashboard page the user may not open, drawn inside the dashboard, with a way home. */
export function ForbiddenResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="403"
        title="403"
        subTitle={t('http.forbidden')}
        data-testid="forbidden"
        extra={
          <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/dashboard')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
