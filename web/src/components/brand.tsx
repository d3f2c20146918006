import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Brand({ to = '/home', light = false }: { to?: string; light?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: light ? '#fff' : 'inherit' }}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span style={{ fontWeight: 600, fontSize: 18, whiteSpace: 'nowrap' }}>{t('common.appName')}</span>
    </Link>
  );
}
