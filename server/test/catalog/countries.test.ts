import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { asAdmin, auditRows, data } from './catalog-helpers';

let t: TestApp;
let admin: ReturnType<typeof asAdmin>;
beforeAll(async () => {
  t = await createTestApp();
  admin = asAdmin(t);
});
afterAll(() => t?.close());

type Country = {
  code: string;
  nameZh: string;
  nameEn: string;
  enabled: boolean;
  sortOrder: number;
  flag: string;
  smsActivateId: number | null;
  fivesimSlug: string | null;
  operatorCount: number;
};
type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

const countryRow = async (code: string) =>
  (await t.db.query('select * from countries where code = $1', [code]))[0];

describe('country list', () => {
  test('pages, sorts by a whitelisted column and searches code, names and dial code', async () => {
    const first = data<Page<Country>>(
      await admin({
        method: 'GET',
        url: '/api/admin/countries?page=2&pageSize=10&sortField=code&sortOrder=ascend',
      }),
    );
    expect(first.list).toHaveLength(10);
    expect(first.page).toBe(2);
    expect(first.list.map((c) => c.code)).toEqual([...first.list.map((c) => c.code)].sort());
    const byName = data<Page<Country>>(
      await admin({ method: 'GET', url: `/api/admin/countries?keyword=${encodeURIComponent('德国')}` }),
    );
    expect(byName.list.map((c) => c.code)).toEqual(['DE']);
    const byEnglish = data<Page<Country>>(
      await admin({ method: 'GET', url: '/api/admin/countries?keyword=japan' }),
    );
    expect(byEnglish.list.map((c) => c.code)).toContain('JP');
    const byDial = data<Page<Country>>(
      await admin({ method: 'GET', url: `/api/admin/countries?keyword=${encodeURIComponent('+86')}` }),
    );
    expect(byDial.list.map((c) => c.code)).toEqual(['CN']);
    const disabled = data<Page<Country>>(
      await admin({ method: 'GET', url: '/api/admin/countries?enabled=false&pageSize=500' }),
    );
    expect(disabled.list.every((c) => !c.enabled)).toBe(true);
    expect(disabled.total).toBeGreaterThan(0);
  });

  test('an unknown sort field is a 400; a wild keyword is searched literally', async () => {
    const res = await admin({
      method: 'GET',
      url: '/api/admin/countries?sortField=password_hash&pageSize=3',
    });
    expect(expectErrorEnvelope(res, 400).error).toBe('SORT_FIELD_UNKNOWN');
    const wild = data<Page<Country>>(
      await admin({ method: 'GET', url: `/api/admin/countries?keyword=${encodeURIComponent("%'_\\")}` }),
    );
    expect(wild.total).toBe(0);
  });

  test('bad query values are refused', async () => {
    expectErrorEnvelope(await admin({ method: 'GET', url: '/api/admin/countries?enabled=maybe' }), 400);
    expectErrorEnvelope(await admin({ method: 'GET', url: '/api/admin/countries?pageSize=100000' }), 400);
  });

  test('CSV export of the filtered list', async () => {
    const res = await admin({ method: 'GET', url: '/api/admin/countries/export?keyword=CN' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'code,dial_code,name_zh,name_en,flag,sms_activate_id,fivesim_slug,enabled,sort_order,operators,updated_at',
    );
    expect(lines, res.body).toContainEqual(expect.stringMatching(/^CN,'?\+86,中国,China,/));
  });
});

describe('country changes', () => {
  test('create: flag derived, an "any" operator added, audited', async () => {
    await admin({ method: 'DELETE', url: '/api/admin/countries/XK' });
    const created = data<Country>(
      await admin({
        method: 'POST',
        url: '/api/admin/countries',
        payload: {
          code: 'xk',
          dialCode: '+383',
          nameZh: '科索沃',
          nameEn: 'Kosovo',
          fivesimSlug: '',
          smsActivateId: null,
        },
      }),
    );
    expect(created).toMatchObject({
      code: 'XK',
      flag: '🇽🇰',
      operatorCount: 1,
      enabled: true,
      sortOrder: 1000,
      fivesimSlug: null,
    });
    const [row] = await auditRows(t, 'country', 'XK');
    expect(row).toMatchObject({ action: 'create', actor_name: 'admin' });
  });

  test('create refuses an existing code and taken sms-activate id / 5sim slug', async () => {
    const base = { dialCode: '+1', nameZh: '测试', nameEn: 'Test' };
    const dup = expectErrorEnvelope(
      await admin({ method: 'POST', url: '/api/admin/countries', payload: { ...base, code: 'US' } }),
      409,
    );
    expect(dup.message).toBe('国家代码 US 已存在');
    await t.db.query(`delete from operators where country_code = 'AQ'`);
    await t.db.query(`delete from countries where code = 'AQ'`);
    const sa = expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/countries',
        payload: { ...base, code: 'AQ', smsActivateId: 187 },
        locale: 'en-US',
      }),
      409,
    );
    expect(sa.message).toBe('The sms-activate id 187 is already used by another country');
    const slug = expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/countries',
        payload: { ...base, code: 'AQ', fivesimSlug: 'usa' },
      }),
      409,
    );
    expect(slug.message).toBe('5sim 标识 usa 已被使用');
    expect(await countryRow('AQ')).toBeUndefined();
  });

  test.each([
    ['code', { code: 'USA' }, '国家代码为 2 位英文字母', 'The country code is 2 letters'],
    ['code', { code: 12 }, '国家代码为 2 位英文字母', 'The country code is 2 letters'],
    ['dialCode', { dialCode: '86' }, '区号为 + 加 1 到 4 位数字', 'The dial code is + and 1 to 4 digits'],
    ['dialCode', { dialCode: '+12345' }, '区号为 + 加 1 到 4 位数字', 'The dial code is + and 1 to 4 digits'],
    ['nameZh', { nameZh: '   ' }, '请输入中文名称', 'Please enter the Chinese name'],
    ['nameEn', { nameEn: 'x'.repeat(65) }, '名称最多 64 个字符', 'The name must be at most 64 characters'],
    [
      'smsActivateId',
      { smsActivateId: -1 },
      'sms-activate 编号为 0 到 99999 的整数',
      'The sms-activate id is a whole number',
    ],
    [
      'smsActivateId',
      { smsActivateId: 1.5 },
      'sms-activate 编号为 0 到 99999 的整数',
      'The sms-activate id is a whole number',
    ],
    [
      'fivesimSlug',
      { fivesimSlug: 'New York' },
      '标识为 1 到 40 位小写字母',
      'The slug is 1 to 40 lower-case',
    ],
    ['sortOrder', { sortOrder: -5 }, '排序为 0 到 1000000 的整数', 'The sort order is a whole number'],
    ['enabled', { enabled: 'yes' }, '启用状态必须为是或否', 'Enabled must be yes or no'],
    ['flag', { flag: 'x'.repeat(17) }, '旗帜最多 16 个字符', 'The flag must be at most 16 characters'],
  ])('create refuses a bad %s in both languages, and adds nothing', async (field, bad, zh, en) => {
    const payload = { code: 'ZZ', dialCode: '+999', nameZh: '测试', nameEn: 'Test', ...bad };
    for (const [locale, text] of [
      ['zh-CN', zh],
      ['en-US', en],
    ] as const) {
      const body = expectErrorEnvelope(
        await admin({ method: 'POST', url: '/api/admin/countries', payload, locale }),
        400,
      );
      expect(body.message).toContain(field);
      expect(body.message).toContain(text);
    }
    expect(await countryRow('ZZ')).toBeUndefined();
  });

  test('update changes only the fields sent, and is audited with before and after', async () => {
    const updated = data<Country>(
      await admin({
        method: 'PUT',
        url: '/api/admin/countries/fr',
        payload: { nameZh: '法兰西', sortOrder: 5 },
      }),
    );
    expect(updated).toMatchObject({
      code: 'FR',
      nameZh: '法兰西',
      nameEn: 'France',
      sortOrder: 5,
      fivesimSlug: 'france',
    });
    const [row] = await auditRows(t, 'country', 'FR');
    expect(row).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ nameZh: '法国' }),
      after: expect.objectContaining({ nameZh: '法兰西' }),
    });
    const toggled = data<Country>(
      await admin({ method: 'PUT', url: '/api/admin/countries/FR', payload: { enabled: false } }),
    );
    expect(toggled.enabled).toBe(false);
  });

  test('update refuses bad fields and an unknown country, changing nothing', async () => {
    const before = await countryRow('DE');
    expectErrorEnvelope(
      await admin({
        method: 'PUT',
        url: '/api/admin/countries/DE',
        payload: { dialCode: 'abc', nameZh: '新名字' },
      }),
      400,
    );
    expectErrorEnvelope(
      await admin({ method: 'PUT', url: '/api/admin/countries/DE', payload: { smsActivateId: 0 } }),
      409,
    );
    expect(await countryRow('DE')).toEqual(before);
    const missing = expectErrorEnvelope(
      await admin({ method: 'PUT', url: '/api/admin/countries/QQ', payload: { nameZh: 'x' } }),
      404,
    );
    expect(missing.message).toBe('国家不存在');
    expectErrorEnvelope(
      await admin({ method: 'PUT', url: '/api/admin/countries/Q1', payload: { nameZh: 'x' } }),
      400,
    );
  });

  test('batch enable/disable writes one audit row per country that changed', async () => {
    const res = data<{ updated: number }>(
      await admin({
        method: 'POST',
        url: '/api/admin/countries/batch-status',
        payload: { codes: ['BV', 'HM', 'US'], enabled: true },
      }),
    );
    expect(res.updated).toBe(2);
    expect((await countryRow('BV'))?.enabled).toBe(true);
    expect((await auditRows(t, 'country', 'HM'))[0]).toMatchObject({ action: 'enable' });
    expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/countries/batch-status',
        payload: { codes: [], enabled: true },
      }),
      400,
    );
  });

  test('delete removes the country with its operators and price rules, audited', async () => {
    const [option] = await t.db.query<{ id: number }>('select id from validity_options order by id limit 1');
    await t.db.query(
      `insert into price_rules (country_code, card_type, validity_option_id, price) values ('TV', 'new', $1, 1)`,
      [option!.id],
    );
    const res = await admin({ method: 'DELETE', url: '/api/admin/countries/TV' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countryRow('TV')).toBeUndefined();
    expect(await t.db.query(`select 1 from operators where country_code = 'TV'`)).toHaveLength(0);
    expect((await auditRows(t, 'country', 'TV'))[0]).toMatchObject({ action: 'delete' });
    expectErrorEnvelope(await admin({ method: 'DELETE', url: '/api/admin/countries/TV' }), 404);
  });

  test('delete is refused while phone numbers use the country', async () => {
    const [op] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'NR' and code = 'any'`,
    );
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix) values ('+6745550000', 'NR', $1, '+674555')`,
      [op!.id],
    );
    const body = expectErrorEnvelope(
      await admin({ method: 'DELETE', url: '/api/admin/countries/NR', locale: 'en-US' }),
      409,
    );
    expect(body.message).toMatch(/disable it instead/);
    expect(await countryRow('NR')).toBeDefined();
  });
});
