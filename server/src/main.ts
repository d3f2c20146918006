import { buildApp } from './app';
import { startCompatWebhookWorker } from './compat/webhooks/webhook-worker';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { startRentalSweeper } from './modules/rentals/rentals.jobs';

async function main() {
  const config = loadConfig();
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  const applied = await migrate(db);
  const app = await buildApp({ config, db });
  app.log.info(
    { database: db.kind, where: db.kind === 'pglite' ? config.dataDir : 'DATABASE_URL', applied },
    'database ready',
  );

  const seeded = await seed(db, config);
  if (seeded.adminCreated) {
    const password = seeded.generatedPassword ?? '(the ADMIN_PASSWORD you set)';
    // Printed once, on the first start only: the password is not stored anywhere readable.
    app.log.warn(`Administrator created: username "${seeded.adminUsername}", password ${password}`);
  }
  if (!config.captchaEnabled) app.log.warn('CAPTCHA=off: login and registration accept any captcha answer');
  // Ends due rentals and refunds activations without an SMS; safe with several processes (SKIP LOCKED).
  const sweeper = startRentalSweeper(db, {
    intervalMs: config.storeSweepIntervalMs,
    cooldownMinutes: config.storeCooldownMinutes,
    log: app.log,
  });

  // Posts the sms-activate-shaped webhooks of arrived SMS (outbox rows claimed with SKIP LOCKED).
  const compatWebhooks = startCompatWebhookWorker(db, {
    intervalMs: config.compatWebhookIntervalMs,
    log: app.log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    await app.close();
    await sweeper.stop();
    await compatWebhooks.stop();
    await db.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Jiema is serving on http://${config.host}:${config.port}`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
