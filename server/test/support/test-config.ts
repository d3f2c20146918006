import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '../../src/config';

export const ADMIN = { username: 'admin', email: 'admin@jiema.test', password: 'Admin#Pass1' } as const;

/** Environment overrides, as the server reads them (e.g. `{ CAPTCHA: 'off', LOGIN_LIMIT_PER_IP: '3' }`). */
export type EnvOverrides = Record<string, string>;

/**
 * The configuration tests run with: the known administrator, cheap password hashing, the captcha on
 * as in production, and rate limits high enough that tests logging in many times do not trip them.
 */
export function testConfig(overrides: EnvOverrides = {}, databaseUrl?: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PASSWORD_HASH_COST: '10',
    CAPTCHA: 'on',
    // A proof of work of a few hundred hashes: solved for real, in well under a millisecond.
    CAPTCHA_POW_MAX_NUMBER: '1000',
    CAPTCHA_LIMIT_PER_IP: '100000',
    UPLOAD_LIMIT_PER_HOUR: '10000',
    PATTERN_TESTS_PER_MINUTE: '10000',
    LOGIN_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
    REGISTER_LIMIT_PER_IP: '10000',
    LOG_LEVEL: 'silent',
    // The API alone: whether web/ happens to be built must not change what the tests see.
    WEB_DIST: fileURLToPath(new URL('./no-web-build', import.meta.url)),
    ...overrides,
  });
}

/** The seed depends on these; a database seeded with the defaults does not fit other values. */
export const changesSeed = (overrides: EnvOverrides) =>
  Object.keys(overrides).some((k) => k.startsWith('ADMIN_'));
