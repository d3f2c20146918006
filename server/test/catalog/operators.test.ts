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

type Operator = {
  id: number;
  countryCode: string;
  countryNameZh: string;
  code: string;
  name: string;
  fivesimSlug: string | null;
  enabled: boolean;
  sortOrder: number;
};
type Page<T> = { list: T[]; total: number };

const anyOf = async (country: string) =>
  (
    await t.db.query<{ id: number }>(`select id from operators where country_code = $1 and code = 'any'`, [
      country,
    ])
  )[0]!.id;

describe('operators', () => {
  test('list filters by country and searches; export as CSV', async () => {
    const kz = data<Page<Operator>>(
      await admin({ method: 'GET', url: '/api/admin/operators?countryCode=kz&keyword=bee' }),
    );
    expect(kz.list).toEqual([
      expect.objectContaining({
        countryCode: 'KZ',
        code: 'beeline',
        name: 'Beeline',
        countryNameZh: '哈萨克斯坦',
      }),
    ]);
    const csv = await admin({ method: 'GET', url: '/api/admin/operators/export?countryCode=KZ' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('KZ,Kazakhstan,beeline,Beeline');
    expectErrorEnvelope(
      await admin({ method: 'GET', url: '/api/admin/operators?countryCode=Kazakhstan' }),
      400,
    );
  });

  test('create, update, delete, each audited', async () => {
    const created = data<Operator>(
      await admin({
        method: 'POST',
        url: '/api/admin/operators',
        payload: { countryCode: 'de', code: 'telekom', name: 'Telekom', fivesimSlug: '' },
      }),
    );
    expect(created).toMatchObject({ countryCode: 'DE', code: 'telekom', fivesimSlug: null, enabled: true });
    const updated = data<Operator>(
      await admin({
        method: 'PUT',
        url: `/api/admin/operators/${created.id}`,
        payload: { name: 'Deutsche Telekom', enabled: false },
      }),
    );
    expect(updated).toMatchObject({ name: 'Deutsche Telekom', enabled: false, code: 'telekom' });
    expect((await admin({ method: 'DELETE', url: `/api/admin/operators/${created.id}` })).statusCode).toBe(
      200,
    );
    expect((await auditRows(t, 'operator', created.id)).map((r) => r.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    expectErrorEnvelope(await admin({ method: 'DELETE', url: `/api/admin/operators/${created.id}` }), 404);
  });

  test('refuses a duplicate code in the same country, an unknown country, and bad fields', async () => {
    const dup = expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/operators',
        payload: { countryCode: 'RU', code: 'mts', name: 'MTS 2' },
        locale: 'en-US',
      }),
      409,
    );
    expect(dup.message).toBe('This country already has an operator with the code mts');
    const nowhere = expectErrorEnvelope(
      await admin({
        method: 'POST',
        url: '/api/admin/operators',
        payload: { countryCode: 'QQ', code: 'x', name: 'X' },
      }),
      404,
    );
    expect(nowhere.message).toBe('国家不存在');
    for (const [payload, zh] of [
      [{ countryCode: 'RU', code: 'Big Carrier', name: 'X' }, '运营商代码为 1 到 40 位小写字母'],
      [{ countryCode: 'RU', code: 'ok', name: '' }, '请输入名称'],
      [{ countryCode: 'RU', code: 'ok', name: 'X', sortOrder: 'first' }, '排序为 0 到 1000000 的整数'],
      [{ countryCode: 'RU', code: 'ok', name: 'X', fivesimSlug: 'Has Space' }, '标识为 1 到 40 位'],
    ] as const) {
      const body = expectErrorEnvelope(
        await admin({ method: 'POST', url: '/api/admin/operators', payload }),
        400,
      );
      expect(body.message).toContain(zh);
    }
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from operators where country_code = 'RU' and code = 'ok'`,
    );
    expect(row?.n).toBe(0);
  });

  test('the "any" operator cannot be deleted or renamed, nor can another take its code', async () => {
    const id = await anyOf('FR');
    const del = expectErrorEnvelope(
      await admin({ method: 'DELETE', url: `/api/admin/operators/${id}` }),
      400,
    );
    expect(del.message).toContain('任意运营商');
    expectErrorEnvelope(
      await admin({ method: 'PUT', url: `/api/admin/operators/${id}`, payload: { code: 'all' } }),
      400,
    );
    const [lyca] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'FR' and code = 'lycamobile'`,
    );
    expectErrorEnvelope(
      await admin({ method: 'PUT', url: `/api/admin/operators/${lyca!.id}`, payload: { code: 'any' } }),
      400,
    );
    const renamed = data<Operator>(
      await admin({ method: 'PUT', url: `/api/admin/operators/${id}`, payload: { name: 'Any carrier' } }),
    );
    expect(renamed).toMatchObject({ code: 'any', name: 'Any carrier' });
  });

  test('an operator in use by phone numbers cannot be deleted', async () => {
    const [op] = await t.db.query<{ id: number }>(
      `select id from operators where country_code = 'RU' and code = 'beeline'`,
    );
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix) values ('+79035550000', 'RU', $1, '+7903')`,
      [op!.id],
    );
    const body = expectErrorEnvelope(
      await admin({ method: 'DELETE', url: `/api/admin/operators/${op!.id}` }),
      409,
    );
    expect(body.message).toContain('不能删除');
  });
});
