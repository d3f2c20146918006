import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the page, in the user's language: "<page> - <product>", or the
 * product alone when there is no page name. Follows the language when it is switched.
 */
export function usePageTitle(pageTitle: string | undefined) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = pageTitle && pageTitle !== appName ? `${pageTitle} - ${appName}` : appName;
  }, [pageTitle, appName]);
}
