import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { MassSmsWorker } from '../../src/modules/mass-sms/worker';
import { createTestApp, type TestApp } from '../helpers';
import { FakeSmsc } from '../smpp/support/fake-smsc';
import { waitFor } from '../smpp/support/wait';
import { confirmOk, numbers, sender } from './support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof sender>>;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await sender(t, '100');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t.db.query('delete from sms_connectors');
});
afterAll(() => t.close());

describe("a connector's msg/s limit", () => {
  it('holds for two worker processes bound to it together (one bucket in the database)', async () => {
    const rate = 20;
    const burst = Math.ceil(rate / 10);
    const count = 60;
    const smsc = await FakeSmsc.start();
    cleanups.push(() => smsc.close());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mass-sms/connectors',
      headers: admin.headers,
      payload: {
        kind: 'smpp',
        name: 'limited',
        password: 'secret',
        throughputPerSecond: rate,
        config: { host: '127.0.0.1', port: smsc.port, systemId: 'jiema', window: 10 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    let second: Db = t.db;
    if (t.config.databaseUrl) {
      second = await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 3 });
      cleanups.push(() => second.close());
    }
    const workers = [t.db, second].map((db) => {
      const worker = new MassSmsWorker({ db, pollMs: 20, batchSize: 10, connectorsPollMs: 100 });
      cleanups.push(() => worker.stop());
      return worker;
    });
    // The bucket is made by the first take, after this: no submit can be granted before it.
    const startedAt = Date.now();
    await Promise.all(workers.map((w) => w.start()));
    await waitFor('both bound', () => smsc.boundSessions.length === 2, 10_000);
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(count, 79920000000),
      content: 'paced',
    });
    await waitFor(
      'all submitted',
      async () => {
        const rows = await t.db.query<{ n: number }>(
          `select count(*)::int as n from sms_outbound where campaign_id = $1 and status = 'sent'`,
          [campaign.id],
        );
        return rows[0]!.n === count;
      },
      30_000,
    );
    const lastAt = Date.now();
    expect(smsc.submits).toHaveLength(count);
    // At most `burst` + `rate` per second since the bucket began, whatever both processes did (each
    // with a bucket of its own would have needed half of this). A slow machine only makes it longer.
    expect(lastAt - startedAt).toBeGreaterThanOrEqual(((count - burst) / rate) * 1000);
    const shared = await t.db.query<{ n: number }>('select count(*)::int as n from sms_connector_rates');
    expect(shared[0]!.n).toBe(1);
  }, 60_000);
});
