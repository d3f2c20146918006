import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { createDb, type Db } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers';
import { type StoreWorld, storeWorld } from '../store/store-helpers';
import { customerWithRentals, setSettings, smsSoon } from './code-helpers';

/**
 * Two server instances on one PostgreSQL database, as two processes behind a load balancer: each has
 * its own pool and its own LISTEN connection. An SMS stored through one instance's connection wakes a
 * long-poll waiting on the other. (PGlite serves one process only, so this runs on PostgreSQL.)
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('two server instances', () => {
  let t: TestApp;
  let world: StoreWorld;
  let otherDb: Db;
  let other: App;

  beforeAll(async () => {
    t = await createTestApp({ CODE_LINK_LIMIT_PER_MINUTE: '1000' });
    world = await storeWorld(t.db);
    otherDb = await createDb({ databaseUrl: t.config.databaseUrl, dataDir: 'unused', poolSize: 2 });
    other = await buildApp({ config: t.config, db: otherDb, logger: false });
    await other.ready();
  }, 30_000);
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await t?.close();
  }, 30_000);

  test('a long-poll on one instance answers when the SMS is stored through the other', async () => {
    const { b, rentals } = await customerWithRentals(t, world);
    await setSettings(b, { answerFormat: 'code' });
    const started = Date.now();
    const [res] = await Promise.all([
      other.inject({ method: 'GET', url: `/api/code/${rentals[0]!.token}?wait=30` }),
      smsSoon(t.db, rentals[0]!.id, 400, { text: 'Your code: 735511', code: '735511' }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('735511');
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  test('the rate limit of a link is one count for both instances', async () => {
    const limited = await createTestApp({ CODE_LINK_LIMIT_PER_MINUTE: '6' });
    const secondDb = await createDb({
      databaseUrl: limited.config.databaseUrl,
      dataDir: 'unused',
      poolSize: 2,
    });
    const second = await buildApp({ config: limited.config, db: secondDb, logger: false });
    try {
      const w = await storeWorld(limited.db);
      const { rentals } = await customerWithRentals(limited, w);
      const url = `/api/code/${rentals[0]!.token}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? second : limited.app).inject({ method: 'GET', url })),
      );
      const allowed = answers.filter((r) => r.statusCode === 200).length;
      expect(allowed).toBeLessThanOrEqual(6);
      expect(allowed).toBeGreaterThanOrEqual(1);
      expect(answers.filter((r) => r.statusCode === 429).length).toBe(10 - allowed);
    } finally {
      await second.close();
      await secondDb.close();
      await limited.close();
    }
  }, 30_000);
});

test.skipIf(onPostgres)('(two-instance tests run on PostgreSQL only)', () => {
  expect(onPostgres).toBe(false);
});
