import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { buy } from '../sms-history/sms-helpers';
import {
  addNumbers,
  type as,
  buyer,
  dataOf,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import {
  adminCall,
  type CreatedGateway,
  createGateway,
  expectRejected,
  hmac,
  nowSeconds,
  postSigned,
  rejectionsOf,
  smsRows,
} from './inbound-helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let gw: CreatedGateway;
let number: string;
let rentalId: number;
let world: StoreWorld;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCall(t);
  gw = await createGateway(admin, 'generic');
  world = await storeWorld(t.db);
  const order = await buy(t, world, await buyer(t));
  number = order.phones[0]!.phoneNumber;
  rentalId = order.phones[0]!.rentalId;
});
afterAll(() => t?.close());

const sms = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  to: number,
  from: 'Telegram',
  text: 'Telegram code: 51234. Do not give this code to anyone.',
  ...overrides,
});

describe('generic JSON webhook', () => {
  test('a signed SMS is stored, attributed to the rental of its number and its code extracted', async () => {
    const body = sms({ receivedAt: new Date(Date.now() - 5000).toISOString() });
    const res = await postSigned(t, gw, body);
    const data = dataOf<{ id: number; duplicate: boolean }>(res);
    expect(data.duplicate).toBe(false);
    const [row] = await smsRows(t, 'external_id = $1', [body.id]);
    expect(row).toMatchObject({
      rental_id: rentalId,
      phone_number: number,
      code: '51234',
      sender: 'Telegram',
      source: `generic:${gw.id}`,
      gateway_id: gw.id,
      voice: false,
    });
    // The customer's code link shows it.
    const [{ token }] = (await t.db.query<{ token: string }>('select token from rentals where id = $1', [
      rentalId,
    ])) as [{ token: string }];
    const link = await t.app.inject({ method: 'GET', url: `/api/code/${token}` });
    expect(link.body).toContain('51234');
  });

  test('a retry of the same id is stored once, sequentially and when 10 arrive at once', async () => {
    const body = sms();
    expect(dataOf<{ duplicate: boolean }>(await postSigned(t, gw, body)).duplicate).toBe(false);
    expect(dataOf<{ duplicate: boolean }>(await postSigned(t, gw, body)).duplicate).toBe(true);
    const burst = sms();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postSigned(t, gw, burst)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.filter((r) => r.json().data.duplicate === false)).toHaveLength(1);
    expect(await smsRows(t, 'external_id = any($1)', [[body.id, burst.id]])).toHaveLength(2);
  });

  test('a burst over several numbers: each answered with its own SMS, retries in it stored once, a number bought meanwhile attributed', async () => {
    // Every number for sale is remembered as nobody's (an SMS to each), then one is bought: the burst
    // must see the new rental, not the remembered holding.
    await addNumbers(t.db, { count: 1 });
    const free = await t.db.query<{ number: string }>(
      `select p.number from phone_numbers p
       where not exists (select 1 from rentals r where r.phone_number_id = p.id and r.status = 'active')`,
    );
    for (const { number: to } of free) dataOf(await postSigned(t, gw, sms({ to, text: 'code 100001' })));
    const other = dataOf<{ phones: { rentalId: number; phoneNumber: string }[] }>(
      await (await buyer(t)).call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
    );
    const bought = other.phones[0]!;
    expect(free.map((f) => f.number)).toContain(bought.phoneNumber);
    const targets = [
      { to: number, rentalId },
      { to: bought.phoneNumber, rentalId: bought.rentalId },
      { to: '+15550008888', rentalId: null },
    ];
    const bodies = Array.from({ length: 30 }, (_, i) =>
      sms({ to: targets[i % 3]!.to, text: `Your code is ${200000 + i}` }),
    );
    const sent = [...bodies, bodies[0]!, bodies[1]!, bodies[0]!];
    const answers = await Promise.all(sent.map((body) => postSigned(t, gw, body)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const data = answers.map((res) => dataOf<{ id: number; duplicate: boolean }>(res));
    expect(data.filter((d) => !d.duplicate)).toHaveLength(30);
    expect(new Set(data.map((d) => d.id)).size).toBe(30);
    expect(data[30]!.id).toBe(data[0]!.id);
    expect(data[32]!.id).toBe(data[0]!.id);
    const rows = await smsRows(t, 'external_id = any($1)', [bodies.map((b) => b.id)]);
    expect(rows).toHaveLength(30);
    for (const [i, body] of bodies.entries()) {
      const row = rows.find((r) => r.id === data[i]!.id);
      expect(row).toMatchObject({
        external_id: body.id,
        code: String(200000 + i),
        rental_id: targets[i % 3]!.rentalId,
      });
    }
  });

  test('forged, stale, unsigned and malformed requests are refused, counted, and store nothing', async () => {
    const before = (await smsRows(t)).length;
    const rejectedBefore = (await rejectionsOf(t, gw.id)).length;
    expectRejected(
      await postSigned(t, gw, sms(), { secret: 'not-the-secret' }),
      401,
      'INBOUND_SIGNATURE_INVALID',
    );
    expectRejected(
      await postSigned(t, gw, sms(), { timestamp: nowSeconds() - 301 }),
      401,
      'INBOUND_TIMESTAMP_STALE',
    );
    expectRejected(
      await postSigned(t, gw, sms(), { timestamp: nowSeconds() + 400 }),
      401,
      'INBOUND_TIMESTAMP_STALE',
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: gw.webhookPath,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(sms()),
    });
    expectRejected(unsigned, 401, 'INBOUND_TIMESTAMP_STALE');
    // Signed but the body was changed on the way: the signature is over the raw bytes.
    const ts = String(nowSeconds());
    const signedBody = JSON.stringify(sms());
    const tampered = await t.app.inject({
      method: 'POST',
      url: gw.webhookPath,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': ts,
        'x-signature': hmac(gw.secret, signedBody + ts),
      },
      payload: signedBody.replace('51234', '99999'),
    });
    expectRejected(tampered, 401, 'INBOUND_SIGNATURE_INVALID');
    const res = await postSigned(t, gw, null, { raw: '{"id": "x", "to": ' });
    expectRejected(res, 400, 'INBOUND_BODY_INVALID');
    expect(res.json().message).toContain('JSON');
    for (const [field, value] of [
      ['text', ''],
      ['from', undefined],
      ['to', 'not a number'],
      ['receivedAt', 'yesterday'],
      ['voice', 'yes'],
    ] as const) {
      const r = await postSigned(t, gw, sms({ [field]: value }));
      expectRejected(r, 400, 'INBOUND_BODY_INVALID');
    }
    const en = await t.app.inject({
      method: 'POST',
      url: gw.webhookPath,
      headers: { 'content-type': 'application/json', 'x-locale': 'en-US' },
      payload: '{}',
    });
    expect(en.json().message).toMatch(/timestamp is missing/);
    expect((await smsRows(t)).length).toBe(before);
    expect((await rejectionsOf(t, gw.id)).length).toBe(rejectedBefore + 12);
  });

  test('an unknown gateway is a 404 and a disabled one a 403; nothing stored', async () => {
    const before = (await smsRows(t)).length;
    const unknown = await postSigned(t, { ...gw, webhookPath: '/api/inbound/999999' }, sms());
    expectRejected(unknown, 404, 'INBOUND_GATEWAY_UNKNOWN');
    const bad = await t.app.inject({ method: 'POST', url: '/api/inbound/abc', payload: '{}' });
    expect(bad.statusCode).toBe(400);
    const off = await createGateway(admin, 'generic');
    dataOf(await admin({ method: 'PUT', url: `/api/admin/gateways/${off.id}`, payload: { enabled: false } }));
    expectRejected(await postSigned(t, off, sms()), 403, 'INBOUND_GATEWAY_DISABLED');
    expect(await rejectionsOf(t, off.id)).toEqual([{ reason: 'INBOUND_GATEWAY_DISABLED' }]);
    expect((await smsRows(t)).length).toBe(before);
  });

  test('an SMS to a number nobody rents is kept, unattributed, in the admin SMS records', async () => {
    const body = sms({ to: '+15550009999', text: 'Your code is 777111' });
    dataOf(await postSigned(t, gw, body));
    const records = dataOf<{
      list: { phoneNumber: string; matched: boolean; code: string | null; source: string }[];
    }>(await admin({ method: 'GET', url: '/api/admin/sms-records?phoneNumber=15550009999' }));
    expect(records.list).toEqual([
      expect.objectContaining({
        phoneNumber: '+15550009999',
        matched: false,
        code: '777111',
        source: `generic:${gw.id}`,
      }),
    ]);
  });

  test('a body over the limit is refused with 413', async () => {
    const res = await postSigned(t, gw, sms({ text: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
  });

  test("the gateway screen counts today's received and rejected, and shows last seen", async () => {
    const gateway = dataOf<{ receivedToday: number; rejectedToday: number; lastSeenAt: string | null }>(
      await admin({ method: 'GET', url: `/api/admin/gateways/${gw.id}` }),
    );
    expect(gateway.receivedToday).toBe((await smsRows(t, 'gateway_id = $1', [gw.id])).length);
    expect(gateway.rejectedToday).toBe((await rejectionsOf(t, gw.id)).length);
    expect(gateway.lastSeenAt).not.toBeNull();
    const listed = dataOf<{ list: Record<string, unknown>[] }>(
      await admin({ method: 'GET', url: '/api/admin/gateways' }),
    );
    expect(listed.list.length).toBeGreaterThan(0);
    for (const g of listed.list) expect(g).not.toHaveProperty('secret');
  });
});
