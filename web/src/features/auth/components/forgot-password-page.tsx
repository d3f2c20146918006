import { MailOutlined } from '@ant-design/icons';
import type { PasswordResetRequest } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodFieldRule } from '../../../lib/form-rules';
import { useMailStatus } from '../../../lib/mail-status';
import { usePageTitle } from '../../../lib/page-title';
import { requestPasswordReset } from '../api/account-mail';
import { solutionOf, useCaptcha } from '../api/get-captcha';
import { AuthCard } from './auth-card';
import { CaptchaField } from './captcha-field';

const resetSchema = () => import('@jiema/shared/schemas/account-mail').then((m) => m.ZPasswordResetRequest);

/** Asks for a reset link; the answer never tells whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordResetRequest>();
  const captcha = useCaptcha('password-reset');
  const mail = useMailStatus();

  usePageTitle(t('auth.forgot.title'));

  const submit = useMutation({
    mutationFn: (values: PasswordResetRequest) =>
      requestPasswordReset({ ...values, ...solutionOf(captcha.state) }),
    onError: () => captcha.refresh(),
  });

  return (
    <AuthCard title={t('auth.forgot.title')}>
      {mail.data?.enabled === false ? (
        <Alert type="info" showIcon message={t('auth.forgot.askAdmin')} data-testid="forgot-mail-off" />
      ) : submit.isSuccess ? (
        <Alert
          type="success"
          showIcon
          data-testid="forgot-sent"
          message={t('auth.forgot.sentTitle')}
          description={t('auth.forgot.sent', {
            email: submit.data.sentTo,
            minutes: mail.data?.resetLinkMinutes,
          })}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => submit.mutate(v)}
          data-testid="forgot-form"
        >
          <p style={{ marginTop: 0 }}>{t('auth.forgot.intro')}</p>
          <Form.Item
            name="email"
            label={t('auth.fields.email')}
            rules={[zodFieldRule(resetSchema, 'email', t)]}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" placeholder="name@example.com" />
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
            {t('auth.forgot.submit')}
          </Button>
        </Form>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/login">{t('auth.register.toLogin')}</Link>
        <Link to="/register">{t('auth.login.toRegister')}</Link>
      </div>
    </AuthCard>
  );
}
