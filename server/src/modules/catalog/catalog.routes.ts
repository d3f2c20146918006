import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import type { PatternTestQuota } from '../../lib/pattern-test-quota';
import { registerApiOptionRoutes } from './api-options.routes';
import { createApiOptionsService } from './api-options.service';
import { registerApplicationRoutes } from './applications.routes';
import { createApplicationsService } from './applications.service';
import { registerCatalogStoreRoutes } from './catalog-store.routes';
import { createCatalogStoreService } from './catalog-store.service';
import { registerCountryRoutes } from './countries.routes';
import { createCountriesService } from './countries.service';
import { registerOperatorRoutes } from './operators.routes';
import { createOperatorsService } from './operators.service';

/** The catalog's admin screens (countries, operators, applications, API options) and the store's read endpoints. */
export function registerCatalogRoutes(
  app: App,
  { db, patternTests }: { db: Db; patternTests: PatternTestQuota },
) {
  const apiOptions = createApiOptionsService({ db });
  const store = createCatalogStoreService({ db });
  registerCountryRoutes(app, { countries: createCountriesService({ db }) });
  registerOperatorRoutes(app, { operators: createOperatorsService({ db }) });
  registerApplicationRoutes(app, { applications: createApplicationsService({ db }), patternTests });
  registerApiOptionRoutes(app, { apiOptions, store });
  registerCatalogStoreRoutes(app, { store, apiOptions });
}
