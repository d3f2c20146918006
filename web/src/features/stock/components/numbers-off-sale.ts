import type { PhoneNumber, StockOptions } from '@jiema/shared';

/**
 * Free numbers of a disabled country look available, yet the store never offers them: the disabled
 * countries by code, and how many such numbers each has on the page shown.
 */
export function numbersOffSale(options: StockOptions | undefined, rows: readonly PhoneNumber[] | undefined) {
  const disabledCountries = new Map(
    (options?.countries ?? []).filter((c) => !c.enabled).map((c) => [c.code, c]),
  );
  const offSaleByCountry = new Map<string, number>();
  for (const row of rows ?? []) {
    if (row.state === 'available' && disabledCountries.has(row.countryCode))
      offSaleByCountry.set(row.countryCode, (offSaleByCountry.get(row.countryCode) ?? 0) + 1);
  }
  return { disabledCountries, offSaleByCountry };
}
