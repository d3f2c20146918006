import { useMutation } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http';
import { usePageTitle } from '../../../lib/page-title';
import { confirmEmailVerification } from '../api/account-mail';
import { AuthCard } from './auth-card';

/** Opened from the verification mail: confirms at once, then says how it went. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => confirmEmailVerification({ token }) });
  const { mutate } = confirm;

  usePageTitle(t('auth.verify.title'));
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);

  const failure = confirm.error instanceof HttpError ? confirm.error.message : t('auth.verify.failed');
  return (
    <AuthCard title={t('auth.verify.title')}>
      {!token ? (
        <Alert type="error" showIcon message={t('auth.reset.noToken')} data-testid="verify-result" />
      ) : confirm.isSuccess ? (
        <Alert type="success" showIcon message={t('auth.verify.done')} data-testid="verify-result" />
      ) : confirm.isError ? (
        <Alert type="error" showIcon message={failure} data-testid="verify-result" />
      ) : (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/login">{t('auth.register.toLogin')}</Link>
        <Link to="/dashboard/profile">{t('auth.verify.toProfile')}</Link>
      </div>
    </AuthCard>
  );
}
