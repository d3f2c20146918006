import { type ChangePasswordInput, PASSWORD_MIN_LENGTH, ZChangePasswordInput } from '@jiema/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { differentFromRule, sameAsRule, zodFieldRule } from '../../../lib/form-rules';
import { HttpError } from '../../../lib/http';
import { changePassword } from '../api/change-password';

export default function SecurityPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordInput>();
  const submit = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ revokedSessions }) => {
      form.resetFields();
      void message.success(t('profile.security.success', { count: revokedSessions }));
    },
  });
  const rule = (field: keyof ChangePasswordInput) => zodFieldRule(ZChangePasswordInput, field, t);

  return (
    <Card title={t('profile.security.title')} style={{ maxWidth: 560 }}>
      {submit.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('profile.security.failed')}
          description={submit.error instanceof HttpError ? submit.error.message : undefined}
          data-testid="password-error"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => submit.mutate(values)}
        data-testid="password-form"
      >
        <Form.Item name="oldPassword" label={t('profile.security.oldPassword')} rules={[rule('oldPassword')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile.security.newPassword')}
          extra={t('profile.security.rule', { min: PASSWORD_MIN_LENGTH })}
          dependencies={['oldPassword']}
          rules={[rule('newPassword'), differentFromRule('oldPassword', t, 'validation.passwordSameAsOld')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('profile.security.confirmPassword')}
          dependencies={['newPassword']}
          rules={[rule('confirmPassword'), sameAsRule('newPassword', t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('profile.security.submit')}
        </Button>
      </Form>
    </Card>
  );
}
