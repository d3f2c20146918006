import type { Locale } from '@jiema/shared';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS } from './locale-labels';

/**
 * The language choice of the login and register pages: both languages side by side. It is plain
 * buttons rather than the dashboard's dropdown, which would add ~23 KB gzip to the first load of /login.
 */
export function LanguageToggle() {
  const { i18n, t } = useTranslation();
  return (
    <nav aria-label={t('common.language')} data-testid="language-toggle">
      {(Object.keys(LOCALE_LABELS) as Locale[]).map((locale) => {
        const current = i18n.language === locale;
        return (
          <Button
            key={locale}
            type="text"
            size="small"
            aria-pressed={current}
            style={{ fontWeight: current ? 600 : 400 }}
            onClick={() => void i18n.changeLanguage(locale)}
          >
            {LOCALE_LABELS[locale]}
          </Button>
        );
      })}
    </nav>
  );
}
