import { hasPermission } from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../lib/http';
import { useSession } from '../lib/session-store';

export type CountryState = { code: string; nameZh: string; nameEn: string; flag: string; enabled?: boolean };

/** Where the warning shows: it says what the disabled country means there. */
type Place = 'batchAdd' | 'batchAddPreview' | 'priceRule' | 'phoneList';

/**
 * A disabled country sells nothing: numbers added for it stay out of the store, its prices apply to
 * nothing. Says so where the administrator is about to do that, and enables the country in one
 * click (the country permission is checked by the server, which writes the audit row).
 */
export function DisabledCountryAlert({
  country,
  place,
  count,
}: {
  country: CountryState | undefined;
  place: Place;
  /** The phone list: how many numbers shown belong to disabled countries; the batch-add preview: valid lines. */
  count?: number;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { userType, permissions } = useSession();
  const mayEnable = hasPermission(
    { userType: userType ?? 3, permissions: permissions ?? [] },
    'admin:country:edit',
  );
  const label = country
    ? `${country.flag} ${i18n.language === 'zh-CN' ? country.nameZh : country.nameEn} (${country.code})`
    : '';
  const enable = useMutation({
    mutationFn: (code: string) =>
      request<{ updated: number }>({
        url: '/api/admin/countries/batch-status',
        method: 'POST',
        data: { codes: [code], enabled: true },
      }),
    onSuccess: async () => {
      void message.success(t('setup.countryEnabled', { country: label }));
      // Every list that shows the country (options, stock, prices, the checklist) reads it again.
      await queryClient.invalidateQueries();
    },
  });
  if (country?.enabled !== false) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t(`setup.disabledCountry.${place}`, { country: label, count: count ?? 0 })}
      description={mayEnable ? undefined : t('setup.disabledCountry.askAdmin')}
      action={
        mayEnable ? (
          <Button
            size="small"
            type="primary"
            loading={enable.isPending}
            onClick={() => enable.mutate(country.code)}
            data-testid="enable-country"
          >
            {t('setup.disabledCountry.enable')}
          </Button>
        ) : undefined
      }
      data-testid="disabled-country-alert"
    />
  );
}
