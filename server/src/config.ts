import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['on', 'true', '1', 'yes'].includes(v)));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the server reads, with its default. README's configuration table mirrors it. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DB_POOL_SIZE: positiveInt(10),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{2,31}$/, '3-32 letters, digits or _')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(6, 'at least 6 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@jiema.local'),
  CAPTCHA: bool(true),
  SESSION_TTL_HOURS: positiveInt(24 * 7),
  /** How long a process may reuse a session lookup at most (0 = off); any change ends it at once. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  CAPTCHA_TTL_SECONDS: positiveInt(300),
  /** log2 of the scrypt cost; 16 = 64 MiB of memory per hash. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(16),
  LOGIN_LIMIT_PER_IP: positiveInt(30),
  LOGIN_LIMIT_PER_ACCOUNT: positiveInt(5),
  LOGIN_LIMIT_WINDOW_SECONDS: positiveInt(900),
  REGISTER_LIMIT_PER_IP: positiveInt(10),
  REGISTER_LIMIT_WINDOW_SECONDS: positiveInt(3600),
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Spec §5: the maximum purchasable in one store order. */
  STORE_MAX_QUANTITY: positiveInt(100),
  /** Minutes a number rests for an application after a rental of it ends, before it is sold for it again. */
  STORE_COOLDOWN_MINUTES: z.coerce.number().int().min(0).max(525_600).default(10),
  /** How often the sweep ends due rentals and refunds activations that got no SMS; 0 = never (tests). */
  STORE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** Requests per API key and second on the sms-activate and 5sim APIs, all processes together; 0 = no limit. */
  COMPAT_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(50),
  /** How often each server delivers due compat webhooks (sms-activate shape); 0 = never. */
  COMPAT_WEBHOOK_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(2),
});

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
  captchaTtlMs: number;
  passwordHashCost: number;
  loginLimitPerIp: number;
  loginLimitPerAccount: number;
  loginLimitWindowMs: number;
  registerLimitPerIp: number;
  registerLimitWindowMs: number;
  trustProxy: boolean;
  logLevel: string;
  webDist: string | undefined;
  storeMaxQuantity: number;
  storeCooldownMinutes: number;
  storeSweepIntervalMs: number;
  compatRateLimitPerSecond: number;
  compatWebhookIntervalMs: number;
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
    captchaTtlMs: e.CAPTCHA_TTL_SECONDS * 1000,
    passwordHashCost: e.PASSWORD_HASH_COST,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
    loginLimitWindowMs: e.LOGIN_LIMIT_WINDOW_SECONDS * 1000,
    registerLimitPerIp: e.REGISTER_LIMIT_PER_IP,
    registerLimitWindowMs: e.REGISTER_LIMIT_WINDOW_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    storeMaxQuantity: e.STORE_MAX_QUANTITY,
    storeCooldownMinutes: e.STORE_COOLDOWN_MINUTES,
    storeSweepIntervalMs: e.STORE_SWEEP_INTERVAL_SECONDS * 1000,
    compatRateLimitPerSecond: e.COMPAT_RATE_LIMIT_PER_SECOND,
    compatWebhookIntervalMs: e.COMPAT_WEBHOOK_INTERVAL_SECONDS * 1000,
  };
}
