import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@jiema/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { createDb, type Db } from '../../src/db/client';
import {
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  type TestApp,
} from '../helpers';

/**
 * The session cache (modules/auth/session-cache.ts) answers repeated requests from memory, and any
 * change to the user or the session, from this process or another, is seen by the very next request
 * (another process: as soon as its notification arrives).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const info = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) });
const dataOf = (res: { statusCode: number; body: string; json(): { data: Record<string, unknown> } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Asks until `check` passes or about two seconds went by: how long another process's change may take. */
async function eventually(check: () => Promise<void>) {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i >= 40) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('in one process', () => {
  test('repeated requests of a signed-in user are answered from memory', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    // The login's own writes are announced too (on PostgreSQL a moment later): let them arrive first.
    await eventually(async () => {
      await info(t.app, user.token);
      const hits = t.app.sessionCache.stats.hits;
      await info(t.app, user.token);
      expect(t.app.sessionCache.stats.hits).toBe(hits + 1);
    });
    const before = { ...t.app.sessionCache.stats };
    for (let i = 0; i < 5; i++) expect(dataOf(await info(t.app, user.token)).username).toBe(user.username);
    expect(t.app.sessionCache.stats.hits - before.hits).toBe(5);
    expect(t.app.sessionCache.stats.misses - before.misses).toBe(0);
  });

  test('logging out ends the session for the very next request', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    await info(t.app, user.token);
    await info(t.app, user.token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/authSms/logout',
      headers: authed(user.token),
    });
    expect(out.statusCode).toBe(200);
    expectErrorEnvelope(await info(t.app, user.token), 401, 'TOKEN_INVALID');
  });

  test("an administrator's changes show at once: balance, grants, disabling", async () => {
    const admin = await loginAs(t, USER_TYPE.ADMIN);
    const user = await loginAs(t, USER_TYPE.AGENT);
    expect(dataOf(await info(t.app, user.token)).balance).toBe('0.000000');
    await info(t.app, user.token);

    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/balance`,
      headers: authed(admin.token),
      payload: { type: 'reward', amount: '12.5', note: 'cache test', requestId: randomUUID() },
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    expect(dataOf(await info(t.app, user.token)).balance).toBe('12.500000');

    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.userId}/permissions`,
      headers: authed(admin.token),
      payload: { grants: ['api:store'], revokes: [] },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(dataOf(await info(t.app, user.token)).permissions).toContain('api:store');

    const disable = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.userId}/status`,
      headers: authed(admin.token),
      payload: { enabled: false },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expectErrorEnvelope(await info(t.app, user.token), 401, 'TOKEN_INVALID');
  });

  test('a change written straight to the database is seen too', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    await info(t.app, user.token);
    await t.db.query('update users set nick_name = $2 where id = $1', [user.userId, 'Changed']);
    expect(dataOf(await info(t.app, user.token)).nickName).toBe('Changed');
  });

  test('a repeated answer follows the language of each request, and every change', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    const inEnglish = () =>
      t.app.inject({
        method: 'GET',
        url: '/auth/info',
        headers: { ...authed(user.token), 'x-locale': 'en-US' },
      });
    const zh = await info(t.app, user.token);
    const en = await inEnglish();
    expect(zh.json().message).toBe('操作成功');
    expect(en.json().message).toBe('Success');
    expect((await info(t.app, user.token)).body).toBe(zh.body);
    expect((await inEnglish()).body).toBe(en.body);
    await t.db.query('update users set nick_name = $2 where id = $1', [user.userId, 'Again']);
    expect(dataOf(await inEnglish()).nickName).toBe('Again');
    expect(dataOf(await info(t.app, user.token)).nickName).toBe('Again');
  });

  test('SESSION_CACHE_SECONDS=0 turns it off', async () => {
    const off = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const user = await loginAs(off, USER_TYPE.CUSTOMER);
      for (let i = 0; i < 3; i++) await info(off.app, user.token);
      expect(off.app.sessionCache.stats.hits).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  let other: { app: App; db: Db };
  beforeAll(async () => {
    const db = await createDb({ databaseUrl: t.config.databaseUrl!, dataDir: '', poolSize: 4 });
    const app = await buildApp({ config: t.config, db, logger: false });
    await app.ready();
    other = { app, db };
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.db.close();
  });

  test("the other process's logout, balance change and disabling reach this one", async () => {
    const admin = await loginAs(t, USER_TYPE.ADMIN);
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    const second = await createUser(t.db);
    const secondToken = await login(t, second.username, second.password);
    for (const token of [user.token, secondToken]) {
      await info(t.app, token);
      await info(t.app, token);
    }

    await other.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/balance`,
      headers: authed(admin.token),
      payload: { type: 'reward', amount: '3', note: 'other process', requestId: randomUUID() },
    });
    await eventually(async () => expect(dataOf(await info(t.app, user.token)).balance).toBe('3.000000'));

    await other.app.inject({ method: 'POST', url: '/api/authSms/logout', headers: authed(secondToken) });
    await eventually(async () => {
      expectErrorEnvelope(await info(t.app, secondToken), 401, 'TOKEN_INVALID');
    });

    await other.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.userId}/status`,
      headers: authed(admin.token),
      payload: { enabled: false },
    });
    await eventually(async () => {
      expectErrorEnvelope(await info(t.app, user.token), 401, 'TOKEN_INVALID');
    });
  });

  test('while its listener is cut off, nothing is answered from memory; it reconnects', async () => {
    const user = await loginAs(t, USER_TYPE.CUSTOMER);
    await info(t.app, user.token);
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await eventually(async () => {
        const before = t.app.sessionCache.stats.misses;
        await info(t.app, user.token);
        expect(t.app.sessionCache.stats.misses).toBe(before + 1);
      });
      await eventually(async () => {
        await info(t.app, user.token);
        const before = t.app.sessionCache.stats.hits;
        await info(t.app, user.token);
        expect(t.app.sessionCache.stats.hits).toBe(before + 1);
      });
    } finally {
      await admin.end();
    }
  });
});
