import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginInput } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { zodFieldRule } from '../../../lib/form-rules';
import { safeRedirectTarget } from '../../../lib/route-access';
import { sessionStore } from '../../../lib/session-store';
import { solutionOf, useCaptcha } from '../api/get-captcha';
import { startSession } from '../api/get-current-user';
import { login } from '../api/login';
import { AuthCard } from './auth-card';

/** Loaded on the first validation, not with the page: it keeps zod out of the first load of /login. */
const loginSchema = () => import('@jiema/shared/schemas/auth').then((m) => m.ZLoginInput);

import { CaptchaField } from './captcha-field';

export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginInput>();
  const captcha = useCaptcha('login');

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
    <AuthCard title={t('auth.login.title')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ username: params.get('username') ?? '' }}
        onFinish={(v) => submit.mutate(v)}
        requiredMark={false}
        data-testid="login-form"
      >
        <Form.Item
          name="username"
          label={t('auth.fields.account')}
          rules={[zodFieldRule(loginSchema, 'username', t)]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.fields.accountPlaceholder')}
            autoComplete="username"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.fields.password')}
          rules={[zodFieldRule(loginSchema, 'password', t)]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.fields.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <CaptchaField state={captcha.state} onRefresh={captcha.refresh} />
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
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/home">{t('auth.backHome')}</Link>
        <Link to="/register">{t('auth.login.toRegister')}</Link>
      </div>
    </AuthCard>
  );
}
