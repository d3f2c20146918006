import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllCountries } from '../api/list-countries';
import { useLocalName } from './catalog-common';

export type CountryChoice = { code: string; nameZh: string; nameEn: string; flag: string; enabled?: boolean };

/** Options "🇺🇸 United States (US)", searchable by code or either name. */
export function useCountryOptions(countries: readonly CountryChoice[] | undefined) {
  const name = useLocalName();
  return (countries ?? []).map((c) => ({
    value: c.code,
    label: `${c.flag} ${name(c.nameZh, c.nameEn)} (${c.code})`,
    search: `${c.code} ${c.nameZh} ${c.nameEn}`.toLowerCase(),
  }));
}

/** A searchable select of every country (admin). */
export function CountrySelect(props: SelectProps<string>) {
  const { t } = useTranslation();
  const countries = useAllCountries();
  const options = useCountryOptions(countries.data?.list);
  return (
    <Select<string>
      showSearch
      allowClear
      placeholder={t('catalog.country.choose')}
      loading={countries.isLoading}
      options={options}
      filterOption={(input, option) => !!option?.search.includes(input.toLowerCase())}
      {...props}
    />
  );
}
