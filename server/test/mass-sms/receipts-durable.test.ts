import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MassSmsWorker } from '../../src/modules/mass-sms/worker';
import { createTestApp, type TestApp } from '../helpers';
import { FakeSmsc } from '../smpp/support/fake-smsc';
import { waitFor } from '../smpp/support/wait';
import { confirmOk, httpConnector, sender } from './support';

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

async function setup() {
  const smsc = await FakeSmsc.start();
  cleanups.push(() => smsc.close());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/mass-sms/connectors',
    headers: admin.headers,
    payload: {
      kind: 'smpp',
      name: `smsc-${smsc.port}`,
      password: 'secret',
      config: { host: '127.0.0.1', port: smsc.port, systemId: 'jiema', window: 5 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { smsc, connectorId: (res.json().data as { id: number }).id };
}

function startWorker() {
  const worker = new MassSmsWorker({ db: t.db, pollMs: 30, batchSize: 25, connectorsPollMs: 100 });
  cleanups.push(() => worker.stop());
  return worker;
}

/**
 * The receipt the fake SMSC will owe for its first submit (it answers 1a2b3c00, then counts up), sent
 * before that submit: it cannot match anything yet, so only a stored receipt can ever be applied.
 */
async function earlyReceipt(smsc: FakeSmsc) {
  const decimal = BigInt('0x1a2b3c00').toString(10);
  const resp = await smsc.deliver({
    esm_class: 0x04,
    short_message: `id:${decimal} sub:001 dlvrd:001 submit date:2611231200 done date:2611231201 stat:DELIVRD err:000 text:`,
  });
  expect(resp.command_status).toBe(0);
}

async function expectDeliveredFromStoredReceipt(smsc: FakeSmsc, connectorId: number) {
  const campaign = await confirmOk(t, admin.headers, { recipientsText: '+79930000001', content: 'hi' });
  const worker = startWorker();
  await worker.start();
  const [message] = await waitFor(
    'delivered',
    async () => {
      const rows = await t.db.query<{ id: string; status: string }>(
        `select id::text as id, status from sms_outbound where campaign_id = $1 and status = 'delivered'`,
        [campaign.id],
      );
      return rows.length ? rows : null;
    },
    15_000,
  );
  expect(smsc.submits).toHaveLength(1);
  const reports = await t.db.query<{ message_id: string | null; pending: boolean }>(
    `select message_id::text as message_id, pending from sms_delivery_reports where connector_id = $1`,
    [connectorId],
  );
  expect(reports).toEqual([{ message_id: message!.id, pending: false }]);
}

describe('delivery receipts are stored before they are acknowledged', () => {
  it('a receipt acknowledged before its message was known is applied by another worker later', async () => {
    const { smsc, connectorId } = await setup();
    const first = startWorker();
    await first.start();
    await earlyReceipt(smsc);
    await first.stop();
    await expectDeliveredFromStoredReceipt(smsc, connectorId);
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: a worker process killed with SIGKILL after answering a deliver_sm loses no receipt',
    async () => {
      const { smsc, connectorId } = await setup();
      const script = fileURLToPath(new URL('./support/worker-process.ts', import.meta.url));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', script, t.config.databaseUrl!, String(connectorId)],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('child never bound')), 20_000);
          child.stdout!.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('bound')) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        await earlyReceipt(smsc);
        child.kill('SIGKILL');
        await exited;
      } finally {
        child.kill('SIGKILL');
      }
      await expectDeliveredFromStoredReceipt(smsc, connectorId);
    },
    60_000,
  );
});

describe('an HTTP provider’s delivery status that arrives before its send is recorded', () => {
  it('is kept pending and applied once the send is recorded', async () => {
    let connectorId = 0;
    // The provider reports the delivery, and waits for our answer, before it even answers the send:
    // the worker cannot have recorded the send yet, whatever the machine's speed.
    const provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', async () => {
        const { reference } = JSON.parse(raw) as { reference: string };
        const status = await t.app.inject({
          method: 'POST',
          url: `/api/mass-sms/status/${connectorId}`,
          headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
          payload: JSON.stringify({ id: `prov-${reference}`, status: 'delivered' }),
        });
        expect(status.json().data).toEqual({ applied: false });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `prov-${reference}` }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => provider.close(resolve)));
    connectorId = await httpConnector(t, admin.headers, provider, { name: 'early reporter' });
    const campaign = await confirmOk(t, admin.headers, { recipientsText: '+79930000002', content: 'early' });
    const worker = startWorker();
    await worker.start();
    const [message] = await waitFor(
      'delivered',
      async () => {
        const rows = await t.db.query<{ id: string }>(
          `select id::text as id from sms_outbound where campaign_id = $1 and status = 'delivered'`,
          [campaign.id],
        );
        return rows.length ? rows : null;
      },
      15_000,
    );
    const reports = await t.db.query<{ message_id: string | null; pending: boolean }>(
      'select message_id::text as message_id, pending from sms_delivery_reports where connector_id = $1',
      [connectorId],
    );
    expect(reports).toEqual([{ message_id: message!.id, pending: false }]);
  });
});
