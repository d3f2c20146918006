import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverDueWebhooks } from '../../src/compat/webhooks/webhook-worker';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { authed, createTestApp, login, type TestApp } from '../helpers';
import {
  balanceOf,
  entriesOf,
  expectLedgerConsistent,
  expectNoDoubleHolding,
  purchaseBody,
} from '../store/store-helpers';
import { apiUser, compatWorld, fiveSim, sa, smsArrives } from './compat-helpers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  // Private addresses allowed: the fake receiver listens on 127.0.0.1 (webhook-guard.test.ts refuses them).
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0', CODE_WEBHOOK_ALLOW_PRIVATE: 'on' });
  world = await compatWorld(t.db, 10);
}, 60_000);
afterAll(() => t.close());

/** The customer in the web app, signed in. */
async function web(u: { username: string; password: string }) {
  const token = await login(t, u.username, u.password);
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authed(token), ...(payload ? { payload } : {}) });
}

describe('journeys: one stock, one ledger, one lifecycle', () => {
  test('sms-activate buy → an SMS arrives → status shows the code, the web app too → finish', async () => {
    const u = await apiUser(t.db);
    const id = Number(
      (await sa(t, { api_key: u.apiKey, action: 'getNumber', service: world.appCode, country: 187 })).split(
        ':',
      )[1],
    );
    const app = await web(u);
    const listed = (await app('GET', '/api/rentals')).json().data.list;
    expect(listed.map((r: { id: number }) => r.id)).toContain(id);
    await smsArrives(t, id, 'Your Telegram code 24680', '24680');
    expect(await sa(t, { api_key: u.apiKey, action: 'getStatus', id })).toBe('STATUS_OK:24680');
    expect((await app('GET', `/api/rentals/${id}`)).json().data.latestCode).toBe('24680');
    expect(await sa(t, { api_key: u.apiKey, action: 'setStatus', id, status: 6 })).toBe('ACCESS_ACTIVATION');
    expect((await app('GET', `/api/rentals/${id}`)).json().data.status).toBe('finished');
  });

  test('bought in the web store: seen by 5sim and sms-activate, cancelled through 5sim', async () => {
    const u = await apiUser(t.db);
    const app = await web(u);
    const order = (await app('POST', '/api/store/orders', purchaseBody(world))).json().data;
    const rentalId = order.phones[0].rentalId;
    const orders = (await fiveSim(t, u.apiKey)('GET', '/user/orders')).json();
    expect(orders.Data.map((o: { id: number }) => o.id)).toEqual([rentalId]);
    expect(await sa(t, { api_key: u.apiKey, action: 'getStatus', id: rentalId })).toBe('STATUS_WAIT_CODE');
    await t.db.query("update rentals set starts_at = now() - interval '3 minutes' where id = $1", [rentalId]);
    expect((await fiveSim(t, u.apiKey)('GET', `/user/cancel/${rentalId}`)).json().status).toBe('CANCELED');
    expect((await app('GET', `/api/rentals/${rentalId}`)).json().data.status).toBe('cancelled');
    expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
  });

  test('timeout: the sweep refunds once; both protocols say so', async () => {
    const u = await apiUser(t.db);
    const id = Number(
      (await sa(t, { api_key: u.apiKey, action: 'getNumber', service: world.appCode, country: 187 })).split(
        ':',
      )[1],
    );
    await t.db.query("update rentals set expires_at = now() - interval '1 second' where id = $1", [id]);
    await sweepRentals(t.db, { cooldownMinutes: 10 });
    await sweepRentals(t.db, { cooldownMinutes: 10 });
    expect(await sa(t, { api_key: u.apiKey, action: 'getStatus', id })).toBe('STATUS_CANCEL');
    expect((await fiveSim(t, u.apiKey)('GET', `/user/check/${id}`)).json().status).toBe('TIMEOUT');
    expect(await entriesOf(t.db, `refund:rental:${id}`)).toHaveLength(1);
    expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
    await expectLedgerConsistent(t.db);
  });

  test('the web store and both protocols buying at once: nothing sold twice', async () => {
    const own = await compatWorld(t.db, 0);
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix, source)
       select '+4420' || lpad(g::text, 8, '0'), 'GB', o.id, '+44200', 'test'
       from operators o, generate_series(1, 6) g where o.country_code = 'GB' and o.code = 'any'`,
    );
    const buyers = await Promise.all(Array.from({ length: 6 }, () => apiUser(t.db)));
    const webBuyers = await Promise.all(buyers.slice(0, 2).map((b) => web(b)));
    const attempts = [
      ...webBuyers.flatMap((app) =>
        [1, 2, 3].map(() =>
          app('POST', '/api/store/orders', purchaseBody(own, { countryCode: 'GB' })).then(
            (r) => r.statusCode === 200,
          ),
        ),
      ),
      ...buyers
        .slice(2, 4)
        .flatMap((b) =>
          [1, 2, 3].map(() =>
            sa(t, { api_key: b.apiKey, action: 'getNumber', service: own.appCode, country: 16 }).then((a) =>
              a.startsWith('ACCESS_NUMBER'),
            ),
          ),
        ),
      ...buyers
        .slice(4, 6)
        .flatMap((b) =>
          [1, 2, 3].map(() =>
            fiveSim(t, b.apiKey)('GET', `/user/buy/activation/england/any/${own.product}`).then(
              (r) => r.statusCode === 200,
            ),
          ),
        ),
    ];
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(6);
    const [sold] = await t.db.query<{ n: number; numbers: number }>(
      `select count(*)::int as n, count(distinct phone_number_id)::int as numbers from rentals where application_id = $1`,
      [own.appId],
    );
    expect(sold).toEqual({ n: 6, numbers: 6 });
    await expectNoDoubleHolding(t.db);
    await expectLedgerConsistent(t.db);
  });
});

describe('the sms-activate-shaped webhook', () => {
  test("set on the profile, posted on SMS arrival in sms-activate's JSON; a failing endpoint is retried later", async () => {
    const received: unknown[] = [];
    let fail = true;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.statusCode = fail ? 500 : 200;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const u = await apiUser(t.db);
      const app = await web(u);
      const bad = await app('PUT', '/api/compat/settings', { webhookUrl: 'ftp://example.com' });
      expect(bad.statusCode).toBe(400);
      const saved = await app('PUT', '/api/compat/settings', { webhookUrl: url });
      expect(saved.json().data).toEqual({ webhookUrl: url, pendingDeliveries: 0, lastError: null });

      const id = Number(
        (await sa(t, { api_key: u.apiKey, action: 'getNumber', service: world.appCode, country: 187 })).split(
          ':',
        )[1],
      );
      await smsArrives(t, id, 'Your code 777111', '777111');
      expect(await deliverDueWebhooks(t.db, { allowPrivate: true })).toBe(1);
      const expected = {
        activationId: id,
        service: world.appCode,
        text: 'Your code 777111',
        code: '777111',
        country: 187,
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      };
      expect(received).toEqual([expected]);
      const pending = (await app('GET', '/api/compat/settings')).json().data;
      expect(pending).toEqual({ webhookUrl: url, pendingDeliveries: 1, lastError: 'failed' });
      expect(await deliverDueWebhooks(t.db, { allowPrivate: true })).toBe(0);

      fail = false;
      await t.db.query('update compat_webhook_outbox set next_attempt_at = now() where user_id = $1', [
        u.userId,
      ]);
      expect(await deliverDueWebhooks(t.db, { allowPrivate: true })).toBe(1);
      expect(received).toEqual([expected, expected]);
      expect((await app('GET', '/api/compat/settings')).json().data.pendingDeliveries).toBe(0);
      expect(await deliverDueWebhooks(t.db, { allowPrivate: true })).toBe(0);
    } finally {
      server.close();
    }
  });
});
