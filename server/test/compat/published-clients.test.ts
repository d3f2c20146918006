/**
 * Published client libraries of both protocols, installed from npm as they are, run against a real
 * Jiema server with only their base URL changed (each keeps it in its own place: an axios instance,
 * a static field). A whole activation each, and the error cases a script meets.
 */
import { FiveSim } from '5sim-api';
import { FiveSimAPI, GuestService, NoPhoneNumbersError, NotFoundError, UserService } from 'fivesim-api';
import SMSActivate from 'sms-activate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { backdate, balanceOf } from '../store/store-helpers';
import { apiUser, compatWorld, smsArrives } from './compat-helpers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 8);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);
afterAll(() => t.close());

const US = 187;

describe('npm "sms-activate" (axios, POST with the query string)', () => {
  const client = (key: string) => {
    const c = new SMSActivate(key);
    c.session.defaults.baseURL = `${base}/stubs/handler_api.php`;
    return c;
  };

  test('a whole activation: balance, number, ready, code, finish, status after finishing', async () => {
    const u = await apiUser(t.db, '10');
    const sa = client(u.apiKey);
    expect(await sa.getBalance()).toBe(10);
    const number = (await sa.getNumber(world.appCode, US))!;
    expect(number).toEqual({ id: expect.any(Number), number: expect.any(Number) });
    expect(world.numbers).toContain(`+${number.number}`);
    expect(await sa.getStatus(number.id)).toBe('STATUS_WAIT_CODE');
    expect(await sa.setStatus(number.id, 1)).toBe('ACCESS_READY');
    expect(await sa.getCode(number.id)).toBeNull();
    await smsArrives(t, number.id, 'Your code 314159', '314159');
    expect(await sa.getCode(number.id)).toBe('314159');
    expect(await sa.setStatus(number.id, 6)).toBe('ACCESS_ACTIVATION');
    // A script that checks the status after finishing sees the success, not STATUS_CANCEL.
    expect(await sa.getStatus(number.id)).toBe('STATUS_OK');
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');
  });

  test('errors: bad key, bad service, no numbers, no balance, unknown activation, early cancel', async () => {
    const u = await apiUser(t.db, '10');
    const sa = client(u.apiKey);
    await expect(client('wrong-key').getBalance()).rejects.toMatchObject({ message: 'Invalid API Key' });
    await expect(sa.getNumber('nope1', US)).rejects.toMatchObject({ message: 'Bad serivce' });
    await expect(sa.getNumber(world.appCode, 0)).rejects.toMatchObject({ message: 'No free numbers' });
    const poor = await apiUser(t.db, '0');
    await expect(client(poor.apiKey).getNumber(world.appCode, US)).rejects.toMatchObject({
      message: 'Not enough money for the order',
    });
    await expect(sa.getStatus(999_999_999)).rejects.toMatchObject({ message: 'Invalid activation id' });
    await expect(sa.getStatus('abc')).rejects.toMatchObject({ message: 'Invalid activation id' });
    const number = (await sa.getNumber(world.appCode, US))!;
    expect(await sa.setStatus(number.id, 8)).toBe('EARLY_CANCEL_DENIED');
    await backdate(t.db, [number.id], { boughtMinutesAgo: 3 });
    expect(await sa.setStatus(number.id, 8)).toBe('ACCESS_CANCEL');
    expect(await sa.getStatus(number.id)).toBe('STATUS_CANCEL');
    expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
  });
});

describe('npm "fivesim-api" (axios, Accept: application/json)', () => {
  // Its base URL is a private static of each service class.
  beforeAll(() => {
    for (const service of [UserService, GuestService])
      (service as unknown as { baseURL: string }).baseURL = `${base}/v1`;
  });

  test('a whole activation: profile, cheapest operator, buy, wait for RECEIVED, check, inbox, finish', async () => {
    const u = await apiUser(t.db, '10');
    const api = new FiveSimAPI(u.apiKey);
    expect(await api.getProfile()).toMatchObject({ balance: 10, rating: 96 });
    const products = await FiveSimAPI.getProducts('usa', 'any');
    expect(products[world.product]).toMatchObject({ Category: 'activation', Price: 0.123456 });
    const order = await api.buyActivationNumber('usa', 'best', world.product, { wait: true });
    expect(order).toMatchObject({ status: 'RECEIVED', product: world.product, country: 'usa' });
    await smsArrives(t, order.id, 'Your code 271828', '271828');
    const checked = await api.checkOrder(order.id);
    expect(checked.sms).toEqual([expect.objectContaining({ code: '271828', text: 'Your code 271828' })]);
    expect((await api.getSMSInbox(order.id)).Data).toEqual([expect.objectContaining({ code: '271828' })]);
    expect(await api.finishOrder(order.id)).toMatchObject({ id: order.id, status: 'FINISHED' });
    expect((await api.getOrderHistory({ category: 'activation' })).Data[0]).toMatchObject({ id: order.id });
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');
  });

  test('errors as its own error classes: no free phones, not found, bad key, order has sms', async () => {
    const u = await apiUser(t.db, '10');
    const api = new FiveSimAPI(u.apiKey);
    await expect(api.buyActivationNumber('russia', 'any', world.product)).rejects.toBeInstanceOf(
      NoPhoneNumbersError,
    );
    await expect(api.checkOrder(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(new FiveSimAPI('wrong-key').getProfile()).rejects.toMatchObject({ status: 401 });
    const order = await api.buyActivationNumber('usa', 'any', world.product);
    await smsArrives(t, order.id, 'Your code 161803', '161803');
    await expect(api.cancelOrder(order.id)).rejects.toMatchObject({ name: 'OrderHasSMSError' });
    const poor = await apiUser(t.db, '0');
    await expect(
      new FiveSimAPI(poor.apiKey).buyActivationNumber('usa', 'any', world.product),
    ).rejects.toMatchObject({
      name: 'InsufficientBalanceError',
    });
  });
});

describe('npm "5sim-api" (bundled axios over fetch)', () => {
  // Its base URL is in the axios instance of each of its four (protected) parts.
  type Part = { api: { defaults: { baseURL?: string } } };
  const client = (key: string) => {
    const c = new FiveSim(key);
    const parts = c as unknown as Record<'balance' | 'orderHistory' | 'number' | 'sms', Part>;
    for (const part of [parts.balance, parts.orderHistory, parts.number, parts.sms]) {
      part.api.defaults.baseURL = `${base}/v1/`;
    }
    return c;
  };

  test('a whole activation: balance, buy, wait for the SMS, order history; cancel after the lock', async () => {
    const u = await apiUser(t.db, '10');
    const fs = client(u.apiKey);
    expect(await fs.getUserBalance()).toMatchObject({ balance: 10 });
    const order = await fs.buyActivationNumber({ country: 'usa', operator: 'any', product: world.product });
    expect(order).toMatchObject({ status: 'RECEIVED', phone: expect.stringMatching(/^\+1/) });
    await smsArrives(t, order.id, 'Your code 577215', '577215');
    const sms = await fs.waitForSMS({ id: String(order.id), timeout: 5000, interval: 100 });
    expect(sms).toMatchObject({ code: '577215' });
    expect((await fs.getOrderHistory('activation')).Data[0]).toMatchObject({ id: order.id });

    const second = await fs.buyActivationNumber({ country: 'usa', operator: 'any', product: world.product });
    await expect(fs.cancelNumber(second.id)).rejects.toThrow();
    await backdate(t.db, [second.id], { boughtMinutesAgo: 3 });
    expect(await fs.cancelNumber(second.id)).toMatchObject({ id: second.id, status: 'CANCELED' });
  });

  test('errors: bad key, no free phones', async () => {
    await expect(client('wrong-key').getUserBalance()).rejects.toThrow();
    const u = await apiUser(t.db, '10');
    await expect(
      client(u.apiKey).buyActivationNumber({ country: 'russia', operator: 'any', product: world.product }),
    ).rejects.toThrow(/buying a Number/);
  });
});
