import path from 'node:path';
import { type ParsedEnv, ZEnv } from './config-env';

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  adminUsername: string;
  adminPassword: string | undefined;
  adminEmail: string;
  captchaEnabled: boolean;
  sessionTtlMs: number;
  sessionCacheMs: number;
  activationCacheMs: number;
  captchaTtlMs: number;
  passwordHashCost: number;
  loginLimitPerIp: number;
  loginLimitPerAccount: number;
  loginLimitWindowMs: number;
  registerLimitPerIp: number;
  registerLimitWindowMs: number;
  https: 'auto' | 'on' | 'off';
  /** Fastify's trustProxy: false, a hop count or a list of proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  captchaPowMaxNumber: number;
  captchaLimitPerIp: number;
  loginSlowdownBaseMs: number;
  loginSlowdownMaxMs: number;
  loginQueueMaxMs: number;
  loginKnownIpDays: number;
  uploadLimitPerHour: number;
  patternTestsPerMinute: number;
  logLevel: string;
  webDist: string | undefined;
  storeMaxQuantity: number;
  storeCooldownMinutes: number;
  storeSweepIntervalMs: number;
  publicPricesCacheSeconds: number;
  codeLinkLimitPerMinute: number;
  codeWebhookMaxAttempts: number;
  codeWebhookRetryBaseMs: number;
  codeWebhookTimeoutMs: number;
  codeWebhookAllowPrivate: boolean;
  upstream: {
    allowPrivate: boolean;
    requestTimeoutMs: number;
    buyBudgetMs: number;
    refreshMs: number;
    pollMs: number;
    reconcileMs: number;
    batchPoll: boolean;
    /** UPSTREAM_LATE_REFUND_HOURS: how long after our side ended a provider's refund still counts. */
    lateRefundMs: number;
    /** UPSTREAM_BALANCE_SETTLE_MINUTES: how long an unexplained balance change waits for its opposite. */
    balanceSettleMs: number;
    /** Test only: see UPSTREAM_TEST_HOLD_AFTER_BUY. */
    testHoldAfterBuy: boolean;
  };
  agents: {
    pollMs: number;
    numberTimeoutMs: number;
    requestTimeoutMs: number;
    holdMs: number;
  };
  eventsHeartbeatMs: number;
  eventsMaxStreamsPerUser: number;
  tronWatcherEnabled: boolean;
  trongridUrl: string;
  trongridApiKey: string | undefined;
  tronChainSource: 'events' | 'solidity';
  /** The full node read when the source is `solidity` (else TRONGRID_URL). */
  tronNodeUrl: string | undefined;
  tronPollIntervalMs: number;
  trongridRps: number;
  tronScanOverlapMs: number;
  rechargeMinAmount: string;
  /** Set: new customers get addresses derived from this extended public key (lib/tron-hd.ts). */
  tronXpub: string | undefined;
  rechargeOrderMinutes: number;
  shutdownGraceMs: number;
  /** 0: this process runs no SMPP binds (another one does). */
  smppPollMs: number;
  retention: {
    days: Record<'massSms' | 'receipts' | 'rentalSms' | 'logins' | 'webhookLogs', number>;
    checkMs: number;
    batch: number;
  };
  massSms: { worker: boolean; batch: number; loops: number; validityHours: number; retryBaseMs: number };
  compatRateLimitPerSecond: number;
  compatWebhookIntervalMs: number;
  /** Prometheus metrics: on the main port behind a token, and/or on a listener of their own. */
  metrics: { token: string | undefined; port: number; host: string };
  mail: MailConfig;
  /** DEMO=on: demo gateway, numbers and customer seeded once; the simulated gateway answers purchases. */
  demoEnabled: boolean;
  demoPassword: string | undefined;
  demoSmsDelay: { minSeconds: number; maxSeconds: number };
};

/** Outgoing mail; `smtpUrl` undefined = no mail (the login page then says to ask an administrator). */
export type MailConfig = {
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
  passwordResetTtlMs: number;
  emailVerifyTtlMs: number;
  limitPerHour: number;
};

export class ConfigError extends Error {}

/** Parses the environment once at boot; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    dbPoolSize: e.DB_POOL_SIZE,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    captchaEnabled: e.CAPTCHA,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    activationCacheMs: e.ACTIVATION_CACHE_SECONDS * 1000,
    captchaTtlMs: e.CAPTCHA_TTL_SECONDS * 1000,
    passwordHashCost: e.PASSWORD_HASH_COST,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
    loginLimitWindowMs: e.LOGIN_LIMIT_WINDOW_SECONDS * 1000,
    registerLimitPerIp: e.REGISTER_LIMIT_PER_IP,
    registerLimitWindowMs: e.REGISTER_LIMIT_WINDOW_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    https: e.HTTPS,
    captchaPowMaxNumber: e.CAPTCHA_POW_MAX_NUMBER,
    captchaLimitPerIp: e.CAPTCHA_LIMIT_PER_IP,
    loginSlowdownBaseMs: e.LOGIN_SLOWDOWN_BASE_MS,
    loginSlowdownMaxMs: e.LOGIN_SLOWDOWN_MAX_MS,
    loginQueueMaxMs: e.LOGIN_QUEUE_MAX_SECONDS * 1000,
    loginKnownIpDays: e.LOGIN_KNOWN_IP_DAYS,
    uploadLimitPerHour: e.UPLOAD_LIMIT_PER_HOUR,
    patternTestsPerMinute: e.PATTERN_TESTS_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    storeMaxQuantity: e.STORE_MAX_QUANTITY,
    storeCooldownMinutes: e.STORE_COOLDOWN_MINUTES,
    storeSweepIntervalMs: e.STORE_SWEEP_INTERVAL_SECONDS * 1000,
    publicPricesCacheSeconds: e.PUBLIC_PRICES_CACHE_SECONDS,
    codeLinkLimitPerMinute: e.CODE_LINK_LIMIT_PER_MINUTE,
    codeWebhookMaxAttempts: e.CODE_WEBHOOK_MAX_ATTEMPTS,
    codeWebhookRetryBaseMs: e.CODE_WEBHOOK_RETRY_BASE_SECONDS * 1000,
    codeWebhookTimeoutMs: e.CODE_WEBHOOK_TIMEOUT_SECONDS * 1000,
    codeWebhookAllowPrivate: e.CODE_WEBHOOK_ALLOW_PRIVATE,
    upstream: {
      allowPrivate: e.UPSTREAM_ALLOW_PRIVATE,
      requestTimeoutMs: e.UPSTREAM_REQUEST_TIMEOUT_MS,
      buyBudgetMs: e.UPSTREAM_BUY_BUDGET_MS,
      refreshMs: e.UPSTREAM_REFRESH_SECONDS * 1000,
      pollMs: e.UPSTREAM_POLL_MS,
      reconcileMs: e.UPSTREAM_RECONCILE_SECONDS * 1000,
      batchPoll: e.UPSTREAM_BATCH_POLL,
      lateRefundMs: Math.round(e.UPSTREAM_LATE_REFUND_HOURS * 3_600_000),
      balanceSettleMs: e.UPSTREAM_BALANCE_SETTLE_MINUTES * 60_000,
      testHoldAfterBuy: e.UPSTREAM_TEST_HOLD_AFTER_BUY,
    },
    agents: {
      pollMs: Math.round(e.AGENT_POLL_SECONDS * 1000),
      numberTimeoutMs: e.AGENT_NUMBER_TIMEOUT_MS,
      requestTimeoutMs: e.AGENT_REQUEST_TIMEOUT_MS,
      holdMs: Math.round(e.AGENT_HOLD_SECONDS * 1000),
    },
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_SECONDS * 1000,
    eventsMaxStreamsPerUser: e.EVENTS_MAX_STREAMS_PER_USER,
    tronWatcherEnabled: e.TRON_WATCHER,
    trongridUrl: e.TRONGRID_URL.replace(/\/+$/, ''),
    trongridApiKey: e.TRONGRID_API_KEY,
    tronChainSource: e.TRON_CHAIN_SOURCE,
    tronNodeUrl: e.TRON_NODE_URL?.replace(/\/+$/, ''),
    tronPollIntervalMs: Math.round(e.TRON_POLL_INTERVAL_SECONDS * 1000),
    trongridRps: e.TRONGRID_RPS,
    tronScanOverlapMs: e.TRON_SCAN_OVERLAP_SECONDS * 1000,
    rechargeMinAmount: e.RECHARGE_MIN_AMOUNT,
    tronXpub: e.TRON_XPUB?.trim() || undefined,
    rechargeOrderMinutes: e.RECHARGE_ORDER_MINUTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    smppPollMs: Math.round(e.SMPP_POLL_SECONDS * 1000),
    massSms: {
      worker: e.MASS_SMS_WORKER,
      batch: e.MASS_SMS_BATCH,
      loops: e.MASS_SMS_LOOPS,
      validityHours: e.MASS_SMS_VALIDITY_HOURS,
      retryBaseMs: Math.round(e.MASS_SMS_RETRY_BASE_SECONDS * 1000),
    },
    retention: {
      days: {
        massSms: e.RETENTION_MASS_SMS_DAYS,
        receipts: e.RETENTION_RECEIPT_DAYS,
        rentalSms: e.RETENTION_RENTAL_SMS_DAYS,
        logins: e.RETENTION_LOGIN_DAYS,
        webhookLogs: e.RETENTION_WEBHOOK_LOG_DAYS,
      },
      checkMs: e.RETENTION_CHECK_SECONDS * 1000,
      batch: e.RETENTION_BATCH,
    },
    compatRateLimitPerSecond: e.COMPAT_RATE_LIMIT_PER_SECOND,
    compatWebhookIntervalMs: e.COMPAT_WEBHOOK_INTERVAL_SECONDS * 1000,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    mail: mailConfig(e),
    demoEnabled: e.DEMO,
    demoPassword: e.DEMO_PASSWORD,
    demoSmsDelay: e.DEMO_SMS_DELAY_SECONDS,
  };
}

function mailConfig(e: ParsedEnv): MailConfig {
  // A reset link built from a request's Host header could be pointed at an attacker's site by the
  // attacker asking for the reset (reset poisoning), so with mail on, the public address is required.
  if (e.SMTP_URL && !e.PUBLIC_URL)
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required when SMTP_URL is set (the address mail links point to, e.g. https://jiema.example.com)',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    smtpUrl: e.SMTP_URL,
    from: e.SMTP_FROM ?? `Jiema <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    passwordResetTtlMs: e.PASSWORD_RESET_TTL_MINUTES * 60_000,
    emailVerifyTtlMs: e.EMAIL_VERIFY_TTL_HOURS * 3600_000,
    limitPerHour: e.MAIL_LIMIT_PER_HOUR,
  };
}
