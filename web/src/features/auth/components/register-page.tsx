import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { type RegisterInput, ZRegisterInput } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMessage } from '../../../components/message-provider';
import { startSession } from '../../../lib/current-user';
import { sameAsRule, zodFieldRule } from '../../../lib/form-rules';
import { safeRedirectTarget } from '../../../lib/route-access';
import { solutionOf, useCaptcha } from '../api/get-captcha';
import { register } from '../api/register';
import { AuthCard } from './auth-card';
import { CaptchaField } from './captcha-field';

export default function RegisterPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterInput>();
  const captcha = useCaptcha('register');

  useEffect(() => {
    document.title = `${t('auth.register.title')} - ${t('common.appName')}`;
  }, [t]);

  // The rule is the hint under the field; once the field is wrong the error says it instead, not twice.
  const [usernameWrong, setUsernameWrong] = useState(false);

  const submit = useMutation({
    mutationFn: async (values: RegisterInput) => {
      const { token } = await register({ ...values, ...solutionOf(captcha.state) });
      await startSession(token);
    },
    onSuccess: () => {
      void message.success(t('auth.register.success'));
      // A plan's "request" sends the visitor here with where to go once signed in.
      navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
    },
    // A solution is single-use: whatever the error, solve a new challenge for the next try.
    onError: () => captcha.refresh(),
  });

  return (
    <AuthCard title={t('auth.register.title')}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => submit.mutate(v)}
        onFieldsChange={(_changed, all) =>
          setUsernameWrong((all.find((f) => f.name[0] === 'username')?.errors?.length ?? 0) > 0)
        }
        requiredMark={false}
        data-testid="register-form"
      >
        <Form.Item
          name="username"
          label={t('auth.fields.username')}
          extra={usernameWrong ? undefined : t('auth.fields.usernameHint')}
          rules={[zodFieldRule(ZRegisterInput, 'username', t)]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('auth.fields.email')}
          rules={[zodFieldRule(ZRegisterInput, 'email', t)]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.fields.password')}
          rules={[zodFieldRule(ZRegisterInput, 'password', t)]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.fields.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('validation.passwordAgainRequired') },
            sameAsRule('password', t),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
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
          {t('auth.register.submit')}
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/home">{t('auth.backHome')}</Link>
        <Link to="/login">{t('auth.register.toLogin')}</Link>
      </div>
    </AuthCard>
  );
}
