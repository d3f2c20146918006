import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverDueWebhooks } from '../../src/compat/webhooks/webhook-worker';
import { authed, createTestApp, login, type TestApp } from '../helpers';
import { apiUser, compatWorld, sa, smsArrives } from './compat-helpers';

/**
 * The sms-activate-shaped webhook is no proxy into the server's network: a customer cannot save an
 * address of this machine, a private network or cloud metadata in any notation, a URL saved earlier
 * (or a name resolving there) is refused when posted, redirects are never followed, and the error
 * the customer sees says "refused" or "failed", never which port is open or what an internal
 * server answered.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 10);
}, 60_000);
afterAll(() => t.close());

type Receiver = { server: Server; url: string; hits: string[] };
async function receiver(answer: (path: string) => { status: number; location?: string }): Promise<Receiver> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      const { status, location } = answer(req.url ?? '');
      if (location) res.setHeader('location', location);
      res.statusCode = status;
      res.end('internal page');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}
const closeAll = (...servers: Receiver[]) =>
  Promise.all(servers.map((r) => new Promise((done) => r.server.close(done))));

async function customer() {
  const u = await apiUser(t.db);
  const token = await login(t, u.username, u.password);
  const put = (webhookUrl: string, locale = 'zh-CN') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/compat/settings',
      headers: { ...authed(token), 'x-locale': locale },
      payload: { webhookUrl },
    });
  const settings = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/compat/settings', headers: authed(token) })).json().data;
  /** An SMS reaches a new activation of this customer, queueing one webhook to `url`. */
  const smsFor = async (url: string) => {
    await t.db.query(
      `insert into compat_settings (user_id, webhook_url) values ($1, $2)
       on conflict (user_id) do update set webhook_url = excluded.webhook_url`,
      [u.userId, url],
    );
    const answer = await sa(t, {
      api_key: u.apiKey,
      action: 'getNumber',
      service: world.appCode,
      country: 187,
    });
    const id = Number(answer.split(':')[1]);
    await smsArrives(t, id, 'Your code 424242', '424242');
  };
  return { u, put, settings, smsFor };
}

describe('compat webhook address on save', () => {
  const refused = [
    'http://127.0.0.1:8080/hook',
    'http://127.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://localhost:3000/',
    'http://localhost./',
    'http://api.localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/',
    'http://10.0.0.5/',
    'http://172.16.3.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:7f00:1::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
  ];
  test('every notation of loopback, private, link-local and metadata addresses is refused, nothing saved', async () => {
    const c = await customer();
    const blocked = 'The webhook URL may not point to this machine, a private network or a reserved address';
    for (const url of refused) {
      const res = await c.put(url, 'en-US');
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status: 400,
        message: blocked,
      });
    }
    expect((await c.put('http://[::1]:9/', 'zh-CN')).json().message).toBe(
      '回调地址不能指向本机、内网或保留地址',
    );
    expect((await c.settings()).webhookUrl).toBe('');
    const ok = await c.put('https://hooks.example.com/sms');
    expect(ok.statusCode).toBe(200);
    expect((await c.settings()).webhookUrl).toBe('https://hooks.example.com/sms');
  });
});

describe('compat webhook posts', () => {
  test('a loopback URL saved before the check, or a name resolving to loopback, receives nothing: "refused"', async () => {
    const inside = await receiver(() => ({ status: 200 }));
    try {
      for (const url of [`${inside.url}/admin`, inside.url.replace('127.0.0.1', 'localhost')]) {
        const c = await customer();
        await c.smsFor(url);
        expect(await deliverDueWebhooks(t.db, { allowPrivate: false })).toBe(1);
        expect(inside.hits).toEqual([]);
        expect(await c.settings()).toMatchObject({ lastError: 'refused', pendingDeliveries: 1 });
      }
    } finally {
      await closeAll(inside);
    }
  });

  test('redirects are not followed; an open port answering 500 and a closed port both read "failed"', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const redirector = await receiver(() => ({ status: 302, location: `${target.url}/metadata` }));
    const erroring = await receiver(() => ({ status: 500 }));
    const closed = await receiver(() => ({ status: 200 }));
    await closeAll(closed);
    try {
      const errors: string[] = [];
      for (const url of [redirector.url, erroring.url, closed.url]) {
        const c = await customer();
        await c.smsFor(url);
        // Private addresses allowed here only so the fake servers on 127.0.0.1 can be reached at all.
        expect(await deliverDueWebhooks(t.db, { allowPrivate: true })).toBe(1);
        errors.push((await c.settings()).lastError);
      }
      expect(redirector.hits).toHaveLength(1);
      expect(erroring.hits).toHaveLength(1);
      expect(target.hits).toEqual([]);
      expect(errors).toEqual(['failed', 'failed', 'failed']);
    } finally {
      await closeAll(target, redirector, erroring);
    }
  });
});
