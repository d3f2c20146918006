import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { backdate, balanceOf, entriesOf, expectLedgerConsistent } from '../store/store-helpers';
import { apiUser, compatWorld, sa, saJson, smsArrives } from './compat-helpers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 12);
}, 60_000);
afterAll(() => t.close());

const US = 187;

describe('sms-activate: keys, actions, transport', () => {
  test('a missing, unknown or "undefined" key is BAD_KEY; a missing or unknown action BAD_ACTION', async () => {
    const u = await apiUser(t.db);
    expect(await sa(t, { action: 'getBalance' })).toBe('BAD_KEY');
    expect(await sa(t, { action: 'getBalance', api_key: 'nope' })).toBe('BAD_KEY');
    expect(await sa(t, { action: 'getBalance', api_key: 'undefined' })).toBe('BAD_KEY');
    expect(await sa(t, { api_key: u.apiKey })).toBe('BAD_ACTION');
    expect(await sa(t, { api_key: u.apiKey, action: 'launchRocket' })).toBe('BAD_ACTION');
    expect(await sa(t, { api_key: u.apiKey, action: 'undefined' })).toBe('BAD_ACTION');
  });

  test('a disabled user, or an agent without the store permission, is BAD_KEY', async () => {
    const u = await apiUser(t.db);
    await t.db.query('update users set enabled = false where id = $1', [u.userId]);
    expect(await sa(t, { action: 'getBalance', api_key: u.apiKey })).toBe('BAD_KEY');
    const agent = await apiUser(t.db);
    await t.db.query('update users set user_type = 3 where id = $1', [agent.userId]);
    await t.db.query("update user_roles set role = 'AGENT' where user_id = $1", [agent.userId]);
    expect(await sa(t, { action: 'getBalance', api_key: agent.apiKey })).toBe('BAD_KEY');
  });

  test('getBalance and getBalanceAndCashBack: ACCESS_BALANCE with at least two decimals; action names in any case', async () => {
    const u = await apiUser(t.db, '10.5');
    expect(await sa(t, { api_key: u.apiKey, action: 'getBalance' })).toBe('ACCESS_BALANCE:10.50');
    expect(await sa(t, { api_key: u.apiKey, action: 'getBalanceAndCashBack' })).toBe('ACCESS_BALANCE:10.50');
    expect(await sa(t, { api_key: u.apiKey, action: 'getbalance' })).toBe('ACCESS_BALANCE:10.50');
    const cents = await apiUser(t.db, '0.123456');
    expect(await sa(t, { api_key: cents.apiKey, action: 'getBalance' })).toBe('ACCESS_BALANCE:0.123456');
  });

  test('POST: form body, query string with an empty form body, multipart and JSON all give the same answer', async () => {
    const u = await apiUser(t.db, '3');
    const expected = 'ACCESS_BALANCE:3.00';
    const form = await t.app.inject({
      method: 'POST',
      url: '/stubs/handler_api.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `api_key=${u.apiKey}&action=getBalance`,
    });
    const emptyBody = await t.app.inject({
      method: 'POST',
      url: `/stubs/handler_api.php?api_key=${u.apiKey}&action=getBalance`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const boundary = 'XyZ123';
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/stubs/handler_api.php',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="api_key"',
        '',
        u.apiKey,
        `--${boundary}`,
        'Content-Disposition: form-data; name="action"',
        '',
        'getBalance',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/stubs/handler_api.php',
      payload: { api_key: u.apiKey, action: 'getBalance' },
    });
    const brokenJson = await t.app.inject({
      method: 'POST',
      url: `/stubs/handler_api.php?api_key=${u.apiKey}&action=getBalance`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    for (const res of [form, emptyBody, multipart, json, brokenJson]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
  });
});

describe('sms-activate: getNumber and its refusals', () => {
  test('unknown service BAD_SERVICE, unknown or malformed country BAD_COUNTRY, no stock NO_NUMBERS', async () => {
    const u = await apiUser(t.db);
    const base = { api_key: u.apiKey, action: 'getNumber' };
    expect(await sa(t, { ...base, country: US })).toBe('BAD_SERVICE');
    expect(await sa(t, { ...base, service: 'zzzz9', country: US })).toBe('BAD_SERVICE');
    expect(await sa(t, { ...base, service: world.appCode, country: 9999 })).toBe('BAD_COUNTRY');
    expect(await sa(t, { ...base, service: world.appCode, country: 'usa' })).toBe('BAD_COUNTRY');
    expect(await sa(t, { ...base, service: world.appCode, country: 16 })).toBe('NO_NUMBERS');
    // Wrong in several ways: the catalog is read at once, and still the first refusal in this order answers.
    expect(await sa(t, { ...base, service: 'zzzz9', country: 9999, maxPrice: 'x' })).toBe('BAD_SERVICE');
    expect(await sa(t, { ...base, service: world.appCode, country: 9999, maxPrice: 'x' })).toBe(
      'BAD_COUNTRY',
    );
    expect(
      await sa(t, { ...base, service: world.appCode, country: US, maxPrice: 'x', phoneException: 'y' }),
    ).toBe('WRONG_MAX_PRICE:0');
    expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
  });

  test('a service with numbers in stock but no price: NO_NUMBERS with or without maxPrice, nothing charged', async () => {
    const u = await apiUser(t.db);
    const [app] = await t.db.query<{ code: string }>(
      `insert into applications (code, name_zh, name_en, code_pattern)
       values ('np' || floor(random() * 1e6)::int, '无价', 'Unpriced', '\\d{4,8}') returning code`,
    );
    // The rules for every application (the seeded defaults) are set aside for this test.
    const general = await t.db.query<{ id: number }>(
      'update price_rules set enabled = false where application_id is null and enabled returning id',
    );
    try {
      const base = { api_key: u.apiKey, action: 'getNumber', service: app!.code, country: US };
      expect(await sa(t, base)).toBe('NO_NUMBERS');
      expect(await sa(t, { ...base, maxPrice: '5' })).toBe('NO_NUMBERS');
      expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
    } finally {
      await t.db.query('update price_rules set enabled = true where id = any($1::int[])', [
        general.map((r) => r.id),
      ]);
    }
  });

  test('maxPrice below the price: WRONG_MAX_PRICE:<price>; a poor buyer: NO_BALANCE; nothing charged', async () => {
    const u = await apiUser(t.db);
    const base = { api_key: u.apiKey, action: 'getNumber', service: world.appCode, country: US };
    expect(await sa(t, { ...base, maxPrice: '0.1' })).toBe('WRONG_MAX_PRICE:0.123456');
    expect(await sa(t, { ...base, maxPrice: 'cheap' })).toBe('WRONG_MAX_PRICE:0');
    const poor = await apiUser(t.db, '0.1');
    expect(await sa(t, { ...base, api_key: poor.apiKey })).toBe('NO_BALANCE');
    expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
    expect(await balanceOf(t.db, poor.userId)).toBe('0.100000');
  });

  test('ACCESS_NUMBER:<id>:<digits>, charged once, shown in the web app; country 12 is the United States too', async () => {
    const u = await apiUser(t.db);
    const answer = await sa(t, {
      api_key: u.apiKey,
      action: 'getNumber',
      service: world.appCode,
      country: US,
      maxPrice: '0.2',
      operator: 'undefined',
      phoneException: '',
    });
    const match = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(answer);
    expect(match, answer).not.toBeNull();
    const [, id, phone] = match!;
    expect(world.numbers).toContain(`+${phone}`);
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');
    const [rental] = await t.db.query<{ user_id: number; kind: string; status: string }>(
      'select user_id, kind, status from rentals where id = $1',
      [Number(id)],
    );
    expect(rental).toEqual({ user_id: u.userId, kind: 'activation', status: 'active' });
    expect(
      await sa(t, { api_key: u.apiKey, action: 'getNumber', service: world.appCode, country: 12 }),
    ).toMatch(/^ACCESS_NUMBER:\d+:1\d+$/);
    await expectLedgerConsistent(t.db);
  });

  test('phoneException leaves out numbers by prefix; a malformed one is WRONG_EXCEPTION_PHONE', async () => {
    const own = await compatWorld(t.db, 0);
    // Canada (sms-activate 36): only these two numbers in stock.
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix, source)
       select n, 'CA', o.id, '+1416', 'test' from operators o, unnest(array['+14167770001', '+14168880002']) n
       where o.country_code = 'CA' and o.code = 'any'`,
    );
    const u = await apiUser(t.db);
    const base = { api_key: u.apiKey, action: 'getNumber', service: own.appCode, country: 36 };
    expect(await sa(t, { ...base, phoneException: '1416x' })).toBe('WRONG_EXCEPTION_PHONE');
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await sa(t, { ...base, phoneException: '1416777,1416666' }));
    expect(answers[0]).toMatch(/^ACCESS_NUMBER:\d+:14168880002$/);
    expect(answers[1]).toBe('NO_NUMBERS');
  });

  test('operator: a comma list, the first one with numbers; unknown names fall back to any operator', async () => {
    const own = await compatWorld(t.db, 0);
    const [op] = await t.db.query<{ id: number }>(
      `insert into operators (country_code, code, name) values ('US', 'tmobile', 'T-Mobile')
       on conflict (country_code, code) do update set enabled = true returning id`,
    );
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix, source) values ('+15559990003', 'US', $1, '+1555', 'test')`,
      [op!.id],
    );
    const u = await apiUser(t.db);
    const answer = await sa(t, {
      api_key: u.apiKey,
      action: 'getNumberV2',
      service: own.appCode,
      country: US,
      operator: 'verizon,tmobile',
    });
    const json = JSON.parse(answer);
    expect(json.phoneNumber).toBe('15559990003');
    expect(json.activationOperator).toBe('tmobile');
    // The number is in the US stock the later tests buy from for the file's own application. Held by two
    // applications without sender or keyword patterns, an SMS on it belongs to neither (attribution's
    // rule), so a later test picking it at random would see its code go to no rental: end this hold.
    await t.db.query("update rentals set status = 'finished', ended_at = now() where id = $1", [
      json.activationId,
    ]);
  });

  test('getNumberV2: the JSON answer; the same orderId answers the same activation, another request with it ORDER_ALREADY_EXISTS', async () => {
    const u = await apiUser(t.db);
    const params = {
      api_key: u.apiKey,
      action: 'getNumberV2',
      service: world.appCode,
      country: US,
      orderId: 'my-42',
    };
    const first = await saJson(t, params);
    expect(first).toEqual({
      activationId: expect.any(Number),
      phoneNumber: expect.stringMatching(/^1\d+$/),
      activationCost: 0.123456,
      currency: 840,
      countryCode: '187',
      canGetAnotherSms: '1',
      activationTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      activationEndTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      activationOperator: expect.any(String),
    });
    const [row] = await t.db.query<{ expires_at: Date }>('select expires_at from rentals where id = $1', [
      first.activationId,
    ]);
    expect(first.activationEndTime).toBe(row!.expires_at.toISOString().slice(0, 19).replace('T', ' '));
    expect(await saJson(t, params)).toEqual(first);
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');
    expect(await sa(t, { ...params, country: 12, service: 'tg' })).toBe('ORDER_ALREADY_EXISTS');
  });
});

describe('sms-activate: an activation through its life', () => {
  const buy = async (apiKey: string) => {
    const answer = await sa(t, { api_key: apiKey, action: 'getNumber', service: world.appCode, country: US });
    return Number(answer.split(':')[1]);
  };

  test('status words: wait, ok, wait-retry after status 3, ok again, then finished: still STATUS_OK with its code', async () => {
    const u = await apiUser(t.db);
    const id = await buy(u.apiKey);
    const call = (extra: Record<string, string | number>) => sa(t, { api_key: u.apiKey, id, ...extra });
    expect(await call({ action: 'getStatus' })).toBe('STATUS_WAIT_CODE');
    expect(await call({ action: 'getFullSms' })).toBe('STATUS_WAIT_CODE');
    expect(await saJson(t, { api_key: u.apiKey, id, action: 'getStatusV2' })).toEqual({
      verificationType: 0,
      sms: null,
      call: null,
    });
    expect(await call({ action: 'setStatus', status: 1 })).toBe('ACCESS_READY');
    expect(await call({ action: 'setStatus', status: 3 })).toBe('BAD_STATUS');
    expect(await call({ action: 'setStatus', status: 6 })).toBe('BAD_STATUS');

    await smsArrives(t, id, 'Telegram code 12345', '12345');
    expect(await call({ action: 'getStatus' })).toBe('STATUS_OK:12345');
    expect(await call({ action: 'getFullSms' })).toBe('FULL_SMS:Telegram code 12345');
    expect(await saJson(t, { api_key: u.apiKey, id, action: 'getStatusV2' })).toEqual({
      verificationType: 0,
      sms: {
        dateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        code: '12345',
        text: 'Telegram code 12345',
      },
      call: null,
    });
    expect(await call({ action: 'setStatus', status: 8 })).toBe('BAD_STATUS');

    expect(await call({ action: 'setStatus', status: 3 })).toBe('ACCESS_RETRY_GET');
    expect(await call({ action: 'getStatus' })).toBe('STATUS_WAIT_RETRY:12345');
    await new Promise((r) => setTimeout(r, 5));
    await smsArrives(t, id, 'Telegram code 67890', '67890');
    expect(await call({ action: 'getStatus' })).toBe('STATUS_OK:67890');

    expect(await call({ action: 'setStatus', status: 6 })).toBe('ACCESS_ACTIVATION');
    // Finished successfully: the code it was finished with, not STATUS_CANCEL (a cancelled one's word).
    expect(await call({ action: 'getStatus' })).toBe('STATUS_OK:67890');
    expect(await call({ action: 'getFullSms' })).toBe('FULL_SMS:Telegram code 67890');
    expect(await saJson(t, { api_key: u.apiKey, id, action: 'getStatusV2' })).toMatchObject({
      sms: { code: '67890' },
    });
    expect(await call({ action: 'setStatus', status: 6 })).toBe('ACCESS_ACTIVATION');
    expect(await call({ action: 'setStatus', status: 8 })).toBe('BAD_STATUS');
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');
  });

  test('setStatus 6 in STATUS_WAIT_RETRY finishes with the code already received; a cancelled one is STATUS_CANCEL', async () => {
    const u = await apiUser(t.db);
    const id = await buy(u.apiKey);
    const call = (extra: Record<string, string | number>) => sa(t, { api_key: u.apiKey, id, ...extra });
    await smsArrives(t, id, 'Telegram code 24680', '24680');
    expect(await call({ action: 'setStatus', status: 3 })).toBe('ACCESS_RETRY_GET');
    expect(await call({ action: 'getStatus' })).toBe('STATUS_WAIT_RETRY:24680');
    expect(await call({ action: 'setStatus', status: 6 })).toBe('ACCESS_ACTIVATION');
    expect(await call({ action: 'getStatus' })).toBe('STATUS_OK:24680');
    const [row] = await t.db.query<{ status: string; refunded_at: Date | null }>(
      'select status, refunded_at from rentals where id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'finished', refunded_at: null });
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');

    const cancelled = await buy(u.apiKey);
    await backdate(t.db, [cancelled], { boughtMinutesAgo: 3 });
    expect(await sa(t, { api_key: u.apiKey, id: cancelled, action: 'setStatus', status: 8 })).toBe(
      'ACCESS_CANCEL',
    );
    expect(await sa(t, { api_key: u.apiKey, id: cancelled, action: 'getStatus' })).toBe('STATUS_CANCEL');
    expect(await sa(t, { api_key: u.apiKey, id: cancelled, action: 'getFullSms' })).toBe('STATUS_CANCEL');
  });

  test("ids: getStatus of a malformed id NO_ACTIVATION, setStatus's WRONG_ACTIVATION_ID; someone else's or unknown NO_ACTIVATION; unknown status BAD_STATUS", async () => {
    const u = await apiUser(t.db);
    const other = await apiUser(t.db);
    const id = await buy(u.apiKey);
    const balance = await balanceOf(t.db, u.userId);
    for (const action of ['getStatus', 'getStatusV2', 'getFullSms']) {
      expect(await sa(t, { api_key: u.apiKey, action, id: 'abc' })).toBe('NO_ACTIVATION');
      expect(await sa(t, { api_key: u.apiKey, action })).toBe('NO_ACTIVATION');
      expect(await sa(t, { api_key: u.apiKey, action, id: '-1' })).toBe('NO_ACTIVATION');
    }
    expect(await sa(t, { api_key: u.apiKey, action: 'setStatus', id: 'abc', status: 8 })).toBe(
      'WRONG_ACTIVATION_ID',
    );
    expect(await sa(t, { api_key: other.apiKey, action: 'getStatus', id })).toBe('NO_ACTIVATION');
    // Every status, also those whose action checks the owner itself instead of reading the activation first.
    for (const status of ['1', '3', '6', '8', '-1', '5']) {
      expect(await sa(t, { api_key: other.apiKey, action: 'setStatus', id, status })).toBe('NO_ACTIVATION');
      expect(await sa(t, { api_key: u.apiKey, action: 'setStatus', id: 999_999_999, status })).toBe(
        'NO_ACTIVATION',
      );
    }
    await backdate(t.db, [id], { boughtMinutesAgo: 3 });
    expect(await sa(t, { api_key: other.apiKey, action: 'setStatus', id, status: 8 })).toBe('NO_ACTIVATION');
    expect(await sa(t, { api_key: u.apiKey, action: 'getStatus', id })).toBe('STATUS_WAIT_CODE');
    expect(await balanceOf(t.db, u.userId)).toBe(balance);
    expect(await sa(t, { api_key: u.apiKey, action: 'getStatus', id: 999_999_999 })).toBe('NO_ACTIVATION');
    expect(await sa(t, { api_key: u.apiKey, action: 'setStatus', id, status: 5 })).toBe('BAD_STATUS');
  });

  test('cancel inside the 2-minute lock EARLY_CANCEL_DENIED; after it ACCESS_CANCEL, refunded exactly once', async () => {
    const u = await apiUser(t.db);
    const id = await buy(u.apiKey);
    expect(await sa(t, { api_key: u.apiKey, action: 'setStatus', id, status: 8 })).toBe(
      'EARLY_CANCEL_DENIED',
    );
    expect(await balanceOf(t.db, u.userId)).toBe('9.876544');
    await backdate(t.db, [id], { boughtMinutesAgo: 3 });
    const answers = await Promise.all([
      sa(t, { api_key: u.apiKey, action: 'setStatus', id, status: 8 }),
      sa(t, { api_key: u.apiKey, action: 'setStatus', id, status: -1 }),
    ]);
    expect(answers).toEqual(['ACCESS_CANCEL', 'ACCESS_CANCEL']);
    expect(await sa(t, { api_key: u.apiKey, action: 'getStatus', id })).toBe('STATUS_CANCEL');
    expect(await balanceOf(t.db, u.userId)).toBe('10.000000');
    expect(await entriesOf(t.db, `refund:rental:${id}`)).toHaveLength(1);
    await expectLedgerConsistent(t.db);
  });

  test('getActiveActivations and getHistory; WRONG_DATE for a bad window', async () => {
    const u = await apiUser(t.db);
    expect(await saJson(t, { api_key: u.apiKey, action: 'getActiveActivations' })).toEqual({
      status: 'error',
      error: 'NO_ACTIVATIONS',
    });
    const id = await buy(u.apiKey);
    await smsArrives(t, id, 'code 5555', '5555');
    const active = await saJson<{ status: string; activeActivations: Record<string, unknown>[] }>(t, {
      api_key: u.apiKey,
      action: 'getActiveActivations',
    });
    expect(active.status).toBe('success');
    expect(active.activeActivations).toEqual([
      expect.objectContaining({
        activationId: String(id),
        serviceCode: world.appCode,
        activationCost: 0.123456,
        activationStatus: '4',
        smsCode: ['5555'],
        smsText: '[code 5555]',
        countryCode: '187',
        currency: 840,
      }),
    ]);
    const history = await saJson<Record<string, unknown>[]>(t, { api_key: u.apiKey, action: 'getHistory' });
    expect(history).toEqual([
      expect.objectContaining({ id, cost: 0.123456, status: '4', currency: 840, sms: '["code 5555"]' }),
    ]);
    const now = Math.floor(Date.now() / 1000);
    expect(await sa(t, { api_key: u.apiKey, action: 'getHistory', start: now - 40 * 86400, end: now })).toBe(
      'WRONG_DATE',
    );
    expect(await sa(t, { api_key: u.apiKey, action: 'getHistory', start: 'yesterday' })).toBe('WRONG_DATE');
    expect(
      await saJson(t, { api_key: u.apiKey, action: 'getHistory', start: now - 100, end: now + 100 }),
    ).toHaveLength(1);
  });
});
