import {
  type AdminPasswordReset,
  type AdminUser,
  PASSWORD_MIN_LENGTH,
  ZAdminPasswordReset,
} from '@jiema/shared';
import { Alert, App, Button, Form, Input, Modal, Radio, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { useResetPassword } from '../api/reset-password';

/**
 * Sets a password the administrator types, or a generated one shown here once. Either way every
 * session of the user ends.
 */
export function ResetPasswordModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AdminPasswordReset>();
  const mode = Form.useWatch('mode', form);
  const reset = useResetPassword();
  const [generated, setGenerated] = useState<string | null>(null);
  const close = () => {
    setGenerated(null);
    reset.reset();
    onClose();
  };

  return (
    <Modal
      open={!!user}
      title={t('users.password.title', { username: user?.username })}
      onCancel={close}
      destroyOnHidden
      footer={
        generated ? (
          <Button type="primary" onClick={close}>
            {t('users.password.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              danger
              loading={reset.isPending}
              onClick={() => form.submit()}
              data-testid="reset-submit"
            >
              {t('users.password.submit')}
            </Button>
          </>
        )
      }
      data-testid="reset-password-modal"
    >
      {generated ? (
        <Result
          status="success"
          title={t('users.password.generatedTitle')}
          subTitle={
            <>
              <Typography.Paragraph>
                <Typography.Text code copyable style={{ fontSize: 18 }} data-testid="generated-password">
                  {generated}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Text type="warning">{t('users.password.shownOnce')}</Typography.Text>
            </>
          }
        />
      ) : (
        user && (
          <Form<AdminPasswordReset>
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ mode: 'generate' }}
            onFinish={(values) =>
              reset.mutate(
                { id: user.userId, ...values },
                {
                  onSuccess: (result) => {
                    if (result.password) setGenerated(result.password);
                    else {
                      void message.success(t('users.password.done', { count: result.revokedSessions }));
                      close();
                    }
                  },
                },
              )
            }
          >
            <Form.Item name="mode" label={t('users.password.mode')}>
              <Radio.Group>
                <Radio value="generate">{t('users.password.generate')}</Radio>
                <Radio value="set">{t('users.password.set')}</Radio>
              </Radio.Group>
            </Form.Item>
            {mode === 'set' && (
              <Form.Item
                name="password"
                label={t('users.fields.password')}
                extra={t('users.create.passwordRule', { min: PASSWORD_MIN_LENGTH })}
                rules={[zodFieldRule(ZAdminPasswordReset, 'password', t)]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
            <Alert type="info" showIcon title={t('users.password.sessionsEnd')} />
          </Form>
        )
      )}
    </Modal>
  );
}
