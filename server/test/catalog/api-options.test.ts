import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { resolvePrice } from '../../src/modules/catalog/api-options.service';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { asAdmin, auditRows, data } from './catalog-helpers';

let t: TestApp;
let admin: ReturnType<typeof asAdmin>;
let activation: number;
let app: { tg: number; wa: number };
let op: { usAny: number; usVerizon: number; ruMts: number };

const idOf = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ id: number }>(sql, params))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = asAdmin(t);
  activation = await idOf(`select id from validity_options where kind = 'activation' and minutes = 20`);
  app = {
    tg: await idOf(`select id from applications where code = 'tg'`),
    wa: await idOf(`select id from applications where code = 'wa'`),
  };
  op = {
    usAny: await idOf(`select id from operators where country_code = 'US' and code = 'any'`),
    usVerizon: await idOf(`select id from operators where country_code = 'US' and code = 'verizon'`),
    ruMts: await idOf(`select id from operators where country_code = 'RU' and code = 'mts'`),
  };
});
afterAll(() => t?.close());

type Rule = {
  id: number;
  price: string;
  applicationCode: string | null;
  countryCode: string | null;
  operatorName: string | null;
  enabled: boolean;
};
type Page<T> = { list: T[]; total: number };

const createRule = async (payload: Record<string, unknown>) =>
  data<Rule>(
    await admin({
      method: 'POST',
      url: '/api/admin/price-rules',
      payload: { cardType: 'new', validityOptionId: activation, ...payload },
    }),
  );
const priceOf = async (query: Record<string, string | number>) =>
  data<{ price: string | null; ruleId: number | null }>(
    await admin({
      method: 'GET',
      url: `/api/admin/price-rules/resolve?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    }),
  );

describe('validity options', () => {
  test('create, edit, delete (with its rules), audited; duplicates refused', async () => {
    const created = data<{ id: number; kind: string; minutes: number; ruleCount: number }>(
      await admin({
        method: 'POST',
        url: '/api/admin/validity-options',
        payload: { kind: 'rental', minutes: 3 * 1440, nameZh: '租用 3 天', nameEn: 'Rental, 3 days' },
      }),
    );
    expect(created).toMatchObject({ kind: 'rental', minutes: 4320, ruleCount: 0 });
    const dup = expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/validity-options',
        payload: { kind: 'rental', minutes: 4320, nameZh: 'x', nameEn: 'x' },
      }),
      409,
    );
    expect(dup.message).toBe('相同类型和时长的有效期选项已存在');
    const edited = data<{ enabled: boolean; nameEn: string }>(
      await admin({
        method: 'PUT',
        url: `/api/admin/validity-options/${created.id}`,
        payload: { enabled: false, nameEn: '3 days' },
      }),
    );
    expect(edited).toMatchObject({ enabled: false, nameEn: '3 days' });
    await createRule({ validityOptionId: created.id, price: '2' });
    expect(
      (await admin({ method: 'DELETE', url: `/api/admin/validity-options/${created.id}` })).statusCode,
    ).toBe(200);
    expect(
      await t.db.query('select 1 from price_rules where validity_option_id = $1', [created.id]),
    ).toHaveLength(0);
    expect((await auditRows(t, 'validity_option', created.id)).map((r) => r.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
  });

  test.each([
    [{ kind: 'forever' }, '类型必须为激活或租用', 'The kind must be activation or rental'],
    [{ minutes: 0 }, '时长为 1 分钟到 366 天', 'The duration is from 1 minute to 366 days'],
    [{ minutes: 367 * 1440 }, '时长为 1 分钟到 366 天', 'The duration is from 1 minute to 366 days'],
    [{ minutes: '20' }, '时长为 1 分钟到 366 天', 'The duration is from 1 minute to 366 days'],
    [{ minutes: -3 * 1440 }, '时长为 1 分钟到 366 天', 'The duration is from 1 minute to 366 days'],
    [{ minutes: 1.5 }, '时长必须是整数分钟', 'The duration must be a whole number of minutes'],
    [{ nameEn: '' }, '请输入英文名称', 'Please enter the English name'],
  ])('refuses %j in both languages', async (bad, zh, en) => {
    const payload = { kind: 'activation', minutes: 30, nameZh: '激活 30 分钟', nameEn: '30 minutes', ...bad };
    expect(
      expectErrorEnvelope(await admin({ method: 'POST', url: '/api/admin/validity-options', payload }), 400)
        .message,
    ).toContain(zh);
    expect(
      expectErrorEnvelope(
        await admin({ method: 'POST', url: '/api/admin/validity-options', payload, locale: 'en-US' }),
        400,
      ).message,
    ).toContain(en);
    expect(await t.db.query(`select 1 from validity_options where minutes = 30`)).toHaveLength(0);
  });
});

describe('price rules', () => {
  test('CRUD with audit; the same scope twice is refused', async () => {
    const rule = await createRule({ applicationId: app.wa, countryCode: 'id', price: '0.4' });
    expect(rule).toMatchObject({ price: '0.400000', applicationCode: 'wa', countryCode: 'ID' });
    const dup = expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/price-rules',
        payload: {
          applicationId: app.wa,
          countryCode: 'ID',
          cardType: 'new',
          validityOptionId: activation,
          price: '1',
        },
      }),
      409,
    );
    expect(dup.message).toContain('价格规则已存在');
    const edited = data<Rule>(
      await admin({
        method: 'PUT',
        url: `/api/admin/price-rules/${rule.id}`,
        payload: { price: '0.45', enabled: false },
      }),
    );
    expect(edited).toMatchObject({ price: '0.450000', enabled: false });
    expect((await admin({ method: 'DELETE', url: `/api/admin/price-rules/${rule.id}` })).statusCode).toBe(
      200,
    );
    expect((await auditRows(t, 'price_rule', rule.id)).map((r) => r.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
  });

  test.each([
    [{ price: '-1' }, 'price', '价格为大于 0 的数字，最多 6 位小数'],
    [{ price: '0.1234567' }, 'price', '价格最多 6 位小数'],
    [{ price: 0.1 }, 'price', '价格为大于 0 的数字，最多 6 位小数'],
    [{ price: '1e3' }, 'price', '价格为大于 0 的数字，最多 6 位小数'],
    [{ price: '0' }, 'price', '价格必须大于 0'],
    [{ price: '0.000000' }, 'price', '价格必须大于 0'],
    [{ price: '9999999999999' }, 'price', '价格过大'],
    [{ cardType: 'old' }, 'cardType', '卡类型必须为新卡或旧卡'],
    [{ validityOptionId: 'x' }, 'validityOptionId', '请选择有效的项目'],
    [{ applicationId: -3 }, 'applicationId', '请选择有效的项目'],
    [{ countryCode: 'USA' }, 'countryCode', '国家代码为 2 位英文字母'],
    [{ operatorId: 5 }, 'operatorId', '指定运营商时必须同时指定国家'],
  ])('refuses %j', async (bad, field, zh) => {
    const before = await t.db.query('select count(*)::int as n from price_rules');
    const payload = { cardType: 'used', validityOptionId: activation, price: '0.2', ...bad };
    const body = expectErrorEnvelope(
      await admin({ method: 'POST', url: '/api/admin/price-rules', payload }),
      400,
    );
    expect(body.message).toContain(field);
    expect(body.message).toContain(zh);
    expect(await t.db.query('select count(*)::int as n from price_rules')).toEqual(before);
  });

  test('refuses references that do not exist and an operator of another country', async () => {
    const base = { cardType: 'used', validityOptionId: activation, price: '0.2' };
    expect(
      expectErrorEnvelope(
        await admin({
          method: 'POST',
          url: '/api/admin/price-rules',
          payload: { ...base, applicationId: 999999 },
        }),
        404,
      ).message,
    ).toBe('应用不存在');
    expect(
      expectErrorEnvelope(
        await admin({
          method: 'POST',
          url: '/api/admin/price-rules',
          payload: { ...base, countryCode: 'QQ' },
        }),
        404,
      ).message,
    ).toBe('国家不存在');
    expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/price-rules',
        payload: { ...base, validityOptionId: 999999 },
      }),
      404,
    );
    const mismatch = expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/price-rules',
        payload: { ...base, countryCode: 'US', operatorId: op.ruMts },
        locale: 'en-US',
      }),
      400,
    );
    expect(mismatch.message).toBe('The chosen operator does not belong to the chosen country');
  });

  test('filters: "any" selects the defaults, a value selects exactly it', async () => {
    const defaults = data<Page<Rule>>(
      await admin({
        method: 'GET',
        url: `/api/admin/price-rules?applicationId=any&validityOptionId=${activation}`,
      }),
    );
    expect(defaults.list.every((r) => r.applicationCode === null)).toBe(true);
    const tg = data<Page<Rule>>(
      await admin({ method: 'GET', url: `/api/admin/price-rules?applicationId=${app.tg}&countryCode=any` }),
    );
    expect(tg.list.map((r) => r.price).sort()).toEqual(['0.150000', '0.300000']);
    const csv = await admin({ method: 'GET', url: `/api/admin/price-rules/export?applicationId=${app.tg}` });
    expect(csv.body).toContain('price_usdt');
    expect(csv.body).toContain('0.300000');
  });
});

describe('price resolution: operator > country > application > global', () => {
  beforeEach(async () => {
    await t.db.query(`delete from price_rules where country_code in ('US', 'RU')`);
  });

  test('each more specific rule wins over the less specific ones', async () => {
    const q = {
      applicationId: app.tg,
      countryCode: 'US',
      operatorId: op.usVerizon,
      cardType: 'new',
      validityOptionId: activation,
    };
    expect((await priceOf(q)).price).toBe('0.300000'); // Telegram's seeded activation price
    expect((await priceOf({ ...q, applicationId: app.wa })).price).toBe('0.350000');
    const country = await createRule({ countryCode: 'US', price: '0.5' });
    expect(await priceOf(q)).toEqual({ price: '0.500000', ruleId: country.id });
    const appCountry = await createRule({ applicationId: app.tg, countryCode: 'US', price: '0.55' });
    expect((await priceOf(q)).ruleId).toBe(appCountry.id);
    expect((await priceOf({ ...q, applicationId: app.wa })).ruleId).toBe(country.id);
    const operator = await createRule({ countryCode: 'US', operatorId: op.usVerizon, price: '0.7' });
    expect(await priceOf(q)).toEqual({ price: '0.700000', ruleId: operator.id });
    const exact = await createRule({
      applicationId: app.tg,
      countryCode: 'US',
      operatorId: op.usVerizon,
      price: '0.75',
    });
    expect((await priceOf(q)).ruleId).toBe(exact.id);
    // Another operator of the country, or none: the country rules apply.
    expect((await priceOf({ ...q, operatorId: op.usAny })).ruleId).toBe(appCountry.id);
    const { operatorId: _, ...noOperator } = q;
    expect((await priceOf(noOperator)).ruleId).toBe(appCountry.id);
    // A disabled rule is skipped.
    await admin({ method: 'PUT', url: `/api/admin/price-rules/${exact.id}`, payload: { enabled: false } });
    expect((await priceOf(q)).ruleId).toBe(operator.id);
    // The card type is part of the scope.
    expect((await priceOf({ ...q, cardType: 'used' })).price).toBe('0.150000');
  });

  test('no applicable rule: null; the service function works inside a transaction', async () => {
    const rental = await idOf(`select id from validity_options where minutes = 1440`);
    await t.db.query(`update price_rules set enabled = false where validity_option_id = $1`, [rental]);
    expect(
      await priceOf({ applicationId: app.tg, countryCode: 'RU', cardType: 'new', validityOptionId: rental }),
    ).toEqual({ price: null, ruleId: null });
    await t.db.query(`update price_rules set enabled = true where validity_option_id = $1`, [rental]);
    const price = await t.db.transaction((tx) =>
      resolvePrice(tx, {
        applicationId: app.tg,
        countryCode: 'RU',
        operatorId: op.ruMts,
        cardType: 'used',
        validityOptionId: rental,
      }),
    );
    expect(price).toBe('0.500000');
  });

  test('the store asks the same question with api:store', async () => {
    expect(
      data(
        await admin({
          method: 'GET',
          url: `/api/catalog/price?applicationId=${app.tg}&countryCode=RU&cardType=new&validityOptionId=${activation}`,
        }),
      ),
    ).toMatchObject({
      price: '0.300000',
    });
  });
});

describe('bulk edit', () => {
  let ids: number[];
  beforeEach(async () => {
    await t.db.query(`delete from price_rules where country_code = 'BR'`);
    const brApp = (price: string, applicationId: number | null, cardType = 'new') =>
      createRule({ countryCode: 'BR', applicationId, cardType, price });
    ids = [
      (await brApp('0.100000', app.tg)).id,
      (await brApp('0.000001', app.wa)).id,
      (await brApp('0.333333', null)).id,
      (await brApp('0.050000', null, 'used')).id,
    ];
  });
  const prices = async () =>
    (
      await t.db.query<{ price: string }>(
        'select price::text as price from price_rules where id = any($1::int[]) order by array_position($1::int[], id)',
        [ids],
      )
    ).map((r) => r.price);

  test('+10% is exact, and rounding is half away from zero at 6 places', async () => {
    const res = data<{ updated: number }>(
      await admin({
        method: 'POST',
        url: '/api/admin/price-rules/bulk-edit',
        payload: { filter: { countryCode: 'BR' }, mode: 'percent', value: '10' },
      }),
    );
    expect(res.updated).toBe(4);
    expect(await prices()).toEqual(['0.110000', '0.000001', '0.366666', '0.055000']);
    await admin({
      method: 'POST',
      url: '/api/admin/price-rules/bulk-edit',
      payload: { filter: { countryCode: 'BR' }, mode: 'percent', value: '50' },
    });
    expect(await prices()).toEqual(['0.165000', '0.000002', '0.549999', '0.082500']);
    await admin({
      method: 'POST',
      url: '/api/admin/price-rules/bulk-edit',
      payload: { filter: { countryCode: 'BR' }, mode: 'percent', value: '-100' },
    });
    expect(await prices()).toEqual(['0.000000', '0.000000', '0.000000', '0.000000']);
  });

  test('a fixed price for the rules the filter matches only, audited once with before and after', async () => {
    const res = data<{ updated: number }>(
      await admin({
        method: 'POST',
        url: '/api/admin/price-rules/bulk-edit',
        payload: { filter: { countryCode: 'BR', cardType: 'used' }, mode: 'set', value: '0.5' },
      }),
    );
    expect(res.updated).toBe(1);
    expect(await prices()).toEqual(['0.100000', '0.000001', '0.333333', '0.500000']);
    const [row] = await auditRows(t, 'price_rule');
    expect(row).toMatchObject({
      action: 'bulk-edit',
      before: expect.objectContaining({
        mode: 'set',
        value: '0.5',
        rules: [{ id: ids[3], price: '0.050000' }],
      }),
      after: { rules: [{ id: ids[3], price: '0.500000' }] },
    });
    const tgOnly = data<{ updated: number }>(
      await admin({
        method: 'POST',
        url: '/api/admin/price-rules/bulk-edit',
        payload: { filter: { countryCode: 'BR', applicationId: 'any' }, mode: 'percent', value: '-12.5' },
      }),
    );
    expect(tgOnly.updated).toBe(2);
    expect(await prices()).toEqual(['0.100000', '0.000001', '0.291666', '0.437500']);
  });

  test.each([
    [{ mode: 'percent', value: '-100.01' }, '百分比为 -100 到 10000'],
    [{ mode: 'percent', value: 'ten' }, '百分比为 -100 到 10000'],
    [{ mode: 'set', value: '-0.1' }, '价格为大于 0 的数字'],
    [{ mode: 'double', value: '1' }, '调整方式必须为百分比或固定价格'],
    [{ mode: 'set', value: '1', filter: { cardType: 'fresh' } }, '卡类型必须为新卡或旧卡'],
  ])('refuses %j and changes nothing', async (bad, zh) => {
    const before = await prices();
    const payload = { filter: { countryCode: 'BR' }, ...bad };
    expect(
      expectErrorEnvelope(
        await admin({ method: 'POST', url: '/api/admin/price-rules/bulk-edit', payload }),
        400,
      ).message,
    ).toContain(zh);
    expect(await prices()).toEqual(before);
  });

  test('matching nothing changes nothing and writes no audit row', async () => {
    const [before] = await t.db.query<{ n: number }>('select count(*)::int as n from audit_logs');
    const res = data<{ updated: number }>(
      await admin({
        method: 'POST',
        url: '/api/admin/price-rules/bulk-edit',
        payload: { filter: { countryCode: 'AQ' }, mode: 'set', value: '9' },
      }),
    );
    expect(res.updated).toBe(0);
    expect(await t.db.query<{ n: number }>('select count(*)::int as n from audit_logs')).toEqual([before]);
  });
});
