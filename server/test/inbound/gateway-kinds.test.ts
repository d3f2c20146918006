import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { buy } from '../sms-history/sms-helpers';
import { type as, buyer, dataOf, storeWorld } from '../store/store-helpers';
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
let number: string;
let rentalId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCall(t);
  const order = await buy(t, await storeWorld(t.db), await buyer(t));
  number = order.phones[0]!.phoneNumber;
  rentalId = order.phones[0]!.rentalId;
});
afterAll(() => t?.close());

describe('SMS Gateway for Android (sms:received)', () => {
  let gw: CreatedGateway;
  beforeAll(async () => {
    gw = await createGateway(admin, 'smsgate', {
      deviceNumbers: { ffffffffceb0b1db0000018e937c815b: number },
    });
  });
  /** The app's webhook body (WebHookEventDTO + SmsEventPayload), as in its docs. */
  const event = (payload: Record<string, unknown>, event = 'sms:received') => ({
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    event,
    id: randomUUID().slice(0, 21),
    payload: {
      messageId: 'abc123',
      message: 'G-482913 is your Google verification code.',
      sender: 'Google',
      recipient: number,
      simNumber: 1,
      receivedAt: new Date(Date.now() - 2000).toISOString().replace('Z', '+00:00'),
      ...payload,
    },
    webhookId: 'LreFUt-Z3sSq0JufY9uWB',
  });

  test('valid: stored with the code; a retry of the same event id once; recipient null uses the device number', async () => {
    const body = event({});
    expect(dataOf<{ duplicate: boolean }>(await postSigned(t, gw, body)).duplicate).toBe(false);
    expect(dataOf<{ duplicate: boolean }>(await postSigned(t, gw, body)).duplicate).toBe(true);
    const nullRecipient = event({ recipient: null, message: 'Your WhatsApp code: 321-654' });
    dataOf(await postSigned(t, gw, nullRecipient));
    const rows = await smsRows(t, 'external_id = any($1)', [[body.id, nullRecipient.id]]);
    expect(rows.map((r) => [r.rental_id, r.code, r.phone_number])).toEqual([
      [rentalId, '482913', number],
      [rentalId, '321654', number],
    ]);
  });

  test('other events are answered 200 and not stored', async () => {
    const before = (await smsRows(t)).length;
    const res = await postSigned(t, gw, event({}, 'system:ping'));
    expect(dataOf(res)).toEqual({ ignored: 'system:ping' });
    expect((await smsRows(t)).length).toBe(before);
  });

  test('forged, stale, malformed, unknown device: 4xx, counted, nothing stored', async () => {
    const before = (await smsRows(t)).length;
    expectRejected(await postSigned(t, gw, event({}), { secret: 'x' }), 401, 'INBOUND_SIGNATURE_INVALID');
    expectRejected(
      await postSigned(t, gw, event({}), { timestamp: nowSeconds() - 600 }),
      401,
      'INBOUND_TIMESTAMP_STALE',
    );
    expectRejected(await postSigned(t, gw, { event: 'sms:received' }), 400, 'INBOUND_BODY_INVALID');
    expectRejected(await postSigned(t, gw, event({ message: '' })), 400, 'INBOUND_BODY_INVALID');
    const stranger = { ...event({ recipient: null }), deviceId: 'another-phone' };
    expectRejected(await postSigned(t, gw, stranger), 400, 'INBOUND_NUMBER_MISSING');
    expect((await smsRows(t)).length).toBe(before);
    expect((await rejectionsOf(t, gw.id)).map((r) => r.reason)).toEqual([
      'INBOUND_SIGNATURE_INVALID',
      'INBOUND_TIMESTAMP_STALE',
      'INBOUND_BODY_INVALID',
      'INBOUND_BODY_INVALID',
      'INBOUND_NUMBER_MISSING',
    ]);
  });
});

describe('textbee (MESSAGE_RECEIVED)', () => {
  let gw: CreatedGateway;
  beforeAll(async () => {
    gw = await createGateway(admin, 'textbee', { defaultNumber: number });
  });
  /** textbee posts JSON.stringify(payload) with X-Signature = hex HMAC-SHA256(secret, that JSON). */
  const post = (payload: Record<string, unknown>, secret = gw.secret) => {
    const raw = JSON.stringify(payload);
    return t.app.inject({
      method: 'POST',
      url: gw.webhookPath,
      headers: { 'content-type': 'application/json', 'x-signature': hmac(secret, raw) },
      payload: raw,
    });
  };
  const received = (overrides: Record<string, unknown> = {}) => ({
    smsId: randomUUID().replaceAll('-', '').slice(0, 24),
    message: 'Your Uber code: 4821. Never share this code.',
    deviceId: '66f1c0d2a1b2c3d4e5f60718',
    webhookSubscriptionId: '66f1c0d2a1b2c3d4e5f60719',
    webhookEvent: 'MESSAGE_RECEIVED',
    idempotencyKey: randomUUID(),
    sender: '+18005550199',
    receivedAt: new Date().toISOString(),
    ...overrides,
  });

  test('valid, duplicate (sequential and concurrent), forged, malformed, other events', async () => {
    const body = received();
    expect(dataOf<{ duplicate: boolean }>(await post(body)).duplicate).toBe(false);
    // A redelivery has a new idempotency key but the same smsId: stored once.
    expect(
      dataOf<{ duplicate: boolean }>(await post({ ...body, idempotencyKey: randomUUID() })).duplicate,
    ).toBe(true);
    const burst = received();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(burst)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await smsRows(t, 'external_id = any($1)', [[body.smsId, burst.smsId]]);
    expect(rows.map((r) => [r.rental_id, r.code, r.source])).toEqual([
      [rentalId, '4821', `textbee:${gw.id}`],
      [rentalId, '4821', `textbee:${gw.id}`],
    ]);
    expectRejected(await post(received(), 'wrong-secret-wrong-secret'), 401, 'INBOUND_SIGNATURE_INVALID');
    expectRejected(
      await post(received({ message: 7 as unknown as string, sender: null })),
      400,
      'INBOUND_BODY_INVALID',
    );
    expect(dataOf(await post(received({ webhookEvent: 'MESSAGE_SENT' })))).toEqual({
      ignored: 'MESSAGE_SENT',
    });
    expect(await smsRows(t, 'gateway_id = $1', [gw.id])).toHaveLength(2);
  });
});

describe('Jasmin HTTP MO', () => {
  let gw: CreatedGateway;
  beforeAll(async () => {
    gw = await createGateway(admin, 'jasmin');
  });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const mo = (overrides: Record<string, string> = {}) => ({
    id: randomUUID(),
    from: 'WhatsApp',
    to: number.replace('+', ''),
    'origin-connector': 'goip01',
    priority: '0',
    coding: '0',
    validity: '',
    content: 'Your WhatsApp code: 123-456',
    binary: '',
    ...overrides,
  });

  test('form POST with the secret in the URL answers ACK/Jasmin; GET with the header too; retries stored once', async () => {
    const body = mo();
    const res = await t.app.inject({
      method: 'POST',
      url: `${gw.webhookPath}?secret=${gw.secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(body),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ACK/Jasmin');
    const again = await t.app.inject({
      method: 'GET',
      url: `${gw.webhookPath}?${form(body)}`,
      headers: { 'x-gateway-secret': gw.secret },
    });
    expect(again.body).toBe('ACK/Jasmin');
    // UCS-2 (coding 8) arrives hexlified in `binary`.
    const chinese = mo({
      coding: '8',
      content: '',
      binary: Buffer.from('验证码：778899', 'utf16le').swap16().toString('hex'),
    });
    const ucs = await t.app.inject({
      method: 'POST',
      url: `${gw.webhookPath}?secret=${gw.secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(chinese),
    });
    expect(ucs.body).toBe('ACK/Jasmin');
    const rows = await smsRows(t, 'gateway_id = $1', [gw.id]);
    expect(rows.map((r) => [r.rental_id, r.code, r.text])).toEqual([
      [rentalId, '123456', 'Your WhatsApp code: 123-456'],
      [rentalId, '778899', '验证码：778899'],
    ]);
  });

  test('a wrong or missing secret and a malformed MO are plain-text 4xx, counted, not stored', async () => {
    const before = (await smsRows(t, 'gateway_id = $1', [gw.id])).length;
    const wrong = await t.app.inject({ method: 'GET', url: `${gw.webhookPath}?secret=nope&${form(mo())}` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/^text\/plain/);
    expect(wrong.body).toBe('ERROR INBOUND_SIGNATURE_INVALID');
    const missing = await t.app.inject({ method: 'GET', url: `${gw.webhookPath}?${form(mo())}` });
    expect(missing.statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'GET',
      url: `${gw.webhookPath}?secret=${gw.secret}&${form(mo({ content: '' }))}`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toBe('ERROR INBOUND_BODY_INVALID');
    expect((await smsRows(t, 'gateway_id = $1', [gw.id])).length).toBe(before);
    expect((await rejectionsOf(t, gw.id)).length).toBe(3);
  });
});

describe('Kannel sms-service get-url', () => {
  let gw: CreatedGateway;
  beforeAll(async () => {
    gw = await createGateway(admin, 'kannel');
  });
  // get-url = "https://host/api/inbound/<id>?secret=<secret>&from=%p&to=%P&text=%a&ts=%T"
  const url = (fields: Record<string, string>, secret = gw.secret) =>
    `${gw.webhookPath}?${new URLSearchParams({ secret, ...fields }).toString()}`;

  test('without an id, the same sender + text + number within the window is stored once, also at once', async () => {
    const fields = { from: 'Steam', to: number, text: 'Steam Guard code: 55821', ts: String(nowSeconds()) };
    const first = await t.app.inject({ method: 'GET', url: url(fields) });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: url(fields) })).statusCode).toBe(200);
    const burst = { ...fields, text: 'Steam Guard code: 66932' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url: url(burst) })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await smsRows(t, 'gateway_id = $1', [gw.id]);
    expect(rows.map((r) => [r.rental_id, r.code])).toEqual([
      [rentalId, '55821'],
      [rentalId, '66932'],
    ]);
    // The same text later than the window is a new SMS (a second code request can repeat a text).
    const later = { ...fields, ts: String(nowSeconds() - 3 * 3600) };
    expect((await t.app.inject({ method: 'GET', url: url(later) })).statusCode).toBe(200);
    expect(await smsRows(t, 'gateway_id = $1', [gw.id])).toHaveLength(3);
  });

  test('bad secret, missing text, bad time: 4xx, nothing stored', async () => {
    const before = (await smsRows(t, 'gateway_id = $1', [gw.id])).length;
    const fields = { from: 'Steam', to: number, text: 'code 1234' };
    expect((await t.app.inject({ method: 'GET', url: url(fields, 'x') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url({ ...fields, text: '' }) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: url({ ...fields, ts: 'soon' }) })).statusCode).toBe(400);
    expect((await smsRows(t, 'gateway_id = $1', [gw.id])).length).toBe(before);
  });
});
