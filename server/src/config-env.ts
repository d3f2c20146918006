// Every environment variable the server reads: its type, bounds and default (README's configuration
// table mirrors it). loadConfig (config.ts) turns the parsed values into the Config the code uses.
import net from 'node:net';
import { z } from 'zod';
import { readExtendedPublicKey } from './lib/tron-hd';

const bool = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['on', 'true', '1', 'yes'].includes(v)));

/** `5-20` (a random delay in that range, the default) or `3` (always 3 s); 0-300 s. */
const demoDelay = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const m = /^\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?$/.exec(raw ?? '5-20');
    const min = Number(m?.[1]);
    const max = m?.[2] === undefined ? min : Number(m[2]);
    if (!m || min > max || max > 300) {
      ctx.addIssue({ code: 'custom', message: 'a number of seconds or a range like 5-20 (at most 300)' });
      return z.NEVER;
    }
    return { minSeconds: min, maxSeconds: max };
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Days to keep a kind of record; 0 keeps it for ever, else at least `minimum` (what screens look back on). */
const retentionDays = (fallback: number, minimum = 1) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(36_500)
    .refine((days) => days === 0 || days >= minimum, `0 (keep for ever) or at least ${minimum} days`)
    .default(fallback);

/** An IPv4/IPv6 address, or one with a /prefix (CIDR). */
const isAddressOrCidr = (value: string) => {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Which peers may tell the client's address in X-Forwarded-For: `off` (none, the default), a hop
 * count (`1` = the one reverse proxy in front), or a comma list of proxy addresses/CIDRs. `on` used
 * to trust everyone, which let any client choose its IP; it now means one hop.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = (raw ?? 'off').trim().toLowerCase();
    if (['off', 'false', 'no', '0'].includes(v)) return false;
    if (['on', 'true', 'yes'].includes(v)) return 1;
    if (/^\d+$/.test(v) && Number(v) <= 32) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length && list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'off, a hop count (1 = one reverse proxy in front) or a comma list of proxy addresses/CIDRs, e.g. 10.0.0.0/8,127.0.0.1',
    });
    return z.NEVER;
  });

/** Every environment variable the server reads, with its default. README's configuration table mirrors it. */
export const ZEnv = z.object({
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
  /**
   * How long a process may answer an activation's status polls from memory at most (0 = off); a change
   * of the activation or a new SMS ends it at once. Longer than a session's: clients poll every few
   * seconds and alternate between processes behind a proxy, so each process sees an activation only
   * every 4-10 s, and a 10 s limit sent a third of the polls to the database.
   */
  ACTIVATION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  CAPTCHA_TTL_SECONDS: positiveInt(300),
  /** log2 of the scrypt cost; 16 = 64 MiB of memory per hash. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(16),
  LOGIN_LIMIT_PER_IP: positiveInt(30),
  LOGIN_LIMIT_PER_ACCOUNT: positiveInt(5),
  LOGIN_LIMIT_WINDOW_SECONDS: positiveInt(900),
  REGISTER_LIMIT_PER_IP: positiveInt(10),
  REGISTER_LIMIT_WINDOW_SECONDS: positiveInt(3600),
  /** Whether clients reach the server over HTTPS: `auto` = when the request says so (TLS, or a trusted proxy's X-Forwarded-Proto). */
  HTTPS: z.enum(['auto', 'on', 'off']).default('auto'),
  TRUST_PROXY: trustProxy,
  /** Proof-of-work difficulty: the secret number is drawn below this; a browser tries half of it on average. */
  CAPTCHA_POW_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /** Captcha challenges one IP may fetch per minute. */
  CAPTCHA_LIMIT_PER_IP: positiveInt(30),
  /** Delay before checking the password once an account has LOGIN_LIMIT_PER_ACCOUNT recent failures; doubles with each further failure. */
  LOGIN_SLOWDOWN_BASE_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** An attempt whose turn to be checked (checks of one account are queued) is further away than this gets 429. */
  LOGIN_QUEUE_MAX_SECONDS: positiveInt(60),
  /** An address that logged in to the account successfully within this many days is not slowed down. */
  LOGIN_KNOWN_IP_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Files (avatars, images) one user may upload per hour. */
  UPLOAD_LIMIT_PER_HOUR: positiveInt(30),
  /** Pattern tests (customer's and administrators' testers together) one user may run per minute. */
  PATTERN_TESTS_PER_MINUTE: positiveInt(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Spec §5: the maximum purchasable in one store order. */
  STORE_MAX_QUANTITY: positiveInt(100),
  /** Minutes a number rests for an application after a rental of it ends, before it is sold for it again. */
  STORE_COOLDOWN_MINUTES: z.coerce.number().int().min(0).max(525_600).default(10),
  /** Seconds the public price list (/pricing) is kept before it is computed again; 0 = every request. */
  PUBLIC_PRICES_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How often the sweep ends due rentals and refunds activations that got no SMS; 0 = never (tests). */
  STORE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** Requests per minute one code link (or one API key's code listing) may make, across all processes. */
  CODE_LINK_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(120),
  /** Tries of a customer webhook in all; the wait after the first failure, doubled after each. */
  CODE_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  CODE_WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(86_400).default(120),
  CODE_WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(5),
  /** on: customer webhooks may point to loopback and private networks (tests, closed installations). */
  CODE_WEBHOOK_ALLOW_PRIVATE: bool(false),
  /** on: upstream providers may be on loopback and private networks (tests, self-hosted upstreams). */
  UPSTREAM_ALLOW_PRIVATE: bool(false),
  /** One request to an upstream provider gives up after this. */
  UPSTREAM_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** A purchase tries upstream providers for at most this long in all, then answers "no numbers". */
  UPSTREAM_BUY_BUDGET_MS: z.coerce.number().int().min(100).max(60_000).default(6000),
  /** How often each provider's prices and stock are read again (in the background). */
  UPSTREAM_REFRESH_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** First wait between two status reads of an open upstream activation (doubling to 8 times); 0 = no relay worker (tests). */
  UPSTREAM_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** How often a reconciliation cancels upstream numbers bought but never sold; 0 = only at start. */
  UPSTREAM_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** on: one getActiveActivations per provider and round tells which open activations to read (getStatus); off: read each. */
  UPSTREAM_BATCH_POLL: bool(true),
  /**
   * The late-refund window, in hours after our side of an upstream activation ended (validity over,
   * cancel, an administrator's end): an activation ended without a code for the customer is still read
   * now and then, and a refund its provider makes in the window refunds the customer (once); an open
   * one the provider neither ends nor lets us cancel is closed as paid when it runs out.
   */
  UPSTREAM_LATE_REFUND_HOURS: z.coerce.number().min(0.1).max(720).default(2),
  /**
   * Balance reconciliation: how long an unexplained change of a provider's balance may wait for the
   * opposite change that shows it was only timing (a purchase charged before a reading and recorded
   * after it, a refund the relay had not seen yet, an unsold number being cancelled) before it counts.
   */
  UPSTREAM_BALANCE_SETTLE_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  /**
   * TEST ONLY (the kill -9 test, test/upstream/kill-during-purchase.test.ts): on, a purchase stops for
   * good after a provider sold the number and before the local commit, printing
   * `upstream-buy-held` on stdout, so the test can SIGKILL the process exactly there. Never set it in
   * production: every upstream purchase would hang.
   */
  UPSTREAM_TEST_HOLD_AFTER_BUY: bool(false),
  /** GET_SERVICES to each SIM-farm agent this often (the protocol: every 10–20 s); 0 = no agent workers (tests). */
  AGENT_POLL_SECONDS: z.coerce.number().min(0).max(600).default(15),
  /** GET_NUMBER gives up after this (the protocol allows an agent 3 s). */
  AGENT_NUMBER_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(3000),
  /** GET_SERVICES and FINISH_ACTIVATION give up after this. */
  AGENT_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** An agent that answered NO_NUMBERS for stock it claimed is out of the store this long (hubs: 30 min). */
  AGENT_HOLD_SECONDS: z.coerce.number().min(0).max(86_400).default(1800),
  /** How often a live event stream sends a keep-alive comment. */
  /** Live event streams (GET /api/events) one user may hold open on one server process. */
  EVENTS_MAX_STREAMS_PER_USER: positiveInt(10),
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).max(300).default(15),
  /** The USDT-TRC20 chain watcher: off = this process never scans (tests drive it explicitly). */
  TRON_WATCHER: bool(true),
  TRONGRID_URL: z.url().default('https://api.trongrid.io'),
  TRONGRID_API_KEY: z.string().min(1).optional(),
  /**
   * Where solidified USDT transfers are read: `events` (TronGrid's contract-events API) or `solidity`
   * (a full node's /walletsolidity API, one request per block: an operator's own java-tron node at
   * TRON_NODE_URL, or TronGrid's at TRONGRID_URL).
   */
  TRON_CHAIN_SOURCE: z.enum(['events', 'solidity']).default('events'),
  TRON_NODE_URL: z.url().optional(),
  /** How often the solidified USDT Transfer events are read (a block every 3 s: one read per block). */
  TRON_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(3),
  /** Requests per second this process sends to TronGrid at most (also the pace of catching up). */
  TRONGRID_RPS: z.coerce.number().min(0.1).max(1000).default(10),
  /**
   * How far before the chain cursor each read starts again (re-read events are never credited twice;
   * each second re-read costs requests): for an API that might publish a block's events in parts.
   */
  TRON_SCAN_OVERLAP_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86400)
    .default(0),
  /**
   * The extended PUBLIC key of a TRON wallet account (m/44'/195'/0'): each new customer gets the next
   * address derived from it. A private key is refused at start.
   */
  TRON_XPUB: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (!value) return;
      const read = readExtendedPublicKey(value);
      if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error });
    }),
  /** Smallest deposit credited by itself (smaller ones wait for an administrator), and smallest order. */
  RECHARGE_MIN_AMOUNT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, 'a decimal amount with at most 6 decimals')
    .default('1'),
  /** How long a recharge order reserves its unique amount on a shared address. */
  RECHARGE_ORDER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** How long a stop (SIGTERM, SIGINT) may take before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** How often SMPP gateway settings are re-read and free binds tried (takeover time); 0 = no SMPP binds here. */
  SMPP_POLL_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /** Mass SMS worker in this process (claims the queue with SKIP LOCKED; any number of processes may run one). */
  MASS_SMS_WORKER: bool(true),
  /** Messages a claim takes at once, and claim loops per process. */
  MASS_SMS_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  MASS_SMS_LOOPS: z.coerce.number().int().min(1).max(16).default(4),
  /** How long a message may wait to be submitted (from its start or resume) before it fails and is refunded. */
  MASS_SMS_VALIDITY_HOURS: z.coerce.number().min(0.01).max(720).default(24),
  /** First retry delay after a transient error (doubles per attempt, jittered, at most 10 minutes). */
  MASS_SMS_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(5),
  /**
   * Retention, in days (0 = keep for ever): delivered mass SMS messages, stored delivery receipts, SMS of
   * rentals ended that long ago, login records, and finished webhook deliveries (code and compat
   * webhooks). Money records (ledger, orders, campaigns, deposits) are never deleted.
   */
  // At least 31: the mass SMS usage chart counts the messages of the last 30 days.
  RETENTION_MASS_SMS_DAYS: retentionDays(90, 31),
  RETENTION_RECEIPT_DAYS: retentionDays(90),
  RETENTION_RENTAL_SMS_DAYS: retentionDays(180),
  RETENTION_LOGIN_DAYS: retentionDays(180),
  RETENTION_WEBHOOK_LOG_DAYS: retentionDays(30),
  /** How often each process looks whether the daily pruning is due (one process runs it); 0 = never here. */
  RETENTION_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Rows deleted per statement: short statements, short locks. */
  RETENTION_BATCH: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** Requests per API key and second on the sms-activate and 5sim APIs, all processes together; 0 = no limit. */
  COMPAT_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(50),
  /** How often each server delivers due compat webhooks (sms-activate shape); 0 = never. */
  COMPAT_WEBHOOK_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(2),
  /** Prometheus metrics at /metrics on the main port, for `Authorization: Bearer <METRICS_TOKEN>`; unset: not served there. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** A second listener that serves only /metrics, without a token (bind it to a private address); 0 = none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Outgoing mail (password reset, email verification): smtp://user:pass@host:587 or smtps://…:465; unset = off. */
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/]+/,
      'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465',
    )
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  /** The address users open the site at; mail links point here (never at a request's Host header). */
  PUBLIC_URL: z.url().optional(),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  EMAIL_VERIFY_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** Mails one account, and one IP, may cause per hour (reset and verification links). */
  MAIL_LIMIT_PER_HOUR: positiveInt(5),
  DEMO: bool(false),
  DEMO_PASSWORD: z.string().min(6, 'at least 6 characters').optional(),
  DEMO_SMS_DELAY_SECONDS: demoDelay,
});

export type ParsedEnv = z.infer<typeof ZEnv>;
