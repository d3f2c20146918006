import { useMutation } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMailStatus } from '../../../lib/mail-status';
import { requestEmailVerification } from '../api/request-email-verification';

/** Beside an unverified email: mails a verification link, or says to ask an administrator on a site without mail. */
export function VerifyEmailButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mail = useMailStatus();
  const send = useMutation({
    mutationFn: requestEmailVerification,
    onSuccess: ({ sentTo }) => void message.success(t('profile.verificationSent', { email: sentTo })),
  });
  if (!mail.data) return null;
  if (!mail.data.enabled)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="verify-email-ask-admin">
        {t('profile.verificationAskAdmin')}
      </Typography.Text>
    );
  return (
    <Button
      size="small"
      type="link"
      loading={send.isPending}
      disabled={send.isSuccess}
      onClick={() => send.mutate()}
      data-testid="send-verification"
    >
      {t('profile.sendVerification')}
    </Button>
  );
}
