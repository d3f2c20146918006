import { CheckCircleFilled, LoadingOutlined, ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from '../api/get-captcha';
import { SignInField } from './sign-in-field';

const box = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 40,
  padding: '0 12px',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  background: '#fafafa',
} as const;

/**
 * The proof-of-work captcha: solved by the browser on its own (about a second), shown as a status
 * line. Nothing to type; when it fails (e.g. the challenge expired) one click gets a new one.
 */
export function CaptchaField({ state, onRefresh }: { state: CaptchaState; onRefresh: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'off') return null;
  return (
    <SignInField label={t('auth.captcha.label')}>
      <div style={box} data-testid="captcha-status" data-state={state.status} aria-live="polite">
        {state.status === 'verifying' && (
          <>
            <LoadingOutlined style={{ color: '#1677ff' }} />
            <span>{t('auth.captcha.verifying')}</span>
          </>
        )}
        {state.status === 'verified' && (
          <>
            <CheckCircleFilled style={{ color: '#52c41a' }} />
            <span>{t('auth.captcha.verified')}</span>
          </>
        )}
        {state.status === 'failed' && (
          <>
            <WarningFilled style={{ color: '#faad14' }} />
            <span style={{ flex: 1 }}>{t('auth.captcha.failed')}</span>
            <Button size="small" icon={<ReloadOutlined />} onClick={onRefresh}>
              {t('auth.captcha.retry')}
            </Button>
          </>
        )}
      </div>
    </SignInField>
  );
}
