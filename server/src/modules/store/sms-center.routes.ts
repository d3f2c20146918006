import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerOrderRoutes } from '../orders/orders.routes';
import { createOrdersService } from '../orders/orders.service';
import { registerRentalRoutes } from '../rentals/rentals.routes';
import { createRentalsService } from '../rentals/rentals.service';
import { registerStoreRoutes } from './store.routes';
import { createStoreService } from './store.service';

/** The SMS center: the API store, orders (the buyer's and the administrators' logs), rentals and code links. */
export function registerSmsCenterRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const cooldownMinutes = config.storeCooldownMinutes;
  registerStoreRoutes(app, { store: createStoreService({ db, config }) });
  registerOrderRoutes(app, { orders: createOrdersService({ db, cooldownMinutes }) });
  registerRentalRoutes(app, { rentals: createRentalsService({ db, cooldownMinutes }) });
}
