import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-types';
import type { Config } from './config';
import type { Db } from './db/client';
import './fastify-types';
import { registerCompatRoutes } from './compat/compat.routes';
import { createMailer } from './lib/mailer';
import { patternTestQuota } from './lib/pattern-test-quota';
import { serializingSharedOnce } from './lib/reply';
import { requestLocale } from './lib/request-locale';
import { zodValidatorCompiler } from './lib/request-validation';
import { trustProxyOption } from './lib/trust-proxy';
import { registerAccountMailRoutes } from './modules/account-mail/account-mail.routes';
import { createAccountMailService } from './modules/account-mail/account-mail.service';
import { registerAdminToolRoutes } from './modules/admin-tools/admin-tools.routes';
import { registerAdminUserRoutes } from './modules/admin-users/admin-users.routes';
import { registerAdRoutes } from './modules/ads/ads.routes';
import { registerAnnouncementRoutes } from './modules/announcements/announcements.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCaptchaService } from './modules/auth/captcha.service';
import { createSessionCache } from './modules/auth/session-cache';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { registerCodeDelivery } from './modules/code-delivery/code-delivery.routes';
import { registerContactRoutes } from './modules/contacts/contacts.routes';
import { registerRechargeRoutes } from './modules/deposits/recharge.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerFinanceRoutes } from './modules/finance/finance.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import type { Readiness } from './modules/health/readiness';
import { registerGatewayRoutes } from './modules/inbound/gateways.routes';
import { registerInboundRoutes } from './modules/inbound/inbound.routes';
import { registerConnectorRoutes } from './modules/mass-sms/connectors.routes';
import { registerMassSmsRoutes } from './modules/mass-sms/mass-sms.routes';
import { registerMenuRoutes } from './modules/menus/menus.routes';
import { registerMetrics } from './modules/metrics/metrics.routes';
import { registerAgentRoutes } from './modules/number-sources/agents/agents.routes';
import { registerAgentPushRoutes } from './modules/number-sources/agents/push-sms.routes';
import { registerProviderWebhookRoute } from './modules/number-sources/upstream/provider-webhook';
import { registerUpstreamProviderRoutes } from './modules/number-sources/upstream/providers.routes';
import { registerPublicPriceRoutes } from './modules/pricing/public-prices.routes';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerSetupChecklistRoutes } from './modules/setup-checklist/setup-checklist.routes';
import { registerSmppRoutes } from './modules/smpp/smpp.routes';
import { registerSmsTemplateRoutes } from './modules/sms-templates/sms-templates.routes';
import { registerStockRoutes } from './modules/stock/stock.routes';
import { registerSmsCenterRoutes } from './modules/store/sms-center.routes';
import { registerTicketRoutes } from './modules/tickets/tickets.routes';
import { registerTronAddressRoutes } from './modules/tron-addresses/tron-addresses.routes';
import { registerProfileRoutes } from './modules/users/profile.routes';
import { createProfileService } from './modules/users/profile.service';
import { registerAuthentication } from './plugins/authenticate';
import { clientErrorHandler, registerClosingGuard } from './plugins/client-errors';
import { registerErrorHandler, sendFrameworkError } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { StaticFilesAtDebug } from './plugins/request-logging';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

/** Where `npm run build -w web` puts the web app, seen from server/src or server/dist. */
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server without listening, so tests can `inject` requests into the real thing. */
export async function buildApp({
  config,
  db,
  logger = true,
}: {
  config: Config;
  db: Db;
  /** `false`: no log; a stream: the log lines go there instead of stdout (tests read them). */
  logger?: boolean | { stream: { write(line: string): void } };
}) {
  const app: App = Fastify({
    logger: logger && {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
    },
    logController: new StaticFilesAtDebug(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    frameworkErrors: sendFrameworkError,
    clientErrorHandler,
    // registerClosingGuard answers those in the envelope instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializingSharedOnce(serializerCompiler));
  app.decorateRequest('locale', 'zh-CN');
  // Callback style, not async: no promise per request for a hook that never waits.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = requestLocale(request);
    done();
  });
  registerErrorHandler(app);
  registerClosingGuard(app);

  registerSecurityHeaders(app, config.https);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5 } });
  await registerOpenApi(app);

  const captcha = createCaptchaService({ db, config });
  const sessions = createSessionCache({ db, ttlMs: config.sessionCacheMs });
  await sessions.start();
  app.addHook('onClose', () => sessions.stop());
  app.decorate('sessionCache', sessions);
  const auth = createAuthService({ db, config, captcha, sessions });
  const profile = createProfileService({ db, config });
  registerAuthentication(app, auth);
  const mailer = createMailer(config.mail);
  app.addHook('onClose', () => mailer.close());
  const accountMail = createAccountMailService({
    db,
    mail: config.mail,
    mailer,
    captcha,
    passwordHashCost: config.passwordHashCost,
    logError: (error, what) => app.log.error({ err: error }, `${what} not sent`),
  });

  const readiness: Readiness = { workersStarted: false, workers: [] };
  app.decorate('readiness', readiness);
  registerHealthRoutes(app, { db, config, readiness });
  registerMetrics(app, { db, config });
  registerAuthRoutes(app, { auth, captcha });
  registerAccountMailRoutes(app, { accountMail });
  registerMenuRoutes(app);
  registerProfileRoutes(app, { profile, db, adminUsername: config.adminUsername });
  registerFileRoutes(app, { db });
  const patternTests = patternTestQuota(db, config.patternTestsPerMinute);
  registerCatalogRoutes(app, { db, patternTests });
  registerTronAddressRoutes(app, { db });
  registerContactRoutes(app, { db });
  registerAdRoutes(app, { db });
  registerAnnouncementRoutes(app, { db });
  registerStockRoutes(app, { db });
  registerAdminUserRoutes(app, { db, config });
  registerFinanceRoutes(app, { db });
  registerAuditRoutes(app, { db });
  registerAdminToolRoutes(app, { db, config, patternTests });
  registerPublicPriceRoutes(app, {
    db,
    ttlSeconds: config.publicPricesCacheSeconds,
    cooldownMinutes: config.storeCooldownMinutes,
  });
  registerSmsCenterRoutes(app, { db, config });
  registerGatewayRoutes(app, { db });
  registerUpstreamProviderRoutes(app, { db, config });
  registerProviderWebhookRoute(app, { db });
  registerAgentRoutes(app, { db, config });
  registerAgentPushRoutes(app, { db, config });
  registerInboundRoutes(app, { db, config });
  await registerCodeDelivery(app, { db, config, patternTests });
  registerRechargeRoutes(app, { db, config });
  registerTicketRoutes(app, { db, adminUsername: config.adminUsername });
  registerSmppRoutes(app, { db, config });
  registerSmsTemplateRoutes(app, { db });
  registerMassSmsRoutes(app, {
    db,
    validityHours: config.massSms.validityHours,
    adminUsername: config.adminUsername,
  });
  registerConnectorRoutes(app, { db });
  registerReportRoutes(app, { db });
  registerSetupChecklistRoutes(app, { db });
  await registerCompatRoutes(app, { db, config });
  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);

  return app;
}
