import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerOrderRoutes } from '../orders/orders.routes';
import { createOrdersService } from '../orders/orders.service';
import { registerRenewalRoutes } from '../renewals/renewals.routes';
import { registerRentalGroupRoutes } from '../rental-groups/rental-groups.routes';
import { createRentalGroupsService } from '../rental-groups/rental-groups.service';
import { registerRentalRoutes } from '../rentals/rentals.routes';
import { createRentalsService } from '../rentals/rentals.service';
import { registerSmsHistoryRoutes } from '../sms-history/sms-history.routes';
import { createSmsHistoryService } from '../sms-history/sms-history.service';
import { registerTransferRoutes } from '../transfers/transfers.routes';
import { createTransfersService } from '../transfers/transfers.service';
import { registerStoreRoutes } from './store.routes';
import { createStoreService } from './store.service';

/** The SMS center: the API store, orders (the buyer's and the administrators' logs), rentals and code links. */
export function registerSmsCenterRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const cooldownMinutes = config.storeCooldownMinutes;
  registerStoreRoutes(app, { store: createStoreService({ db, config }) });
  registerOrderRoutes(app, { orders: createOrdersService({ db, cooldownMinutes }) });
  registerRentalRoutes(app, {
    rentals: createRentalsService({ db, cooldownMinutes, upstream: config.upstream }),
  });
  registerRenewalRoutes(app, { db });
  registerSmsHistoryRoutes(app, { smsHistory: createSmsHistoryService({ db }) });
  registerTransferRoutes(app, { transfers: createTransfersService({ db }) });
  registerRentalGroupRoutes(app, { groups: createRentalGroupsService({ db }) });
}
