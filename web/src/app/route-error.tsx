import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Spec §8 "page loading failed, refresh": what a route shows when its screen cannot be drawn,
 * mostly a page's code chunk that did not load (a cut network, or a release replaced the chunks
 * under an open tab), instead of React Router's developer screen. A reload fetches the current ones.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // Kept for whoever opens the console; the page itself says only what the user can do.
  useEffect(() => console.error(error), [error]);
  return (
    <Result
      status="warning"
      title={t('common.pageLoadFailed')}
      data-testid="page-load-failed"
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </Button>
      }
    />
  );
}
