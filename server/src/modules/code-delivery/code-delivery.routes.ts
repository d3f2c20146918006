import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PatternTestQuota } from '../../lib/pattern-test-quota';
import { registerCodeLinkRoutes } from './code-link.routes';
import { createCodeLinkService } from './code-link.service';
import { createCodeLinkCache } from './code-link-cache';
import { registerCodeSettingsRoutes } from './code-settings.routes';
import { createCodeSettingsService } from './code-settings.service';
import { registerEventRoutes } from './events.routes';
import { createLinkRateLimiter } from './rate-limit';
import { createSmsArrivals } from './sms-arrivals';

/**
 * Getting codes out: the code link (formats, window, long-poll, rate limit), the API-key listing,
 * the code retrieval settings, and the live event stream. One LISTEN `jiema_sms` per process feeds
 * the long-polls and the streams; it is woken and closed before the server stops accepting, so
 * waiting requests answer at once and SIGTERM is never held up by them.
 */
export async function registerCodeDelivery(
  app: App,
  { db, config, patternTests }: { db: Db; config: Config; patternTests: PatternTestQuota },
) {
  const arrivals = createSmsArrivals(db);
  await arrivals.start();
  app.addHook('preClose', () => arrivals.stop());
  app.decorate('smsArrivals', arrivals);
  const limiter = createLinkRateLimiter({ db, limitPerMinute: config.codeLinkLimitPerMinute });
  const cache = createCodeLinkCache({ db, ttlMs: config.sessionCacheMs });
  await cache.start();
  app.addHook('onClose', () => cache.stop());
  app.decorate('codeLinkCache', cache);
  registerCodeLinkRoutes(app, { codeLinks: createCodeLinkService({ db, arrivals, limiter, cache }) });
  registerCodeSettingsRoutes(app, {
    settings: createCodeSettingsService({ db, allowPrivateWebhooks: config.codeWebhookAllowPrivate }),
    patternTests,
  });
  registerEventRoutes(app, {
    db,
    arrivals,
    heartbeatMs: config.eventsHeartbeatMs,
    maxStreamsPerUser: config.eventsMaxStreamsPerUser,
  });
}
