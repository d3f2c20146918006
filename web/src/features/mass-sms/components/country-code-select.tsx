import { dialCountries } from '@jiema/shared/phone-number';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The country national numbers are read in, by name and calling code ("Russia +7"). A picker, not a
 * digits field: an empty field with a grey "+86" looked like a value that was not there. Several
 * countries share a code (+1, +7): any of them means the same calling code to the server.
 */
export function CountryCodeSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (callingCode: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return dialCountries()
      .map(({ country, callingCode }) => ({
        value: country,
        callingCode,
        label: `${names.of(country) ?? country} +${callingCode}`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  // The chosen country, kept so that "Canada +1" stays Canada (the value sent is only the code).
  const [country, setCountry] = useState<string | undefined>();
  const selected =
    value === ''
      ? undefined
      : (options.find((o) => o.value === country && o.callingCode === value)?.value ??
        options.find((o) => o.callingCode === value)?.value);
  return (
    <Select
      showSearch
      allowClear
      value={selected}
      placeholder={t('mass-sms.send.defaultCountryNone')}
      options={options}
      optionFilterProp="label"
      onChange={(next?: string) => {
        setCountry(next);
        onChange(options.find((o) => o.value === next)?.callingCode ?? '');
      }}
      style={{ minWidth: 220 }}
      data-testid="country-code"
    />
  );
}
