import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { registerAddRecordRoutes } from './add-records.routes';
import { createAddRecordService } from './add-records.service';
import { registerPhoneImportRoutes } from './phone-imports.routes';
import { createPhoneImportService } from './phone-imports.service';
import { registerPhoneNumberRoutes } from './phone-numbers.routes';
import { createPhoneNumberService } from './phone-numbers.service';

/** The stock of numbers: the list and bulk actions, batch add (imports) and add records. */
export function registerStockRoutes(app: App, { db }: { db: Db }) {
  const numbers = createPhoneNumberService({ db });
  const imports = createPhoneImportService({ db, log: app.log });
  const records = createAddRecordService({ db });
  // Imports run in the background after their request; the server waits for them when it stops.
  app.addHook('onClose', () => imports.drain());
  registerPhoneNumberRoutes(app, { numbers });
  registerPhoneImportRoutes(app, { imports, numbers });
  registerAddRecordRoutes(app, { records });
}
