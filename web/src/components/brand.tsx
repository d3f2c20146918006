import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The logo and name; `compact` keeps the logo alone, for a collapsed sidebar or a phone's header. */
export function Brand({
  to = '/home',
  light = false,
  compact = false,
}: {
  to?: string;
  light?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('common.appName')}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        color: light ? '#fff' : 'inherit',
        minWidth: 0,
      }}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!compact && (
        <span style={{ fontWeight: 600, fontSize: 18, whiteSpace: 'nowrap' }}>{t('common.appName')}</span>
      )}
    </Link>
  );
}
