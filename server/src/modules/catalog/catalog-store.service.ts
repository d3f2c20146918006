import type { Db } from '../../db/client';
import { listApplicationOptions, listEnabledApplications } from './applications.repository';
import { listCountryOptions, listEnabledCountries } from './countries.repository';
import { listEnabledOperators } from './operators.repository';
import { listEnabledValidityOptions, listValidityOptionChoices } from './validity-options.repository';

export type CatalogStoreService = ReturnType<typeof createCatalogStoreService>;

/** Read-only views of the catalog: what the store offers, and the admin screens' select options. */
export function createCatalogStoreService({ db }: { db: Db }) {
  return {
    countries: () => listEnabledCountries(db),
    operators: (countryCode: string) => listEnabledOperators(db, countryCode),
    applications: () => listEnabledApplications(db),
    validityOptions: () => listEnabledValidityOptions(db),

    /** Every country, application and validity option, enabled or not. */
    async adminOptions() {
      const [countries, applications, validityOptions] = await Promise.all([
        listCountryOptions(db),
        listApplicationOptions(db),
        listValidityOptionChoices(db),
      ]);
      return { countries, applications, validityOptions };
    },
  };
}
