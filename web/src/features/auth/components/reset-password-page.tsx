import { LockOutlined } from '@ant-design/icons';
import type { PasswordResetConfirm } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMessage } from '../../../components/message-provider';
import { sameAsRule, zodFieldRule } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/page-title';
import { confirmPasswordReset } from '../api/account-mail';
import { AuthCard } from './auth-card';

const confirmSchema = () => import('@jiema/shared/schemas/account-mail').then((m) => m.ZPasswordResetConfirm);

type Values = Omit<PasswordResetConfirm, 'token'>;

/** Opened from the reset mail: the token is in the address, the new password is typed twice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();

  usePageTitle(t('auth.reset.title'));

  const submit = useMutation({
    mutationFn: (values: Values) => confirmPasswordReset({ ...values, token }),
    onSuccess: () => {
      void message.success(t('auth.reset.done'));
      navigate('/login', { replace: true });
    },
  });

  return (
    <AuthCard title={t('auth.reset.title')}>
      {token ? (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => submit.mutate(v)}
          data-testid="reset-form"
        >
          <Form.Item
            name="newPassword"
            label={t('auth.reset.newPassword')}
            rules={[zodFieldRule(confirmSchema, 'newPassword', t)]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('auth.fields.confirmPassword')}
            dependencies={['newPassword']}
            rules={[zodFieldRule(confirmSchema, 'confirmPassword', t), sameAsRule('newPassword', t)]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Form>
      ) : (
        <Alert type="error" showIcon message={t('auth.reset.noToken')} data-testid="reset-no-token" />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/login">{t('auth.register.toLogin')}</Link>
        <Link to="/forgot-password">{t('auth.reset.again')}</Link>
      </div>
    </AuthCard>
  );
}
