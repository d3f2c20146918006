import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { createTestApp, createUser, expectErrorEnvelope, login, type TestApp } from '../helpers';
import {
  addNumbers,
  as,
  backdate,
  balanceOf,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from '../store/store-helpers';
import { adminCall, type CreatedGateway, createGateway, postSigned, smsRows } from './inbound-helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let gw: CreatedGateway;
let telegram: StoreWorld;
let whatsapp: StoreWorld;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCall(t);
  gw = await createGateway(admin, 'generic');
  telegram = await storeWorld(t.db);
  whatsapp = await storeWorld(t.db);
  await t.db.query(
    `update applications set sender_pattern = 'telegram', keyword_pattern = 'telegram', code_pattern = '' where id = $1`,
    [telegram.appId],
  );
  await t.db.query(
    `update applications set sender_pattern = 'whatsapp', keyword_pattern = 'whatsapp', code_pattern = '' where id = $1`,
    [whatsapp.appId],
  );
});
afterAll(async () => {
  if (!t) return;
  await expectLedgerConsistent(t.db);
  await t.close();
});

type Order = { phones: { rentalId: number; phoneNumber: string }[] };
/** Buys one number of a prefix only this test stocks: both applications get the same number. */
async function buyOn(world: StoreWorld, b: Awaited<ReturnType<typeof buyer>>, prefix: string, extra = {}) {
  const order = dataOf<Order>(
    await b.call({
      method: 'POST',
      url: '/api/store/orders',
      payload: purchaseBody(world, { prefix, ...extra }),
    }),
  );
  return order.phones[0]!;
}
const deliver = (to: string, from: string, text: string, extra: Record<string, unknown> = {}) =>
  postSigned(t, gw, { id: randomUUID(), to, from, text, ...extra });

describe('attribution', () => {
  test("two applications on one number never get each other's codes", async () => {
    await addNumbers(t.db, { count: 1, prefix: '+155201' });
    const alice = await buyer(t);
    const bob = await buyer(t);
    const tg = await buyOn(telegram, alice, '+155201');
    const wa = await buyOn(whatsapp, bob, '+155201');
    expect(tg.phoneNumber).toBe(wa.phoneNumber);
    const n = tg.phoneNumber;
    dataOf(await deliver(n, 'Telegram', 'Telegram code: 55555'));
    dataOf(await deliver(n, '+14155550100', 'Your WhatsApp code: 111-222'));
    // The sender is not WhatsApp but the text names it: the keyword pattern decides.
    dataOf(await deliver(n, 'Telegram', 'Login code: 99999. Do not give this code to anyone'));
    // Nobody's: neither pattern matches and two rentals hold the number.
    dataOf(await deliver(n, 'Google', 'G-123456 is your Google verification code.'));
    const rows = await smsRows(t, 'phone_number = $1', [n]);
    expect(rows.map((r) => [r.rental_id, r.code])).toEqual([
      [tg.rentalId, '55555'],
      [wa.rentalId, '111222'],
      [tg.rentalId, '99999'],
      [null, '123456'],
    ]);
    // Each owner's history has only their own code.
    const history = (b: typeof alice) =>
      b
        .call({ method: 'GET', url: '/api/sms-history' })
        .then((r) => dataOf<{ list: { code: string }[] }>(r).list);
    expect((await history(alice)).map((m) => m.code).sort()).toEqual(['55555', '99999']);
    expect((await history(bob)).map((m) => m.code)).toEqual(['111222']);
  });

  test('the only rental of a number gets an SMS no pattern matches', async () => {
    await addNumbers(t.db, { count: 1, prefix: '+155202' });
    const tg = await buyOn(telegram, await buyer(t), '+155202');
    dataOf(await deliver(tg.phoneNumber, 'Google', 'G-654321 is your Google verification code.'));
    const [row] = await smsRows(t, 'phone_number = $1', [tg.phoneNumber]);
    expect(row).toMatchObject({ rental_id: tg.rentalId, code: '654321' });
  });

  test("extraction: the application's pattern, then the user's own pattern, then the general extractor", async () => {
    await addNumbers(t.db, { count: 1, prefix: '+155203' });
    const carol = await buyer(t);
    const tg = await buyOn(telegram, carol, '+155203');
    // No application or user pattern: the general extractor skips the amount and the date.
    dataOf(await deliver(tg.phoneNumber, 'Telegram', 'Telegram: paid $12.50 on 2026-05-12, code 4321'));
    // The user's own pattern finds a letter code the general extractor would not.
    await t.db.query(
      'insert into user_code_patterns (user_id, application_id, pattern) values ($1, $2, $3)',
      [carol.userId, telegram.appId, String.raw`key ([A-Z]{3}\d{3})`],
    );
    dataOf(await deliver(tg.phoneNumber, 'Telegram', 'Telegram key ABC123 for login'));
    // The application's pattern comes first.
    await t.db.query(`update applications set code_pattern = 'tg-(\\d{4})' where id = $1`, [telegram.appId]);
    dataOf(await deliver(tg.phoneNumber, 'Telegram', 'Telegram tg-8080 key XYZ999'));
    const rows = await smsRows(t, 'phone_number = $1', [tg.phoneNumber]);
    expect(rows.map((r) => r.code)).toEqual(['4321', 'ABC123', '8080']);
    await t.db.query(`update applications set code_pattern = '' where id = $1`, [telegram.appId]);
  });

  test('hostile user patterns run in linear time on a hostile SMS (re2js)', async () => {
    await addNumbers(t.db, { count: 1, prefix: '+155204' });
    const dave = await buyer(t);
    const tg = await buyOn(telegram, dave, '+155204');
    await t.db.query(
      'insert into user_code_patterns (user_id, application_id, pattern) values ($1, $2, $3)',
      [dave.userId, telegram.appId, String.raw`(\d|\d){1,40}x`],
    );
    const started = performance.now();
    dataOf(await deliver(tg.phoneNumber, 'Telegram', `telegram ${'1'.repeat(1000)}`));
    expect(performance.now() - started).toBeLessThan(5000); // generous on a busy machine; backtracking takes hours here
  });

  test('a voice transcript goes to the voice order and keeps its text', async () => {
    await addNumbers(t.db, { count: 1, prefix: '+155205' });
    const v = await buyOn(telegram, await buyer(t), '+155205', { smsType: 'voice' });
    dataOf(
      await deliver(v.phoneNumber, 'Telegram', 'Your Telegram code is 7 3 9 1 2. Again: 73912.', {
        voice: true,
      }),
    );
    const [row] = await smsRows(t, 'phone_number = $1', [v.phoneNumber]);
    expect(row).toMatchObject({ rental_id: v.rentalId, voice: true, code: '73912' });
    expect(row!.text).toBe('Your Telegram code is 7 3 9 1 2. Again: 73912.');
  });
});

describe('activations after a code', () => {
  const sweep = () => sweepRentals(t.db, { cooldownMinutes: 10 });

  test('an activation whose code arrived is not refunded by cancel nor by the sweep', async () => {
    await addNumbers(t.db, { count: 2, prefix: '+155206' });
    const erin = await buyer(t, '10');
    const first = await buyOn(telegram, erin, '+155206');
    const second = await buyOn(telegram, erin, '+155206');
    const paid = await balanceOf(t.db, erin.userId);
    dataOf(await deliver(first.phoneNumber, 'Telegram', 'Telegram code: 24680'));
    dataOf(await deliver(second.phoneNumber, 'Telegram', 'Telegram code: 13579'));
    await backdate(t.db, [first.rentalId, second.rentalId], { boughtMinutesAgo: 3 });
    const cancel = await erin.call({
      method: 'POST',
      url: `/api/rentals/${first.rentalId}/cancel`,
      locale: 'en-US',
    });
    expect(expectErrorEnvelope(cancel, 409).error).toBe('ACTIVATION_CODE_RECEIVED');
    await backdate(t.db, [first.rentalId, second.rentalId], { expired: true });
    await sweep();
    const rentals = await t.db.query<{ status: string; refunded_at: Date | null }>(
      'select status, refunded_at from rentals where id = any($1) order by id',
      [[first.rentalId, second.rentalId]],
    );
    expect(rentals).toEqual([
      { status: 'finished', refunded_at: null },
      { status: 'finished', refunded_at: null },
    ]);
    expect(await balanceOf(t.db, erin.userId)).toBe(paid);
  });

  test('"another SMS" waits for the next one: the code link answers the newer SMS only', async () => {
    await addNumbers(t.db, { count: 1, prefix: '+155207' });
    const frank = await buyer(t);
    const a = await buyOn(telegram, frank, '+155207');
    dataOf(await deliver(a.phoneNumber, 'Telegram', 'Telegram code: 11111'));
    dataOf(await frank.call({ method: 'POST', url: `/api/rentals/${a.rentalId}/another-sms` }));
    const [{ token }] = (await t.db.query<{ token: string }>('select token from rentals where id = $1', [
      a.rentalId,
    ])) as [{ token: string }];
    const item = async () =>
      dataOf<{ items: { code: string; waitingForAnother: boolean }[] }>(
        await t.app.inject({ method: 'GET', url: `/api/code/${token}` }),
      ).items[0]!;
    expect(await item()).toMatchObject({ code: '11111', waitingForAnother: true });
    await new Promise((r) => setTimeout(r, 20));
    dataOf(await deliver(a.phoneNumber, 'Telegram', 'Telegram code: 22222'));
    expect(await item()).toMatchObject({ code: '22222', waitingForAnother: false });
  });
});

describe('the test SMS tool', () => {
  test('enters through the ingest path (source test) and says where it went; permission enforced', async () => {
    await addNumbers(t.db, { count: 1, prefix: '+155208' });
    const grace = await buyer(t);
    const tg = await buyOn(telegram, grace, '+155208');
    const numbers = dataOf<{ number: string; rentals: number }[]>(
      await admin({ method: 'GET', url: '/api/admin/test-sms/numbers?keyword=155208' }),
    );
    expect(numbers).toEqual([expect.objectContaining({ number: tg.phoneNumber, rentals: 1 })]);
    const result = dataOf<Record<string, unknown>>(
      await admin({
        method: 'POST',
        url: '/api/admin/test-sms',
        payload: { number: tg.phoneNumber, sender: 'Telegram', text: 'Telegram code: 86420' },
      }),
    );
    expect(result).toMatchObject({
      rentalId: tg.rentalId,
      userId: grace.userId,
      username: grace.username,
      application: { id: telegram.appId },
      code: '86420',
      duplicate: false,
    });
    expect(await smsRows(t, 'id = $1', [result.smsId])).toEqual([
      expect.objectContaining({ source: 'test', rental_id: tg.rentalId }),
    ]);
    const unknown = await admin({
      method: 'POST',
      url: '/api/admin/test-sms',
      payload: { number: '+19990001111', text: 'x' },
      locale: 'en-US',
    });
    expect(expectErrorEnvelope(unknown, 400).message).toBe('The number +19990001111 is not in the stock');
    const empty = await admin({
      method: 'POST',
      url: '/api/admin/test-sms',
      payload: { number: tg.phoneNumber, text: '' },
    });
    expect(expectErrorEnvelope(empty, 400).message).toContain('请输入短信内容');
    // A customer may not use it, nor see the gateways.
    const customer = await createUser(t.db);
    const call = as(t, await login(t, customer.username, customer.password));
    expectErrorEnvelope(
      await call({
        method: 'POST',
        url: '/api/admin/test-sms',
        payload: { number: tg.phoneNumber, text: 'x' },
      }),
      403,
    );
    expectErrorEnvelope(await call({ method: 'GET', url: '/api/admin/gateways' }), 403);
    expectErrorEnvelope(
      await call({ method: 'POST', url: '/api/admin/gateways', payload: { kind: 'generic', name: 'x' } }),
      403,
    );
  });
});
