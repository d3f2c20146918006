import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { maintain } from '../../src/modules/mass-sms/queue.repository';
import { MassSmsWorker } from '../../src/modules/mass-sms/worker';
import { createTestApp, type TestApp } from '../helpers';
import { FakeSmsc } from '../smpp/support/fake-smsc';
import { waitFor } from '../smpp/support/wait';
import { balanceOf, confirmOk, httpConnector, numbers, sender } from './support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof sender>>;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await sender(t, '1000');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t.db.query('delete from sms_connectors');
});
afterAll(() => t.close());

async function smscConnector(smsc: FakeSmsc, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/mass-sms/connectors',
    headers: admin.headers,
    payload: {
      kind: 'smpp',
      name: `smsc-${smsc.port}`,
      password: 'secret',
      defaultSenderId: 'Jiema',
      config: { host: '127.0.0.1', port: smsc.port, systemId: 'jiema', window: 20 },
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

function startWorker(db: Db = t.db) {
  const worker = new MassSmsWorker({
    db,
    pollMs: 30,
    batchSize: 25,
    retryBaseMs: 100,
    retryMaxMs: 500,
    connectorsPollMs: 100,
  });
  cleanups.push(() => worker.stop());
  return worker;
}

async function startSmsc() {
  const smsc = await FakeSmsc.start();
  cleanups.push(() => smsc.close());
  return smsc;
}

const countsOf = async (campaignId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/mass-sms/campaigns/${campaignId}`,
      headers: admin.headers,
    })
  ).json().data as { status: string; counts: Record<string, number>; progress: number };

/** Destination → parts the SMSC accepted (by UDH sequence, 1 without UDH). */
function submitsPerDestination(smsc: FakeSmsc) {
  const seen = new Map<string, number>();
  for (const pdu of smsc.submits) {
    const key = String(pdu.destination_addr);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return seen;
}

describe('delivery over SMPP', () => {
  it('sends a campaign (long texts split), every message delivered from the SMSC’s decimal-id receipts', async () => {
    const smsc = await startSmsc();
    smsc.receiptStat = 'DELIVRD';
    await smscConnector(smsc);
    const worker = startWorker();
    await worker.start();
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(30),
      content: `Sale {x} ${'€'.repeat(80)}`.replace('{x}', 'now'),
    });
    const done = await waitFor(
      'all delivered',
      async () => {
        const c = await countsOf(campaign.id);
        return c.status === 'completed' && c.counts.delivered === 30 ? c : null;
      },
      20_000,
    );
    expect(done.progress).toBe(1);
    const perDestination = submitsPerDestination(smsc);
    expect(perDestination.size).toBe(30);
    for (const parts of perDestination.values()) expect(parts).toBe(2);
    const reports = await t.db.query<{ n: number }>(
      `select count(*)::int as n from sms_delivery_reports r join sms_outbound o on o.id = r.message_id where o.campaign_id = $1`,
      [campaign.id],
    );
    expect(reports[0]!.n).toBe(60);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/mass-sms/messages?campaignId=${campaign.id}&pageSize=1`,
        headers: admin.headers,
      })
    ).json().data;
    expect(history.list[0]).toMatchObject({
      status: 'delivered',
      segments: 2,
      encoding: 'gsm7',
      attempts: 1,
    });
    expect(history.list[0].externalIds).toHaveLength(2);
  });

  it('the SMSC drops mid-campaign: the link reconnects, nothing is lost, nothing is sent twice', async () => {
    const smsc = await startSmsc();
    smsc.receiptStat = 'DELIVRD';
    smsc.dropAtSubmit = 25;
    await smscConnector(smsc);
    const worker = startWorker();
    await worker.start();
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(80, 79950000000),
      content: 'hello',
    });
    await waitFor('all delivered', async () => (await countsOf(campaign.id)).counts.delivered === 80, 30_000);
    expect(smsc.binds.filter((b) => b.ok).length).toBeGreaterThanOrEqual(2);
    const perDestination = submitsPerDestination(smsc);
    expect(perDestination.size).toBe(80);
    expect([...perDestination.values()].every((n) => n === 1)).toBe(true);
  });

  it('two worker processes share the queue: each message submitted once', async () => {
    const smsc = await startSmsc();
    smsc.receiptStat = 'DELIVRD';
    await smscConnector(smsc);
    let second: Db = t.db;
    if (t.config.databaseUrl) {
      second = await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 5 });
      cleanups.push(() => second.close());
    }
    const a = startWorker();
    const b = startWorker(second);
    await Promise.all([a.start(), b.start()]);
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(300, 79940000000),
      content: 'shared',
    });
    await waitFor(
      'all delivered',
      async () => (await countsOf(campaign.id)).counts.delivered === 300,
      30_000,
    );
    const perDestination = submitsPerDestination(smsc);
    expect(perDestination.size).toBe(300);
    expect([...perDestination.values()].every((n) => n === 1)).toBe(true);
    // Both processes bound (each keeps its own bind).
    expect(smsc.binds.filter((x) => x.ok).length).toBeGreaterThanOrEqual(2);
  });

  it('a batch slower to send than its lease keeps its claim: no message is claimed again and sent twice', async () => {
    const smsc = await startSmsc();
    smsc.receiptStat = 'DELIVRD';
    // 10 msg/s for 40 messages: each loop's batch takes ~2–3 s to go out, against a lease of 1 s.
    await smscConnector(smsc, { throughputPerSecond: 10 });
    const worker = new MassSmsWorker({
      db: t.db,
      pollMs: 30,
      batchSize: 25,
      loops: 2,
      leaseSeconds: 1,
      retryBaseMs: 100,
      retryMaxMs: 500,
      connectorsPollMs: 100,
    });
    cleanups.push(() => worker.stop());
    await worker.start();
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(40, 79960000000),
      content: 'slow',
    });
    // Before the fix the lease ran out mid-batch: 197 submits for 40 messages, some claimed 13 times.
    await waitFor('all delivered', async () => (await countsOf(campaign.id)).counts.delivered === 40, 20_000);
    const perDestination = submitsPerDestination(smsc);
    expect(perDestination.size).toBe(40);
    expect([...perDestination.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const attempts = await t.db.query<{ attempts: number }>(
      'select distinct attempts from sms_outbound where campaign_id = $1',
      [campaign.id],
    );
    expect(attempts.map((row) => row.attempts)).toEqual([1]);
  });

  it('per-part receipts combine: delivered only when every part is; one failed part fails the message', async () => {
    const smsc = await startSmsc();
    const connector = await smscConnector(smsc);
    const worker = startWorker();
    await worker.start();
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(2, 79930000000),
      content: 'я'.repeat(100),
    });
    const rows = await waitFor(
      'sent',
      async () => {
        const r = await t.db.query<{ id: string; phone: string; external_ids: string[]; status: string }>(
          'select id::text as id, phone, external_ids, status from sms_outbound where campaign_id = $1 order by phone',
          [campaign.id],
        );
        return r.every((x) => x.status === 'sent') ? r : null;
      },
      10_000,
    );
    const [first, second] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const decimal = (hex: string) => BigInt(`0x${hex}`).toString(10);
    const receipt = (id: string, stat: string) => ({
      esm_class: 0x04,
      short_message: `id:${id} sub:001 dlvrd:001 submit date:2611231200 done date:2611231201 stat:${stat} err:000 text:`,
    });
    await smsc.deliver(receipt(decimal(first.external_ids[0]!), 'DELIVRD'));
    await smsc.deliver(receipt(decimal(first.external_ids[0]!), 'DELIVRD')); // a redelivery counts once
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await t.db.query<{ status: string }>('select status from sms_outbound where id = $1', [first.id]))[0]!
        .status,
    ).toBe('sent');
    // The second part's receipt by TLV, id as given (hex), message_state DELIVERED.
    await smsc.deliver({
      esm_class: 0x04,
      receipted_message_id: first.external_ids[1]!,
      message_state: 2,
      short_message: '',
    });
    await smsc.deliver(receipt(decimal(second.external_ids[0]!), 'UNDELIV'));
    await waitFor(
      'receipts applied',
      async () => {
        const r = await t.db.query<{ status: string }>(
          'select status from sms_outbound where campaign_id = $1 order by phone',
          [campaign.id],
        );
        return r[0]!.status === 'delivered' && r[1]!.status === 'failed';
      },
      5_000,
    );
    const failed = await t.db.query<{ error: string; refunded: boolean }>(
      'select error, refunded from sms_outbound where id = $1',
      [second.id],
    );
    // Failed after reaching the SMSC: paid, not refunded; the stat kept.
    expect(failed[0]).toMatchObject({ refunded: false });
    expect(failed[0]!.error).toMatch(/UNDELIV/);
    // Kept raw: on the message when it came with the submit's result, else as a report of its own.
    const raw = await t.db.query<{ raw: { text: string } }>(
      `select receipt as raw from sms_outbound where id = $2 and receipt is not null
       union all select raw from sms_delivery_reports where connector_id = $1 and message_id = $2`,
      [connector.id, second.id],
    );
    expect(raw).toHaveLength(1);
    expect(raw[0]!.raw.text).toMatch(/stat:UNDELIV/);
  });

  it('a scheduled campaign is not sent before its time, then is', async () => {
    const smsc = await startSmsc();
    smsc.receiptStat = 'DELIVRD';
    await smscConnector(smsc);
    const worker = startWorker();
    await worker.start();
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(3, 79920000000),
      content: 'later',
      scheduledAt: new Date(Date.now() + 2_500).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smsc.submits).toHaveLength(0);
    expect((await countsOf(campaign.id)).status).toBe('scheduled');
    await waitFor(
      'delivered after its time',
      async () => (await countsOf(campaign.id)).counts.delivered === 3,
      10_000,
    );
  });

  it('fails over from an HTTP provider answering 503 to the SMPP connector', async () => {
    let httpCalls = 0;
    const http = createServer((req, res) => {
      httpCalls += 1;
      req.resume();
      res.writeHead(503).end('busy');
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => http.close(r)));
    const smsc = await startSmsc();
    smsc.receiptStat = 'DELIVRD';
    await httpConnector(t, admin.headers, http, { name: 'flaky', priority: 1 });
    const smpp = await smscConnector(smsc, { priority: 5 });
    const worker = startWorker();
    await worker.start();
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(5, 79910000000),
      content: 'failover',
    });
    await waitFor(
      'delivered via SMPP',
      async () => (await countsOf(campaign.id)).counts.delivered === 5,
      15_000,
    );
    expect(httpCalls).toBeGreaterThanOrEqual(5);
    const via = await t.db.query<{ connector_id: number }>(
      'select distinct connector_id from sms_outbound where campaign_id = $1',
      [campaign.id],
    );
    expect(via).toEqual([{ connector_id: smpp.id }]);
  });

  it('messages past their validity with no connector fail and are refunded', async () => {
    const s = await sender(t, '10');
    await t.db.query("insert into sms_accounts (user_id, plan) values ($1, 'pro')", [s.userId]);
    const campaign = await confirmOk(t, s.headers, { recipientsText: numbers(4), content: 'x' });
    expect(await balanceOf(t.db, s.userId)).toBe('9.840000');
    await t.db.query(
      "update sms_outbound set expires_at = now() - interval '1 second' where campaign_id = $1",
      [campaign.id],
    );
    await maintain(t.db);
    await maintain(t.db);
    expect(await balanceOf(t.db, s.userId)).toBe('10.000000');
    const c = (
      await t.app.inject({ method: 'GET', url: `/api/mass-sms/campaigns/${campaign.id}`, headers: s.headers })
    ).json().data;
    expect(c).toMatchObject({ status: 'completed', counts: { failed: 4 }, refundedAmount: '0.160000' });
  });

  it('the every-second housekeeping refunds a cancelled campaign once its claims end; validity waits for the minute sweep', async () => {
    const s = await sender(t, '10');
    await t.db.query("insert into sms_accounts (user_id, plan) values ($1, 'pro')", [s.userId]);
    const cancelled = await confirmOk(t, s.headers, { recipientsText: numbers(3), content: 'x' });
    const expired = await confirmOk(t, s.headers, { recipientsText: numbers(2, 79930000000), content: 'y' });
    expect(await balanceOf(t.db, s.userId)).toBe('9.800000');
    // Claimed by a worker when the cancel comes: the cancel leaves them to it.
    await t.db.query(
      "update sms_outbound set claimed_until = now() + interval '1 minute' where campaign_id = $1",
      [cancelled.id],
    );
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/mass-sms/campaigns/${cancelled.id}/cancel`,
      headers: s.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await balanceOf(t.db, s.userId)).toBe('9.800000');
    await t.db.query(
      "update sms_outbound set claimed_until = now() - interval '1 second' where campaign_id = $1",
      [cancelled.id],
    );
    await t.db.query(
      "update sms_outbound set expires_at = now() - interval '1 second' where campaign_id = $1",
      [expired.id],
    );
    await maintain(t.db, { expired: false });
    await maintain(t.db, { expired: false });
    expect(await balanceOf(t.db, s.userId)).toBe('9.920000');
    const statuses = async (id: number) =>
      t.db.query<{ status: string; error: string | null; n: number }>(
        'select status, error, count(*)::int as n from sms_outbound where campaign_id = $1 group by 1, 2',
        [id],
      );
    expect(await statuses(cancelled.id)).toEqual([{ status: 'failed', error: 'cancelled', n: 3 }]);
    expect(await statuses(expired.id)).toEqual([{ status: 'pending', error: null, n: 2 }]);
    // It says how many it failed: a full sweep (LEFTOVERS_PER_SWEEP) makes the worker sweep again at once.
    expect(await maintain(t.db)).toBe(2);
    expect(await statuses(expired.id)).toEqual([{ status: 'failed', error: 'expired', n: 2 }]);
    expect(await balanceOf(t.db, s.userId)).toBe('10.000000');
  });
});

describe('SMS Gateway for Android connector', () => {
  it('posts to the app’s /messages with Basic auth; its signed sms:delivered webhook marks the message delivered', async () => {
    const received: Array<{ auth: string; body: Record<string, unknown> }> = [];
    const phone: Server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ auth: String(req.headers.authorization), body: JSON.parse(data) });
        const body = JSON.parse(data) as { id: string };
        res
          .writeHead(202, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: body.id, state: 'Pending' }));
      });
    });
    await new Promise<void>((r) => phone.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => phone.close(r)));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mass-sms/connectors',
      headers: admin.headers,
      payload: {
        kind: 'android',
        name: 'phone',
        password: 'pw',
        webhookKey: 'signing-key',
        config: {
          baseUrl: `http://127.0.0.1:${(phone.address() as AddressInfo).port}`,
          username: 'sms',
          simNumber: 2,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const connector = res.json().data as {
      id: number;
      webhookPath: string;
      passwordSet: boolean;
      config: Record<string, unknown>;
    };
    expect(connector.passwordSet).toBe(true);
    expect(JSON.stringify(connector)).not.toContain('signing-key');
    const worker = startWorker();
    await worker.start();
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(1, 79900000000),
      content: 'from a phone',
    });
    await waitFor('sent', async () => (await countsOf(campaign.id)).counts.sent === 1, 10_000);
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from('sms:pw').toString('base64')}`);
    expect(received[0]!.body).toMatchObject({
      textMessage: { text: 'from a phone' },
      phoneNumbers: ['+79900000000'],
      withDeliveryReport: true,
      simNumber: 2,
    });
    const messageId = String(received[0]!.body.id);
    const post = (body: unknown, key = 'signing-key') => {
      const raw = JSON.stringify(body);
      const ts = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', key)
        .update(raw + ts)
        .digest('hex');
      return t.app.inject({
        method: 'POST',
        url: connector.webhookPath,
        headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signature },
        payload: raw,
      });
    };
    const event = {
      id: randomUUID(),
      event: 'sms:delivered',
      deviceId: 'd1',
      webhookId: 'w1',
      payload: { messageId, phoneNumber: '+79900000000' },
    };
    expect((await post(event, 'wrong-key')).statusCode).toBe(401);
    const ok = await post(event);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ applied: true });
    expect((await countsOf(campaign.id)).counts.delivered).toBe(1);
  });
});
