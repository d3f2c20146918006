import type { App } from '../app-types';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createActivationReader } from './common/activation-reader';
import { createApiKeyUsers } from './common/api-key-users';
import type { CompatDeps } from './common/compat-context';
import { createCompatOrders } from './common/compat-orders';
import { createRateLimiter } from './common/rate-limit';
import { registerFiveSimRoutes } from './five-sim/five-sim.routes';
import { registerHandlerApiRoutes } from './sms-activate/handler-api.routes';
import { registerCompatSettingsRoutes } from './webhooks/compat-settings.routes';

/**
 * The drop-in APIs for existing clients (issue 9): sms-activate's `/stubs/handler_api.php` and
 * 5sim's `/v1`, both selling from the web store's stock, prices, ledger and rental lifecycle.
 */
export async function registerCompatRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const keys = createApiKeyUsers({ db, ttlMs: config.sessionCacheMs, adminUsername: config.adminUsername });
  const activations = createActivationReader({ db, ttlMs: config.activationCacheMs });
  await keys.start();
  await activations.start();
  app.addHook('onClose', async () => {
    await keys.stop();
    await activations.stop();
  });
  const deps: CompatDeps = {
    db,
    config,
    keys,
    activations,
    orders: createCompatOrders({ db, config }),
    limiter: createRateLimiter({ db, perSecond: config.compatRateLimitPerSecond }),
  };
  registerHandlerApiRoutes(app, deps);
  registerFiveSimRoutes(app, deps);
  registerCompatSettingsRoutes(app, { db, allowPrivate: config.codeWebhookAllowPrivate });
}
