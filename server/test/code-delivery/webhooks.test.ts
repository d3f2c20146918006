import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWebhookWorker } from '../../src/modules/code-delivery/webhook-worker';
import { createTestApp, type TestApp } from '../helpers';
import { dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';
import { customerWithRentals, setSettings, smsTo } from './code-helpers';
import { signatureValid, startReceiver } from './webhook-receiver';

let t: TestApp;
let world: StoreWorld;

beforeAll(async () => {
  t = await createTestApp({ CODE_WEBHOOK_ALLOW_PRIVATE: 'on' });
  world = await storeWorld(t.db);
}, 30_000);
afterAll(() => t?.close());

/** Two workers, as two server processes would run them, with quick retries and a short timeout. */
function twoWorkers(maxAttempts = 6, timeoutMs = 5000) {
  const options = { maxAttempts, retryBaseMs: 150, timeoutMs, allowPrivate: true, pollMs: 50 };
  const workers = [createWebhookWorker(t.db, options), createWebhookWorker(t.db, options)];
  for (const w of workers) w.start();
  return { stop: () => Promise.all(workers.map((w) => w.stop())) };
}

type Delivery = {
  id: number;
  status: string;
  attempts: number;
  lastHttpStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('customer webhooks', () => {
  test('a code is POSTed signed; a 500 and a timeout are retried; the success is logged once', async () => {
    const receiver = await startReceiver((_, attempt) =>
      attempt === 1 ? 500 : attempt === 2 ? 'hang' : 200,
    );
    const workers = twoWorkers();
    try {
      const { b, rentals } = await customerWithRentals(t, world);
      const { webhookSecret } = await setSettings(b, { webhookUrl: receiver.url, timeZone: 'Asia/Shanghai' });
      const smsId = await smsTo(t.db, rentals[0]!.id, {
        text: 'Telegram code 31415',
        code: '31415',
        sender: 'Telegram',
      });
      const log = () =>
        b
          .call({ method: 'GET', url: '/api/code-settings/deliveries' })
          .then((r) => dataOf<{ list: Delivery[] }>(r).list);
      const [delivery] = await until(log, (l) => l[0]?.status === 'delivered');
      expect(delivery).toMatchObject({
        status: 'delivered',
        attempts: 3,
        lastHttpStatus: 200,
        lastError: null,
        nextAttemptAt: null,
      });
      expect(receiver.received.map((r) => r.answered)).toEqual([500, 'hang', 200]);
      for (const r of receiver.received) {
        expect(signatureValid(webhookSecret!, r)).toBe(true);
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['x-jiema-event']).toBe('code.received');
      }
      expect(signatureValid('whsec_wrong', receiver.received[2]!)).toBe(false);
      expect(JSON.parse(receiver.received[2]!.body)).toMatchObject({
        event: 'code.received',
        deliveryId: delivery!.id,
        smsId,
        rentalId: rentals[0]!.id,
        number: rentals[0]!.phoneNumber,
        application: world.appCode,
        sender: 'Telegram',
        text: 'Telegram code 31415',
        code: '31415',
      });
      expect(JSON.parse(receiver.received[2]!.body).time).toMatch(/\+08:00$/);
      // Nothing more is sent once delivered.
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await workers.stop();
      await receiver.close();
    }
  }, 40_000);

  test('under two workers every code is POSTed once; an SMS without a code or an owner without a URL sends nothing', async () => {
    const receiver = await startReceiver(() => 200);
    const workers = twoWorkers();
    try {
      const { b, rentals } = await customerWithRentals(t, world, 3);
      await setSettings(b, { webhookUrl: receiver.url });
      const quiet = await customerWithRentals(t, world);
      await smsTo(t.db, quiet.rentals[0]!.id, { code: '999999' });
      for (let i = 0; i < 24; i += 1)
        await smsTo(t.db, rentals[i % 3]!.id, { text: `code ${100000 + i}`, code: String(100000 + i) });
      await smsTo(t.db, rentals[0]!.id, { text: 'Welcome!', code: null });
      const rows = await until(
        () =>
          t.db.query<{ status: string; attempts: number }>(
            'select status, attempts from code_webhook_deliveries where user_id = $1',
            [b.userId],
          ),
        (r) => r.length === 24 && r.every((d) => d.status === 'delivered'),
      );
      expect(rows.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
      const ids = receiver.received.map((r) => r.deliveryId);
      expect(ids).toHaveLength(24);
      expect(new Set(ids).size).toBe(24);
      expect(receiver.received.map((r) => JSON.parse(r.body).code).sort()).toEqual(
        Array.from({ length: 24 }, (_, i) => String(100000 + i)).sort(),
      );
    } finally {
      await workers.stop();
      await receiver.close();
    }
  }, 40_000);

  test('after the last try the delivery fails, with its last status shown in the log', async () => {
    const receiver = await startReceiver(() => 503);
    const workers = twoWorkers(2);
    try {
      const { b, rentals } = await customerWithRentals(t, world);
      await setSettings(b, { webhookUrl: receiver.url });
      await smsTo(t.db, rentals[0]!.id, { code: '271828' });
      const log = () =>
        b
          .call({ method: 'GET', url: '/api/code-settings/deliveries' })
          .then((r) => dataOf<{ list: Delivery[] }>(r).list);
      const [delivery] = await until(log, (l) => l[0]?.status === 'failed');
      expect(delivery).toMatchObject({
        status: 'failed',
        attempts: 2,
        lastHttpStatus: 503,
        lastError: 'failed',
      });
      expect(receiver.received).toHaveLength(2);
    } finally {
      await workers.stop();
      await receiver.close();
    }
  }, 40_000);

  test('a worker never posts to a blocked address when private addresses are not allowed', async () => {
    const receiver = await startReceiver(() => 200);
    const strict = createWebhookWorker(t.db, {
      maxAttempts: 1,
      retryBaseMs: 100,
      timeoutMs: 600,
      allowPrivate: false,
      pollMs: 50,
    });
    try {
      const { b, rentals } = await customerWithRentals(t, world);
      await setSettings(b, { webhookUrl: receiver.url });
      await smsTo(t.db, rentals[0]!.id, { code: '161803' });
      await strict.runOnce();
      const [row] = await t.db.query<{ status: string; last_error: string }>(
        'select status, last_error from code_webhook_deliveries where user_id = $1',
        [b.userId],
      );
      expect(row).toEqual({ status: 'failed', last_error: 'refused' });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.stop();
      await receiver.close();
    }
  }, 40_000);
});
