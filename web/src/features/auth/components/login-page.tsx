import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginInput } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
// The input and password field alone: antd's Input index brings the text area, search and OTP too.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMessage } from '../../../components/message-provider';
import { startSession } from '../../../lib/current-user';
import { useLiveAds } from '../../../lib/live-ads';
import { safeRedirectTarget } from '../../../lib/route-access';
import { sessionStore } from '../../../lib/session-store';
import { solutionOf, useCaptcha } from '../api/get-captcha';
import { login } from '../api/login';
import { AuthCard, useAsideBeside } from './auth-card';

/** Loaded only when an ad is live beside the form: the carousel stays out of the first load of /login. */
const AdBanner = lazy(() => import('../../../components/ad-banner').then((m) => ({ default: m.AdBanner })));

/** Loaded on the first validation, not with the page: it keeps zod out of the first load of /login. */
const loginSchema = () => import('@jiema/shared/schemas/auth').then((m) => m.ZLoginInput);

import { CaptchaField } from './captcha-field';
import { ForgotPasswordLink } from './forgot-password-link';
import { SignInField } from './sign-in-field';
import { useSignInFields } from './use-sign-in-fields';

export default function LoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Plain fields, not antd's Form: see sign-in-field.tsx.
  const fields = useSignInFields(loginSchema, { username: params.get('username') ?? '', password: '' });
  const captcha = useCaptcha('login');
  const wide = useAsideBeside();
  // Only a live ad takes room beside the form: without one the card stays centred alone.
  const sideAds = useLiveAds('login_side');

  // Spec §2: visiting /login clears the loaded permissions.
  useEffect(() => {
    sessionStore.resetPermissions();
    document.title = `${t('auth.login.title')} - ${t('common.appName')}`;
  }, [t]);

  const submit = useMutation({
    mutationFn: async (values: LoginInput) => {
      const { token } = await login({ ...values, ...solutionOf(captcha.state) });
      await startSession(token);
    },
    onSuccess: () => {
      void message.success(t('auth.login.success'));
      navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
    },
    // A solution is single-use: whatever the error, solve a new challenge for the next try.
    onError: () => captcha.refresh(),
  });

  return (
    <AuthCard
      title={t('auth.login.title')}
      aside={
        (sideAds.data?.length ?? 0) > 0 ? (
          <Suspense fallback={null}>
            <AdBanner placement="login_side" height={wide ? 420 : 140} />
          </Suspense>
        ) : undefined
      }
    >
      <form
        className="sign-in-form"
        noValidate
        data-testid="login-form"
        onSubmit={(event) => {
          event.preventDefault();
          void fields.validate().then((values) => values && submit.mutate(values));
        }}
      >
        <SignInField label={t('auth.fields.account')} htmlFor="username" error={fields.errors.username}>
          <Input
            id="username"
            value={fields.values.username}
            onChange={(event) => fields.change('username', event.target.value)}
            status={fields.errors.username ? 'error' : undefined}
            aria-invalid={!!fields.errors.username}
            prefix={<UserOutlined />}
            placeholder={t('auth.fields.accountPlaceholder')}
            autoComplete="username"
          />
        </SignInField>
        <SignInField label={t('auth.fields.password')} htmlFor="password" error={fields.errors.password}>
          <Password
            id="password"
            value={fields.values.password}
            onChange={(event) => fields.change('password', event.target.value)}
            status={fields.errors.password ? 'error' : undefined}
            aria-invalid={!!fields.errors.password}
            prefix={<LockOutlined />}
            placeholder={t('auth.fields.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </SignInField>
        <CaptchaField state={captcha.state} onRefresh={captcha.refresh} />
        <div style={{ textAlign: 'right', margin: '-8px 0 12px' }}>
          <ForgotPasswordLink />
        </div>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={submit.isPending}
          disabled={!solutionOf(captcha.state)}
        >
          {t('auth.login.submit')}
        </Button>
      </form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/home">{t('auth.backHome')}</Link>
        <Link to="/register">{t('auth.login.toRegister')}</Link>
      </div>
    </AuthCard>
  );
}
