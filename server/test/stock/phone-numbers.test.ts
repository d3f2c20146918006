import type { PhoneBulkResult, PhoneNumber, StockOptions } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEntriesOf, authed, createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { adminToken, dataOf, importNumbers, operatorId, russianMobiles } from './stock-helpers';

let t: TestApp;
let token: string;
let mts: number;
let megafon: number;
let ee: number;
let telegram: number;
let whatsapp: number;
let firstRecord: number;

/** Numbers in the fixture, by what the tests look for. */
const RU_MTS = ['+79031000001', '+79031000002', '+79031000003'];
const RU_MEGAFON = ['+79261000001', '+79261000002'];
const GB_EE = ['+447400100001', '+447400100002'];

type Page = { list: PhoneNumber[]; total: number; page: number; pageSize: number };

const list = async (query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/phone-numbers?${qs}`,
    headers: authed(token),
  });
  return dataOf<Page>(res);
};
const numbersOf = (page: Page) => page.list.map((n) => n.number);
const setState = (payload: unknown, locale = 'zh-CN') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/phone-numbers/state',
    headers: { ...authed(token), 'x-locale': locale },
    payload: payload as Record<string, unknown>,
  });
const stateOf = async (number: string) =>
  (await t.db.query<{ state: string }>('select state from phone_numbers where number = $1', [number]))[0]
    ?.state;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  mts = await operatorId(t, 'RU', 'mts');
  megafon = await operatorId(t, 'RU', 'megafon');
  ee = await operatorId(t, 'GB', 'ee');
  const first = await importNumbers(t, token, RU_MTS.join('\n'), {
    countryCode: 'RU',
    operatorId: mts,
    source: 'SIM-Bank Alpha',
  });
  firstRecord = first.result.addRecordId!;
  await importNumbers(t, token, RU_MEGAFON.join('\n'), {
    countryCode: 'RU',
    operatorId: megafon,
    source: 'android-2',
  });
  await importNumbers(t, token, GB_EE.join('\n'), {
    countryCode: 'GB',
    operatorId: ee,
    source: 'uk supplier',
  });
  // A rental holds one number, another cools down; card use as rentals will record it.
  await t.db.query(`update phone_numbers set state = 'in_use' where number = $1`, [RU_MTS[0]]);
  await t.db.query(
    `update phone_numbers set state = 'cooling_down', cooldown_until = now() + interval '1 hour' where number = $1`,
    [RU_MTS[1]],
  );
  const apps = await t.db.query<{ id: number }>(
    `select id from applications where code in ('tg', 'wa') order by code`,
  );
  telegram = apps[0]!.id;
  whatsapp = apps[1]!.id;
  await t.db.query(
    `insert into phone_number_app_usage (phone_number_id, application_id, use_count)
     select p.id, a.app, 1 from phone_numbers p,
       (values ($1::int, '+79031000001'), ($1, '+79261000001'), ($2, '+79261000001')) as a(app, number)
     where p.number = a.number`,
    [telegram, whatsapp],
  );
});
afterAll(() => t?.close());

describe('GET /api/admin/phone-numbers', () => {
  test('lists the newest first, with country, operator, prefix, source, state and card use', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 20 });
    expect(numbersOf(page)).toEqual(
      [...GB_EE].reverse().concat([...RU_MEGAFON].reverse(), [...RU_MTS].reverse()),
    );
    const inUse = page.list.find((n) => n.number === RU_MTS[0])!;
    expect(inUse).toMatchObject({
      countryCode: 'RU',
      countryNameZh: '俄罗斯',
      countryNameEn: 'Russia',
      operatorId: mts,
      operatorCode: 'mts',
      operatorName: 'MTS',
      prefix: '+7903',
      source: 'SIM-Bank Alpha',
      state: 'in_use',
      cooldownUntil: null,
      addRecordId: firstRecord,
      usedApps: 1,
    });
    expect(inUse.lastUsedAt).not.toBeNull();
    expect(page.list.find((n) => n.number === RU_MTS[1])!.cooldownUntil).not.toBeNull();
  });

  test.each([
    [{ countryCode: 'GB' }, GB_EE],
    [{ countryCode: 'ru' }, [...RU_MTS, ...RU_MEGAFON]],
    [{ operatorId: 'MEGAFON' }, RU_MEGAFON],
    [{ prefix: '+7926' }, RU_MEGAFON],
    [{ prefix: '79031' }, RU_MTS],
    [{ prefix: '+44 7400' }, GB_EE],
    [{ state: 'in_use' }, [RU_MTS[0]]],
    [{ state: 'cooling_down' }, [RU_MTS[1]]],
    [{ source: 'bank alpha' }, RU_MTS],
    [{ source: '100%' }, []],
    [{ addRecordId: 'FIRST' }, RU_MTS],
    [{ cardUse: 'used' }, [RU_MTS[0], RU_MEGAFON[0]]],
    [{ cardUse: 'new' }, [RU_MTS[1], RU_MTS[2], RU_MEGAFON[1], ...GB_EE]],
    [{ cardUse: 'used', applicationId: 'WA' }, [RU_MEGAFON[0]]],
    [{ cardUse: 'new', applicationId: 'WA' }, [...RU_MTS, RU_MEGAFON[1], ...GB_EE]],
    [{ countryCode: 'RU', state: 'available', cardUse: 'new' }, [RU_MTS[2], RU_MEGAFON[1]]],
  ])('filter %j', async (filter, expected) => {
    const query: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(filter)) {
      query[key] =
        value === 'MEGAFON' ? megafon : value === 'FIRST' ? firstRecord : value === 'WA' ? whatsapp : value;
    }
    expect(numbersOf(await list({ ...query, pageSize: 100 })).sort()).toEqual([...expected].sort());
    expect((await list(query)).total).toBe(expected.length);
  });

  test('sorts by a whitelisted column either way', async () => {
    const all = [...RU_MTS, ...RU_MEGAFON, ...GB_EE].sort();
    expect(numbersOf(await list({ sortField: 'number', sortOrder: 'ascend' }))).toEqual(all);
    expect(numbersOf(await list({ sortField: 'number', sortOrder: 'descend' }))).toEqual([...all].reverse());
    const byApps = await list({ sortField: 'usedApps', sortOrder: 'descend' });
    expect(byApps.list.map((n) => n.usedApps).slice(0, 3)).toEqual([2, 1, 0]);
    const byOperator = await list({ sortField: 'operatorName', sortOrder: 'ascend' });
    const names = byOperator.list.map((n) => n.operatorName);
    expect(names.slice(0, 2)).toEqual(['EE', 'EE']);
    // MegaFon and MTS order by the database collation; each stays together.
    expect(names.slice(2).join(',')).toMatch(/^(MegaFon,MegaFon,MTS,MTS,MTS|MTS,MTS,MTS,MegaFon,MegaFon)$/);
    // An unknown sort field is a 400 and never reaches SQL.
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/admin/phone-numbers?sortField=${encodeURIComponent('number; drop table phone_numbers')}`,
      headers: authed(token),
    });
    expect(expectErrorEnvelope(unknown, 400).error).toBe('SORT_FIELD_UNKNOWN');
  });

  test('pages do not overlap and cover everything', async () => {
    const pages = [
      await list({ pageSize: 3, page: 1 }),
      await list({ pageSize: 3, page: 2 }),
      await list({ pageSize: 3, page: 3 }),
    ];
    expect(pages.map((p) => p.list.length)).toEqual([3, 3, 1]);
    expect(new Set(pages.flatMap(numbersOf)).size).toBe(7);
  });

  test.each([
    ['state=sold', '状态只能是'],
    ['prefix=abc', '号段为 + 加 1 到 15 位数字'],
    ['cardUse=old', '卡类型只能是新卡或旧卡'],
    ['pageSize=100000', 'pageSize'],
    ['sortOrder=up', 'sortOrder'],
    ['operatorId=-1', '编号必须是正整数'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/phone-numbers?${query}`,
      headers: authed(token),
    });
    expect(expectErrorEnvelope(res, 400).message).toContain(message);
  });

  test('the filter options come from the catalog and the add records', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/phone-numbers/options',
      headers: authed(token),
    });
    const options = dataOf<StockOptions>(res);
    expect(options.countries.find((c) => c.code === 'RU')).toMatchObject({
      dialCode: '+7',
      nameEn: 'Russia',
    });
    const ruOperators = options.operators.filter((o) => o.countryCode === 'RU');
    expect(ruOperators[0]).toMatchObject({ code: 'any' });
    expect(ruOperators.map((o) => o.id)).toEqual(expect.arrayContaining([mts, megafon]));
    expect(options.applications.map((a) => a.code)).toEqual(expect.arrayContaining(['tg', 'wa']));
    expect([...options.sources].sort()).toEqual(['android-2', 'SIM-Bank Alpha', 'uk supplier'].sort());
  });
});

describe('enable and disable in bulk', () => {
  test('disables the selected numbers; the one in use and an already disabled one are skipped', async () => {
    const ids = (await list({ countryCode: 'RU', pageSize: 100 })).list
      .filter((n) => RU_MTS.includes(n.number))
      .map((n) => n.id);
    const result = dataOf<PhoneBulkResult>(await setState({ ids, enabled: false }));
    expect(result).toEqual({ changed: 2, skipped: 1 });
    expect(await Promise.all(RU_MTS.map(stateOf))).toEqual(['in_use', 'disabled', 'disabled']);
    expect(dataOf<PhoneBulkResult>(await setState({ ids, enabled: false }))).toEqual({
      changed: 0,
      skipped: 3,
    });
    const [entry] = await auditEntriesOf(t.db, 'phone_number', 'bulk');
    expect(entry).toMatchObject({ action: 'disable', actor_name: 'admin', before: { ids } });
    expect(entry!.after).toEqual({ state: 'disabled', changed: 0, skipped: 3 });
  });

  test('enables every number matching a filter, across pages', async () => {
    const result = dataOf<PhoneBulkResult>(await setState({ filter: { prefix: '+7903' }, enabled: true }));
    expect(result).toEqual({ changed: 2, skipped: 1 });
    expect(await Promise.all(RU_MTS.map(stateOf))).toEqual(['in_use', 'available', 'available']);
    const [entry] = await auditEntriesOf(t.db, 'phone_number', 'bulk');
    expect(entry).toMatchObject({ action: 'enable', before: { filter: { prefix: '+7903' } } });
  });

  test('disables all matching an empty filter: everything but numbers in use', async () => {
    expect(dataOf<PhoneBulkResult>(await setState({ filter: {}, enabled: false }))).toEqual({
      changed: 6,
      skipped: 1,
    });
    expect(dataOf<PhoneBulkResult>(await setState({ filter: {}, enabled: true }))).toEqual({
      changed: 6,
      skipped: 1,
    });
  });

  test.each([
    [{ enabled: true }, '请选择号码，或选择全部符合筛选条件的号码（二选一）'],
    [{ enabled: true, ids: [1], filter: {} }, '请选择号码，或选择全部符合筛选条件的号码（二选一）'],
    [{ enabled: true, ids: [] }, '请至少选择一个号码'],
    [{ enabled: true, ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, '一次最多选择 1000 个号码'],
    [{ ids: [1] }, '请选择启用或禁用'],
    [{ enabled: true, filter: { state: 'gone' } }, '状态只能是'],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const before = await t.db.query('select id, state from phone_numbers order by id');
    expect(expectErrorEnvelope(await setState(payload), 400).message).toContain(message);
    expect(await t.db.query('select id, state from phone_numbers order by id')).toEqual(before);
  });

  test('answers in English when asked', async () => {
    const body = expectErrorEnvelope(await setState({ enabled: true, ids: [] }, 'en-US'), 400);
    expect(body.message).toContain('Please select at least one number');
  });
});

describe('edit and delete', () => {
  const idOf = async (number: string) =>
    (await t.db.query<{ id: number }>('select id from phone_numbers where number = $1', [number]))[0]!.id;
  const edit = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/phone-numbers/${id}`, headers: authed(token), payload });

  test("changes a number's operator within its country and its source, audit-logged", async () => {
    const id = await idOf(RU_MEGAFON[1]!);
    const updated = dataOf<PhoneNumber>(await edit(id, { operatorId: mts, source: ' android-3 ' }));
    expect(updated).toMatchObject({ operatorId: mts, operatorName: 'MTS', source: 'android-3' });
    const [entry] = await auditEntriesOf(t.db, 'phone_number', id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { operatorId: megafon, source: 'android-2' },
      after: { operatorId: mts, source: 'android-3' },
    });
  });

  test('refuses an operator of another country, a number in use, and a number that does not exist', async () => {
    const gb = await idOf(GB_EE[0]!);
    expect(expectErrorEnvelope(await edit(gb, { operatorId: mts }), 400).message).toBe(
      '该运营商不属于所选国家',
    );
    const inUse = await idOf(RU_MTS[0]!);
    expectErrorEnvelope(await edit(inUse, { operatorId: megafon }), 409);
    expectErrorEnvelope(await edit(999_999, { source: 'x' }), 404);
    expect(expectErrorEnvelope(await edit(gb, { source: '' }), 400).message).toContain('请填写号码来源');
  });

  test('deletes the selected numbers except the one in use', async () => {
    const ids = [await idOf(RU_MTS[0]!), await idOf(GB_EE[1]!)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phone-numbers/delete',
      headers: authed(token),
      payload: { ids },
    });
    expect(dataOf<PhoneBulkResult>(res)).toEqual({ changed: 1, skipped: 1 });
    expect(await stateOf(GB_EE[1]!)).toBeUndefined();
    expect(await stateOf(RU_MTS[0]!)).toBe('in_use');
    const [entry] = await auditEntriesOf(t.db, 'phone_number', ids[1]);
    expect(entry).toMatchObject({
      action: 'delete',
      before: [{ id: ids[1], number: GB_EE[1], state: 'available' }],
    });
  });
});

describe('CSV export', () => {
  const exportCsv = (query: string, locale = 'zh-CN') =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/phone-numbers/export?${query}`,
      headers: { ...authed(token), 'x-locale': locale },
    });

  test('exports the filtered numbers with headers in the caller language, numbers as they are', async () => {
    const res = await exportCsv('countryCode=RU&prefix=%2B7926');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="phone-numbers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF编号,号码,国家代码,国家,运营商,号段,来源,状态,冷却至,已用应用数,最近使用,添加记录,添加时间',
    );
    expect(lines.slice(1, -1).map((l) => l.split(',').slice(1, 8))).toEqual([
      ['+79261000001', 'RU', '俄罗斯', 'MegaFon', '+7926', 'android-2', '可用'],
      ['+79261000002', 'RU', '俄罗斯', 'MTS', '+7926', 'android-3', '可用'],
    ]);
    expect(lines.at(-1)).toBe('');
    const english = await exportCsv('state=in_use', 'en-US');
    expect(english.body.split('\r\n')[0]).toContain('Number,Country code,Country,Operator');
    expect(english.body.split('\r\n')[1]).toContain(
      ',+79031000001,RU,Russia,MTS,+7903,SIM-Bank Alpha,In use,',
    );
  });

  test('streams a large export page by page: every row once, one header', async () => {
    const many = russianMobiles(12_000, 300_000);
    await importNumbers(t, token, many.join('\n'), { countryCode: 'RU', source: 'bulk-export' });
    const res = await exportCsv('source=bulk-export');
    const rows = res.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(12_000);
    expect(new Set(rows.map((r) => r.split(',')[1])).size).toBe(12_000);
    expect(res.body.match(/编号,号码/g)).toHaveLength(1);
  });

  test('a bad filter is a 400, not a broken file', async () => {
    expectErrorEnvelope(await exportCsv('state=nope'), 400);
  });
});
