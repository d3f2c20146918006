import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, type TestApp } from '../helpers';
import { balanceOf, expectLedgerConsistent } from '../store/store-helpers';
import { apiUser, compatWorld, sa, saJson, smsArrives } from './compat-helpers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 6);
}, 60_000);
afterAll(() => t.close());

describe('sms-activate: catalogue actions', () => {
  test('getPrices: country → service → cost (USD), count; filtered by service and country; unknown ids refused', async () => {
    const u = await apiUser(t.db);
    const all = await saJson<Record<string, Record<string, unknown>>>(t, {
      api_key: u.apiKey,
      action: 'getPrices',
    });
    expect(all['187']?.[world.appCode]).toEqual({ cost: 0.123456, count: 6, physicalCount: 6 });
    const one = await saJson(t, {
      api_key: u.apiKey,
      action: 'getPrices',
      service: world.appCode,
      country: 187,
    });
    expect(one).toEqual({ 187: { [world.appCode]: { cost: 0.123456, count: 6, physicalCount: 6 } } });
    expect(await sa(t, { api_key: u.apiKey, action: 'getPrices', service: 'nope1' })).toBe('BAD_SERVICE');
    expect(await sa(t, { api_key: u.apiKey, action: 'getPrices', country: 4242 })).toBe('BAD_COUNTRY');
  });

  test('getPricesVerification, getNumbersStatus, getTopCountriesByService', async () => {
    const u = await apiUser(t.db);
    const verification = await saJson<Record<string, Record<string, unknown>>>(t, {
      api_key: u.apiKey,
      action: 'getPricesVerification',
      service: world.appCode,
    });
    expect(verification).toEqual({ [world.appCode]: { 187: { count: 6, price: 0.123456 } } });
    const status = await saJson<Record<string, number>>(t, {
      api_key: u.apiKey,
      action: 'getNumbersStatus',
      country: 187,
    });
    // `<service>_<forwarding>`, as sms-activate keys them (the official Java client splits on `_`).
    expect(status[`${world.appCode}_0`]).toBe(6);
    expect(Object.keys(status).every((k) => /^[a-z0-9_]+_0$/.test(k))).toBe(true);
    expect(await sa(t, { api_key: u.apiKey, action: 'getNumbersStatus', country: 'x' })).toBe('BAD_COUNTRY');
    const top = await saJson(t, {
      api_key: u.apiKey,
      action: 'getTopCountriesByService',
      service: world.appCode,
    });
    expect(top).toEqual({
      0: { country: 187, count: 6, price: 0.123456, retail_price: 0.123456, freePriceMap: { '0.123456': 6 } },
    });
  });

  test("getCountries with sms-activate's own names; getOperators for one country or all", async () => {
    const u = await apiUser(t.db);
    const countries = await saJson<Record<string, Record<string, unknown>>>(t, {
      api_key: u.apiKey,
      action: 'getCountries',
    });
    expect(countries['187']).toEqual({
      id: 187,
      rus: 'США',
      eng: 'USA',
      chn: '美国',
      visible: 1,
      retry: 1,
      rent: 1,
      multiService: 0,
    });
    expect(countries['31']).toMatchObject({ id: 31, eng: 'Southafrica' });
    const ru = await saJson<{ status: string; countryOperators: Record<string, string[]> }>(t, {
      api_key: u.apiKey,
      action: 'getOperators',
      country: 0,
    });
    expect(ru.status).toBe('success');
    expect(ru.countryOperators['0']).toEqual(expect.arrayContaining(['mts', 'beeline']));
    const all = await saJson<{ countryOperators: Record<string, string[]> }>(t, {
      api_key: u.apiKey,
      action: 'getOperators',
    });
    expect(Object.keys(all.countryOperators).length).toBeGreaterThan(10);
    expect(
      (
        await saJson<{ countryOperators: Record<string, string[]> }>(t, {
          api_key: u.apiKey,
          action: 'getOperators',
          country: 187,
        })
      ).countryOperators['187'],
    ).toContain('tmobile');
    await t.db.query("update operators set enabled = false where country_code = 'KE' and code <> 'any'");
    expect(await saJson(t, { api_key: u.apiKey, action: 'getOperators', country: 8 })).toEqual({
      status: 'error',
      error: 'OPERATORS_NOT_FOUND',
    });
  });
});

describe('sms-activate: rent', () => {
  test('getRentServicesAndCountries (`time` as the Python client sends it)', async () => {
    const u = await apiUser(t.db);
    const answer = await saJson<
      { services: Record<string, { cost: number; quant: number }> } & Record<string, unknown>
    >(t, {
      api_key: u.apiKey,
      action: 'getRentServicesAndCountries',
      country: 187,
      time: 24,
    });
    expect(answer.countries).toEqual({ 0: 187 });
    expect(answer.currency).toBe(840);
    expect(answer.services[world.appCode]).toEqual({ cost: 1.5, quant: 6 });
    expect(
      await saJson(t, {
        api_key: u.apiKey,
        action: 'getRentServicesAndCountries',
        country: 187,
        rent_time: 99999,
      }),
    ).toEqual({
      status: 'error',
      message: 'INVALID_TIME',
    });
  });

  test('rent → SMS → status list → continue (rent_time) → list → finish', async () => {
    const u = await apiUser(t.db, '20');
    const rented = await saJson<{ status: string; phone: { id: number; endDate: string; number: string } }>(
      t,
      {
        api_key: u.apiKey,
        action: 'getRentNumber',
        service: world.appCode,
        country: 187,
        time: 24,
      },
    );
    expect(rented.status).toBe('success');
    expect(rented.phone.endDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(world.numbers).toContain(`+${rented.phone.number}`);
    expect(await balanceOf(t.db, u.userId)).toBe('18.500000');
    const id = rented.phone.id;

    expect(await saJson(t, { api_key: u.apiKey, action: 'getRentStatus', id })).toEqual({
      status: 'error',
      message: 'STATUS_WAIT_CODE',
    });
    await smsArrives(t, id, 'Your code 1111', '1111');
    await smsArrives(t, id, 'Your code 2222', '2222');
    const status = await saJson<{
      status: string;
      quantity: string;
      values: Record<string, Record<string, string>>;
    }>(t, {
      api_key: u.apiKey,
      action: 'getRentStatus',
      id,
    });
    expect(status.status).toBe('success');
    expect(status.quantity).toBe('2');
    expect(
      Object.values(status.values)
        .map((v) => v.text)
        .sort(),
    ).toEqual(['Your code 1111', 'Your code 2222']);
    expect(status.values['0']).toMatchObject({ phoneFrom: 'Telegram', service: world.appCode });

    const continued = await saJson<{ phone: { id: number; endDate: string } }>(t, {
      api_key: u.apiKey,
      action: 'continueRentNumber',
      id,
      rent_time: 24,
    });
    expect(continued.phone.id).toBe(id);
    const extendedBy = Date.parse(`${continued.phone.endDate}Z`) - Date.parse(`${rented.phone.endDate}Z`);
    expect(extendedBy).toBe(24 * 3600_000);
    expect(await balanceOf(t.db, u.userId)).toBe('17.000000');

    expect(await saJson(t, { api_key: u.apiKey, action: 'getRentList' })).toEqual({
      status: 'success',
      values: { 0: { id: String(id), phone: rented.phone.number } },
    });
    expect(await saJson(t, { api_key: u.apiKey, action: 'setRentStatus', id, status: 2 })).toEqual({
      status: 'error',
      message: 'CANT_CANCEL',
    });
    expect(await saJson(t, { api_key: u.apiKey, action: 'setRentStatus', id, status: 7 })).toEqual({
      status: 'error',
      message: 'INCORECT_STATUS',
    });
    expect(await saJson(t, { api_key: u.apiKey, action: 'setRentStatus', id, status: 1 })).toEqual({
      status: 'success',
    });
    expect(await saJson(t, { api_key: u.apiKey, action: 'getRentStatus', id })).toEqual({
      status: 'error',
      message: 'STATUS_FINISH',
    });
    expect(await saJson(t, { api_key: u.apiKey, action: 'setRentStatus', id, status: 1 })).toEqual({
      status: 'error',
      message: 'ALREADY_FINISH',
    });
    expect(await saJson(t, { api_key: u.apiKey, action: 'getRentStatus', id: 'x' })).toEqual({
      status: 'error',
      message: 'NO_ID_RENT',
    });
    await expectLedgerConsistent(t.db);
  });

  test('rent refusals in JSON: BAD_SERVICE, NO_BALANCE', async () => {
    const poor = await apiUser(t.db, '1');
    expect(
      await saJson(t, { api_key: poor.apiKey, action: 'getRentNumber', service: 'nope1', country: 187 }),
    ).toEqual({
      status: 'error',
      message: 'BAD_SERVICE',
    });
    expect(
      await saJson(t, {
        api_key: poor.apiKey,
        action: 'getRentNumber',
        service: world.appCode,
        country: 187,
        time: 24,
      }),
    ).toEqual({ status: 'error', message: 'NO_BALANCE' });
  });
});

describe('sms-activate: limits and failures', () => {
  test('rate limit per API key, counted in the database: two servers on one database share it', async () => {
    const limited = await buildApp({
      config: { ...t.config, compatRateLimitPerSecond: 5 },
      db: t.db,
      logger: false,
    });
    const second = await buildApp({
      config: { ...t.config, compatRateLimitPerSecond: 5 },
      db: t.db,
      logger: false,
    });
    try {
      const u = await apiUser(t.db);
      const other = await apiUser(t.db);
      // Start at the beginning of a second, so all requests fall into at most two windows.
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          sa({ app: i % 2 ? limited : second }, { api_key: u.apiKey, action: 'getBalance' }),
        ),
      );
      const passed = answers.filter((a) => a.startsWith('ACCESS_BALANCE:')).length;
      expect(passed).toBeGreaterThanOrEqual(1);
      expect(passed).toBeLessThanOrEqual(10);
      expect(answers.filter((a) => a === 'RATE_LIMITED').length).toBe(40 - passed);
      // Another key is not starved by the first one's loop.
      expect(await sa({ app: limited }, { api_key: other.apiKey, action: 'getBalance' })).toBe(
        'ACCESS_BALANCE:10.00',
      );
      expect(await saJson({ app: limited }, { api_key: u.apiKey, action: 'getRentList' })).toEqual(
        expect.objectContaining({ status: 'error' }),
      );
    } finally {
      await limited.close();
      await second.close();
    }
  });

  test('an internal failure answers ERROR_SQL with HTTP 200 (logged), never a 500 or HTML', async () => {
    const u = await apiUser(t.db);
    await t.db.query('alter table compat_rental_marks rename to compat_rental_marks_gone');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/stubs/handler_api.php',
        query: { api_key: u.apiKey, action: 'getStatus', id: '1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('ERROR_SQL');
    } finally {
      await t.db.query('alter table compat_rental_marks_gone rename to compat_rental_marks');
    }
  });
});
