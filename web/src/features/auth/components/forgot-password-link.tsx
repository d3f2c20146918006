import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMailStatus } from '../../../lib/mail-status';

/** The way back into a forgotten account: a reset link by mail, or, on a site without mail, an administrator. */
export function ForgotPasswordLink() {
  const { t } = useTranslation();
  const mail = useMailStatus();
  if (!mail.data) return null;
  if (mail.data.enabled)
    return (
      <Link to="/forgot-password" data-testid="forgot-password-link">
        {t('auth.forgot.link')}
      </Link>
    );
  return (
    // A plain span: antd's Typography would weigh on the first load of /login.
    <span data-testid="forgot-password-ask-admin" style={{ fontSize: 13, color: 'rgba(0,0,0,0.45)' }}>
      {t('auth.forgot.askAdmin')}
    </span>
  );
}
