import { afterAll, beforeAll, expect, test } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrations';
import { ADMIN, authed, createTestApp, login, loginAs, type TestApp } from '../helpers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t, ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

const readyz = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/readyz', headers: token ? authed(token) : {} });

test('ready with the database up, every migration applied and no worker left to start', async () => {
  const res = await readyz();
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ready' });
});

test('not ready until main has started the workers it runs; details for administrators only', async () => {
  t.app.readiness.workers = ['rental-sweeper', 'mass-sms'];
  try {
    const anonymous = await readyz();
    expect(anonymous.statusCode).toBe(503);
    expect(anonymous.json()).toEqual({ status: 'not_ready' });
    const customer = await loginAs(t, 2);
    expect((await readyz(customer.token)).json()).toEqual({ status: 'not_ready' });

    const admin = (await readyz(adminToken)).json();
    expect(admin).toMatchObject({
      status: 'not_ready',
      ready: false,
      database: { ok: true, kind: t.db.kind },
      migrations: { applied: MIGRATIONS.length, expected: MIGRATIONS.length, pending: [] },
      workers: { started: false, names: ['rental-sweeper', 'mass-sms'] },
    });
    t.app.readiness.workersStarted = true;
    expect((await readyz()).statusCode).toBe(200);
  } finally {
    t.app.readiness.workers = [];
    t.app.readiness.workersStarted = false;
  }
});

test('not ready while a migration of this build is missing from the database', async () => {
  const last = MIGRATIONS.at(-1)!.id;
  await t.db.query('delete from schema_migrations where id = $1', [last]);
  try {
    expect((await readyz()).statusCode).toBe(503);
    expect((await readyz(adminToken)).json().migrations).toEqual({
      applied: MIGRATIONS.length - 1,
      expected: MIGRATIONS.length,
      pending: [last],
    });
  } finally {
    await t.db.query('insert into schema_migrations (id) values ($1)', [last]);
  }
});
