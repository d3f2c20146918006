import type { CatalogOptions } from '@jiema/shared';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperators } from '../api/list-operators';
import { useLocalName } from './catalog-common';
import { useCountryOptions } from './country-select';

type Choice = { value: string; label: string; search: string };
const filterOption = (input: string, option?: Choice) => !!option?.search.includes(input.toLowerCase());

/**
 * The application, country and operator choices of a price rule. With `anyChoice` (filters), the
 * list starts with "defaults only" (`any`: rules that apply to any).
 */
export function useScopeChoices(
  options: CatalogOptions | undefined,
  countryCode: string | undefined,
  anyChoice: boolean,
) {
  const { t } = useTranslation();
  const name = useLocalName();
  const any: Choice[] = anyChoice ? [{ value: 'any', label: t('catalog.price.anyOnly'), search: '' }] : [];
  const countryList = useCountryOptions(options?.countries);
  const operators = useOperators({ countryCode, pageSize: 500 }, !!countryCode && countryCode !== 'any');
  return {
    applications: [
      ...any,
      ...(options?.applications ?? []).map((a) => ({
        value: String(a.id),
        label: `${name(a.nameZh, a.nameEn)} (${a.code})`,
        search: `${a.code} ${a.nameZh} ${a.nameEn}`.toLowerCase(),
      })),
    ],
    countries: [...any, ...countryList],
    operators: [
      ...any,
      ...(operators.data?.list ?? []).map((o) => ({
        value: String(o.id),
        label: `${o.name} (${o.code})`,
        search: `${o.code} ${o.name}`.toLowerCase(),
      })),
    ],
    validityOptions: (options?.validityOptions ?? []).map((v) => ({
      value: String(v.id),
      label: name(v.nameZh, v.nameEn),
      search: '',
    })),
  };
}

/** A searchable select of scope choices. */
export function ScopeSelect(props: SelectProps<string, Choice>) {
  return <Select<string, Choice> showSearch allowClear filterOption={filterOption} {...props} />;
}
