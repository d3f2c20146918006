import { ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Spec §8 "page loading failed, refresh": what a route shows when its screen cannot be drawn,
 * mostly a page's code chunk that did not load (a cut network, or a release replaced the chunks
 * under an open tab), instead of React Router's developer screen. A reload fetches the current ones.
 * Plain markup rather than antd's Result: this is in the first download of every page, and Result
 * brings its illustrations along (about 10 KB gzip).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // Kept for whoever opens the console; the page itself says only what the user can do.
  useEffect(() => console.error(error), [error]);
  return (
    <div
      role="alert"
      data-testid="page-load-failed"
      style={{ display: 'grid', justifyItems: 'center', gap: 16, padding: '48px 16px', textAlign: 'center' }}
    >
      <WarningFilled style={{ fontSize: 56, color: '#faad14' }} />
      <div style={{ fontSize: 20 }}>{t('common.pageLoadFailed')}</div>
      <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
        {t('common.refresh')}
      </Button>
    </div>
  );
}
