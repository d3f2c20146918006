import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { addNumbers, backdate } from '../store/store-helpers';
import { apiUser, compatWorld, sa, saJson } from './compat-helpers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 4);
}, 60_000);
afterAll(() => t.close());

const US = 187;

async function buy(apiKey: string) {
  const answer = await sa(t, { api_key: apiKey, action: 'getNumber', service: world.appCode, country: US });
  expect(answer).toMatch(/^ACCESS_NUMBER:\d+:1\d+$/);
  return Number(answer.split(':')[1]);
}

describe('sms-activate: the actions published clients call', () => {
  test('getCountries lists every id getNumber accepts: 12 (the United States) beside 187', async () => {
    const u = await apiUser(t.db);
    const countries = await saJson<Record<string, Record<string, unknown>>>(t, {
      api_key: u.apiKey,
      action: 'getCountries',
    });
    expect(countries['12']).toEqual({
      id: 12,
      rus: 'США (виртуальные)',
      eng: 'USA (virtual)',
      chn: '美国',
      visible: 1,
      retry: 1,
      rent: 1,
      multiService: 0,
    });
    expect(countries['187']).toMatchObject({ id: 187, eng: 'USA' });
    // Each listed id is one getNumber accepts (a bad one would be BAD_COUNTRY).
    for (const id of ['0', '12', '187', '31']) {
      const answer = await sa(t, { api_key: u.apiKey, action: 'getNumbersStatus', country: id });
      expect(answer.startsWith('{'), `${id}: ${answer}`).toBe(true);
      expect(countries[id]?.id).toBe(Number(id));
    }
  });

  test('getServicesList: the services on sale with their names', async () => {
    const u = await apiUser(t.db);
    const list = await saJson<{ status: string; services: { code: string; name: string }[] }>(t, {
      api_key: u.apiKey,
      action: 'getServicesList',
      country: US,
      lang: 'en',
    });
    expect(list.status).toBe('success');
    const [app] = await t.db.query<{ name_en: string }>('select name_en from applications where id = $1', [
      world.appId,
    ]);
    expect(list.services).toContainEqual({ code: world.appCode, name: app!.name_en });
    expect(list.services.every((s) => typeof s.code === 'string' && typeof s.name === 'string')).toBe(true);
  });

  test("getListOfActiveActivations (start, length): the open activations in the Java client's shape", async () => {
    const u = await apiUser(t.db);
    const empty = await saJson(t, { api_key: u.apiKey, action: 'getListOfActiveActivations' });
    expect(empty).toEqual({ data: [], existNext: false, quant: 0 });
    const first = await buy(u.apiKey);
    const second = await buy(u.apiKey);
    const page = await saJson<{ data: Record<string, unknown>[]; existNext: boolean; quant: number }>(t, {
      api_key: u.apiKey,
      action: 'getListOfActiveActivations',
      start: 0,
      length: 1,
    });
    expect(page.quant).toBe(2);
    expect(page.existNext).toBe(true);
    expect(page.data).toHaveLength(1);
    const [row] = await t.db.query<{ phone_number: string; starts_at: Date; expires_at: Date }>(
      'select phone_number, starts_at, expires_at from rentals where id = $1',
      [page.data[0]!.id],
    );
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      forward: 0,
      phone: Number(row!.phone_number.slice(1)),
      createDate: Math.floor(row!.starts_at.getTime() / 1000),
      service: world.appCode,
      country: US,
      finishDate: Math.floor(row!.expires_at.getTime() / 1000),
      forwardNumber: '',
    });
    const next = await saJson<{ data: { id: number }[]; existNext: boolean }>(t, {
      api_key: u.apiKey,
      action: 'getListOfActiveActivations',
      start: 1,
      length: 1,
    });
    expect(next.existNext).toBe(false);
    expect([page.data[0]!.id, next.data[0]!.id].sort()).toEqual([first, second].sort());
    await backdate(t.db, [first, second], { boughtMinutesAgo: 3 });
    for (const id of [first, second]) await sa(t, { api_key: u.apiKey, action: 'setStatus', id, status: 8 });
  });

  test('not sold here: each answers the error sms-activate documents for it, never BAD_ACTION', async () => {
    const u = await apiUser(t.db);
    const id = await buy(u.apiKey);
    const call = (params: Record<string, string | number>) => sa(t, { api_key: u.apiKey, ...params });
    expect(await call({ action: 'getMultiServiceNumber', multiService: 'tg,wa', country: US })).toBe(
      'NO_NUMBERS',
    );
    expect(await call({ action: 'getAdditionalService', id, service: 'tg' })).toBe(
      'WRONG_ADDITIONAL_SERVICE',
    );
    expect(await call({ action: 'getExtraActivation', activationId: id })).toBe(
      'RENEW_ACTIVATION_NOT_AVAILABLE',
    );
    expect(await call({ action: 'checkExtraActivation', activationId: id })).toBe(
      'RENEW_ACTIVATION_NOT_AVAILABLE',
    );
    expect(await call({ action: 'getIncomingCallStatus', activationId: id })).toBe('NOT_INCOMING');
    expect(await call({ action: 'getIncomingCallStatus', activationId: 'x' })).toBe('NO_ACTIVATION');
    expect(await call({ action: 'parseCall', id, newLang: 'en' })).toBe('NO_CALL');
    expect(JSON.parse(await call({ action: 'getQiwiRequisites' }))).toEqual({
      status: 'FALSE',
      wallet: 0,
      comment: '',
      upToDate: '',
    });
    // Nothing was bought or charged by any of them.
    const [n] = await t.db.query<{ n: number }>('select count(*)::int as n from rentals where user_id = $1', [
      u.userId,
    ]);
    expect(n!.n).toBe(1);
  });

  test('getPricesExtended and getTopCountriesByServiceRank answer as getPrices and getTopCountriesByService', async () => {
    const u = await apiUser(t.db);
    for (const [alias, action] of [
      ['getPricesExtended', 'getPrices'],
      ['getTopCountriesByServiceRank', 'getTopCountriesByService'],
    ] as const) {
      const params = { api_key: u.apiKey, service: world.appCode };
      expect(await sa(t, { ...params, action: alias })).toBe(await sa(t, { ...params, action }));
    }
  });
});

describe('sms-activate: demo mode listings', () => {
  test('the demo customer sees the demo numbers it can buy (and buys one); everyone else the real stock only', async () => {
    const demo = await apiUser(t.db);
    await t.db.query('update users set demo = true where id = $1', [demo.userId]);
    const demoNumbers = await addNumbers(t.db, { count: 2 });
    await t.db.query('update phone_numbers set demo = true where id = any($1::int[])', [
      demoNumbers.map((n) => n.id),
    ]);
    const other = await apiUser(t.db);
    const listings = async (apiKey: string) => ({
      prices: (
        await saJson<Record<string, Record<string, { count: number }>>>(t, {
          api_key: apiKey,
          action: 'getPrices',
          country: US,
        })
      )[US]?.[world.appCode]?.count,
      status: (
        await saJson<Record<string, number>>(t, {
          api_key: apiKey,
          action: 'getNumbersStatus',
          country: US,
        })
      )[`${world.appCode}_0`],
      top: (
        await saJson<Record<string, { country: number; count: number }>>(t, {
          api_key: apiKey,
          action: 'getTopCountriesByService',
          service: world.appCode,
        })
      )['0'],
    });
    const real = await listings(other.apiKey);
    expect(real.prices).toBe(real.status);
    expect(real.top).toMatchObject({ country: US, count: real.status });
    expect(await listings(demo.apiKey)).toEqual({
      prices: 2,
      status: 2,
      top: expect.objectContaining({ country: US, count: 2 }),
    });
    const answer = await sa(t, {
      api_key: demo.apiKey,
      action: 'getNumber',
      service: world.appCode,
      country: US,
    });
    const phone = answer.split(':')[2];
    expect(demoNumbers.map((n) => n.number.slice(1))).toContain(phone);
    expect((await listings(demo.apiKey)).status).toBe(1);
    expect(await listings(other.apiKey)).toEqual(real);
  });
});
