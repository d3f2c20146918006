import { buildApp } from './app';
import { startControlSocket } from './cli/control-socket';
import { startCompatWebhookWorker } from './compat/webhooks/webhook-worker';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { administratorBanner } from './lib/admin-banner';
import { createPeriodicJobs } from './lib/periodic-jobs';
import { compactRowCounts, ROW_COUNT_COMPACTION_MS } from './lib/row-counts';
import { createWebhookWorker } from './modules/code-delivery/webhook-worker';
import { startDemoMode } from './modules/demo/demo-mode';
import { createChainWatcher } from './modules/deposits/chain-watcher';
import { MassSmsWorker } from './modules/mass-sms/worker';
import { startMetricsListener } from './modules/metrics/metrics-listener';
import { startAgentWorkers } from './modules/number-sources/agents/agents.jobs';
import { startUpstreamWorkers } from './modules/number-sources/upstream/upstream.jobs';
import { holdAfterBuyForTests } from './modules/number-sources/upstream/upstream-purchase';
import { startRentalSweeper } from './modules/rentals/rentals.jobs';
import { startRetentionJob } from './modules/retention/retention.job';

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
    // Printed once, on the first start only: the password is not stored anywhere readable. On
    // stdout as a block of its own; the log line says it happened without the password.
    process.stdout.write(administratorBanner(seeded.adminUsername, seeded.generatedPassword ?? undefined));
    app.log.warn({ username: seeded.adminUsername }, 'administrator created (credentials printed above)');
  }
  // DEMO=on: seeds the demo stock and customer once and runs the simulated gateway (demo/demo-mode.ts).
  const demo = await startDemoMode(db, config, app.log);
  if (!config.captchaEnabled) app.log.warn('CAPTCHA=off: login and registration accept any captcha answer');
  // Ends due rentals and refunds activations without an SMS; safe with several processes (SKIP LOCKED).
  const sweeper = startRentalSweeper(db, {
    intervalMs: config.storeSweepIntervalMs,
    cooldownMinutes: config.storeCooldownMinutes,
    log: app.log,
  });
  // Credits USDT-TRC20 deposits once each; safe with several processes (leases, unique transaction id).
  const watcher = createChainWatcher({ db, config, log: app.log });
  if (config.tronWatcherEnabled) watcher.start();

  // Sends customer webhooks from the outbox; safe with several processes (SKIP LOCKED under a lease).
  const webhooks = createWebhookWorker(
    db,
    {
      maxAttempts: config.codeWebhookMaxAttempts,
      retryBaseMs: config.codeWebhookRetryBaseMs,
      timeoutMs: config.codeWebhookTimeoutMs,
      allowPrivate: config.codeWebhookAllowPrivate,
    },
    { arrivals: app.smsArrivals, log: app.log },
  );
  webhooks.start();

  // SMPP gateways' binds: one process holds each (advisory lock); app.close() unbinds them.
  if (config.smppPollMs > 0) app.smppConnectors.start();

  // Mass SMS: claims the outbound queue (SKIP LOCKED, leases), binds the SMPP connectors, applies receipts.
  const massSms = new MassSmsWorker({
    db,
    batchSize: config.massSms.batch,
    loops: config.massSms.loops,
    retryBaseMs: config.massSms.retryBaseMs,
    log: app.log,
  });
  if (config.massSms.worker) await massSms.start();

  // Posts the sms-activate-shaped webhooks of arrived SMS (outbox rows claimed with SKIP LOCKED).
  const compatWebhooks = startCompatWebhookWorker(db, {
    intervalMs: config.compatWebhookIntervalMs,
    allowPrivate: config.codeWebhookAllowPrivate,
    log: app.log,
  });

  // Upstream providers: reconciliation (now and periodically), the relay of open activations, price refresh.
  const upstream = startUpstreamWorkers(db, config, app.log);
  if (config.upstream.testHoldAfterBuy) {
    app.log.warn(
      'UPSTREAM_TEST_HOLD_AFTER_BUY=on: every upstream purchase hangs before its local commit (tests only)',
    );
    holdAfterBuyForTests();
  }
  // Retention: once a day one process deletes old records in short batches (RETENTION_*).
  const retention = startRetentionJob(db, config, app.log);
  // Kept row counts (unfiltered list totals): each table's deltas summed into one row now and then.
  const rowCounts = createPeriodicJobs(app.log, 'row counts');
  rowCounts.every(ROW_COUNT_COMPACTION_MS, 'compaction', () => compactRowCounts(db));
  // SIM-farm agents: GET_SERVICES polls, the FINISH_ACTIVATION outbox, the reconciliation of activations.
  const agents = startAgentWorkers(db, config, app.log);
  app.readiness.workers = [
    'rental-sweeper',
    'code-webhooks',
    'compat-webhooks',
    ...(config.tronWatcherEnabled ? ['chain-watcher'] : []),
    ...(config.smppPollMs > 0 ? ['smpp-gateways'] : []),
    ...(config.massSms.worker ? ['mass-sms'] : []),
    ...(config.upstream.pollMs > 0 ? ['upstream-providers'] : []),
    ...(config.agents.pollMs > 0 ? ['sim-agents'] : []),
  ];
  app.readiness.workersStarted = true;
  // The embedded database is open here only: the operator's CLI hands its commands to this process.
  const control = db.kind === 'pglite' ? await startControlSocket({ db, config, log: app.log }) : null;
  // METRICS_PORT: Prometheus metrics on a listener of their own, without a token.
  const metricsListener = config.metrics.port
    ? await startMetricsListener({ host: config.metrics.host, port: config.metrics.port, log: app.log })
    : null;

  let closing = false;
  /**
   * A stop always ends the process within the grace period: in-flight requests finish, connections
   * still busy at half the period are cut, the sweeper's run ends, and the database closes only once
   * no statement is in flight (db/client.ts). Past the period, or on a second signal, it exits at once.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second stop signal: exiting now, without waiting for a clean stop');
      process.exit(1);
    }
    closing = true;
    const graceMs = config.shutdownGraceMs;
    app.log.info({ signal, graceSeconds: graceMs / 1000 }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error(`the stop took longer than the grace period of ${graceMs / 1000} s: exiting now`);
      process.exit(1);
    }, graceMs);
    const cut = setTimeout(() => app.server.closeAllConnections(), graceMs / 2);
    try {
      await Promise.all([
        app.close(),
        sweeper.stop(),
        webhooks.stop(),
        watcher.stop(),
        compatWebhooks.stop(),
        demo.stop(),
        massSms.stop(),
        upstream.stop(),
        retention.stop(),
        rowCounts.stop(),
        agents.stop(),
        metricsListener?.close(),
        control?.close(),
      ]);
      clearTimeout(cut);
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'the stop failed: exiting now');
      process.exit(1);
    }
    clearTimeout(deadline);
    app.log.info('stopped cleanly');
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
