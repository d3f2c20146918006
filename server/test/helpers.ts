import { createHash, randomBytes } from 'node:crypto';
import { type Captcha, type ErrorBody, ROLE_BY_TYPE, USER_TYPE, type UserType } from '@jiema/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import type { Config } from '../src/config';
import { createDb, type Db } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { hashPassword } from '../src/lib/password';
import { newApiKey, newSessionToken, sha256 } from '../src/lib/secrets';
import { insertSession } from '../src/modules/auth/sessions.repository';
import { addUserRole, insertUser } from '../src/modules/users/users.repository';
import { changesSeed, type EnvOverrides, testConfig } from './support/test-config';
import { createTestDatabase } from './support/test-database';

export { ADMIN, type EnvOverrides } from './support/test-config';

export type TestApp = { app: App; db: Db; config: Config; close(): Promise<void> };

/**
 * The real app on a fresh database of its own, migrated and seeded (a copy of the run's template,
 * see support/test-database.ts). Overrides are environment variables, e.g. `{ CAPTCHA: 'off' }`.
 */
export async function createTestApp(overrides: EnvOverrides = {}): Promise<TestApp> {
  const database = await createTestDatabase({ fromTemplate: !changesSeed(overrides) });
  try {
    const config = testConfig(overrides, database.url);
    // No-ops on a copy of the template; the real thing on an empty database.
    await migrate(database.db);
    await seed(database.db, config);
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    return {
      app,
      db: database.db,
      config,
      async close() {
        await app.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

export const authed = (token: string) => ({ authorization: `Bearer ${token}` });

/** A name no other test in the file uses (usernames must start with a letter). */
export const uniqueName = (prefix = 'u') => `${prefix}${randomBytes(5).toString('hex')}`;

/**
 * Gets a captcha challenge through the API and solves it as the browser does: tries numbers until
 * SHA-256(salt + number) is the challenge (the tests run with a low CAPTCHA_POW_MAX_NUMBER).
 */
export async function solveCaptcha({ app }: Pick<TestApp, 'app'>, request: Partial<InjectOptions> = {}) {
  const res = await app.inject({ method: 'GET', url: '/auth/code', ...request });
  expect(res.statusCode, res.body).toBe(200);
  const { key, challenge, salt, maxNumber } = res.json().data as Captcha;
  for (let n = 0; n <= maxNumber; n++) {
    if (
      createHash('sha256')
        .update(salt + n)
        .digest('hex') === challenge
    )
      return { captchaKey: key, captchaCode: String(n) };
  }
  throw new Error('captcha challenge has no solution');
}

export type Credentials = { userId: number; username: string; email: string; password: string };

/** Registers a customer through the API (captcha solved); returns what it takes to log in. */
export async function register(
  t: TestApp,
  input: Partial<Omit<Credentials, 'userId'>> = {},
): Promise<Credentials> {
  const username = input.username ?? uniqueName();
  const email = input.email ?? `${username}@example.com`;
  const password = input.password ?? 'secret123';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authSms/register',
    payload: { username, email, password, confirmPassword: password, ...(await solveCaptcha(t)) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { userId: res.json().data.userId, username, email, password };
}

/** Posts the login form, captcha solved unless `captcha` is given. */
export async function postLogin(
  t: TestApp,
  account: string,
  password: string,
  extra: { captcha?: { captchaKey?: string; captchaCode?: string }; request?: Partial<InjectOptions> } = {},
): Promise<LightMyRequestResponse> {
  const captcha = extra.captcha ?? (await solveCaptcha(t));
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username: account, password, ...captcha },
    ...extra.request,
  });
}

/** Logs in and returns the bearer token; fails the test when the login is refused. */
export async function login(t: TestApp, account: string, password: string): Promise<string> {
  const res = await postLogin(t, account, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

/** Creates a user straight in the database through the repositories, e.g. an agent or a second administrator. */
export async function createUser(
  db: Db,
  options: {
    userType?: UserType;
    roles?: string[];
    username?: string;
    password?: string;
    enabled?: boolean;
  } = {},
): Promise<Credentials> {
  const userType = options.userType ?? USER_TYPE.CUSTOMER;
  const username = options.username ?? uniqueName(`t${userType}_`);
  const password = options.password ?? 'secret123';
  const email = `${username}@example.com`;
  const userId = await db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      username,
      email,
      passwordHash: await hashPassword(password, 10),
      userType,
      apiKey: newApiKey(),
    });
    for (const role of options.roles ?? [ROLE_BY_TYPE[userType]]) await addUserRole(tx, id, role);
    if (options.enabled === false) await tx.query('update users set enabled = false where id = $1', [id]);
    return id;
  });
  return { userId, username, email, password };
}

/** A user of the given type, logged in. */
export async function loginAs(t: TestApp, userType: UserType) {
  const user = await createUser(t.db, { userType });
  return { ...user, token: await login(t, user.username, user.password) };
}

/** A session opened straight in the database, without the login form: for tests that need many. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3600_000),
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return token;
}

/** Gives (`grant`) or takes away (`revoke`) one permission of one user, as an administrator would. */
export async function setUserPermission(
  db: Db,
  userId: number,
  permission: string,
  effect: 'grant' | 'revoke',
) {
  await db.query(
    `insert into user_permissions (user_id, permission, effect) values ($1, $2, $3)
     on conflict (user_id, permission) do update set effect = excluded.effect`,
    [userId, permission, effect],
  );
}

/** Asserts the error envelope of ARCHITECTURE.md: `{ code, message, data: null }`, nothing internal. */
export function expectErrorEnvelope(
  res: LightMyRequestResponse,
  status: number,
  code: number | string = status,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ code, data: null });
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expectNothingInternal(res.body);
  return body as ErrorBody;
}

/** No stack trace, SQL or driver text in an answer. */
export function expectNothingInternal(text: string) {
  expect(text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  expect(text).not.toMatch(
    /\b(select|insert into|update \w+ set|delete from)\b.*\b(from|where|values|returning)\b/i,
  );
  expect(text).not.toMatch(/duplicate key|violates|syntax error|relation "|column "|node_modules|stack/i);
}

/** The audit log rows of one entity (and optionally one record of it), newest first. */
export async function auditEntriesOf(db: Db, entity: string, entityId?: string | number) {
  return db.query<{ action: string; entity_id: string; actor_name: string; before: unknown; after: unknown }>(
    `select action, entity_id, actor_name, before, after from audit_logs
     where entity = $1 and ($2::text is null or entity_id = $2) order by id desc`,
    [entity, entityId === undefined ? null : String(entityId)],
  );
}

export type ServerSet = { servers: App[]; close(): Promise<void> };

/**
 * The servers a burst is spread over: on PostgreSQL, `count` more apps, each with a pool of its own, on
 * the test app's database (as processes behind a load balancer see it); on PGlite, which serves one
 * process, the test app alone.
 */
export async function serversSharingDatabase(t: TestApp, count = 2): Promise<ServerSet> {
  if (!t.config.databaseUrl) return { servers: [t.app], close: async () => {} };
  const started: { app: App; db: Db }[] = [];
  for (let i = 0; i < count; i++) {
    const db = await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 10 });
    const app = await buildApp({ config: t.config, db, logger: false });
    await app.ready();
    started.push({ app, db });
  }
  return {
    servers: started.map((s) => s.app),
    async close() {
      for (const s of started) {
        await s.app.close();
        await s.db.close();
      }
    },
  };
}
