import type { PhoneAddRecord } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authed, createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { adminToken, dataOf, importNumbers, operatorId } from './stock-helpers';

let t: TestApp;
let token: string;
let ruRecord: number;
let gbRecord: number;

type Page = { list: PhoneAddRecord[]; total: number };
const list = async (query = '') =>
  dataOf<Page>(
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/add-phone-records?${query}`,
      headers: authed(token),
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  ruRecord = (
    await importNumbers(t, token, '+79121110001\n+79121110002\nbad', { countryCode: 'RU', source: 'bank-a' })
  ).result.addRecordId!;
  gbRecord = (
    await importNumbers(t, token, '07400 100001', {
      countryCode: 'GB',
      operatorId: await operatorId(t, 'GB', 'ee'),
      source: 'uk-farm',
    })
  ).result.addRecordId!;
});
afterAll(() => t?.close());

describe('GET /api/admin/add-phone-records', () => {
  test('lists the newest first with who, when and the counts', async () => {
    const page = await list();
    expect(page.total).toBe(2);
    expect(page.list.map((r) => r.id)).toEqual([gbRecord, ruRecord]);
    expect(page.list[1]).toMatchObject({
      actorName: 'admin',
      countryCode: 'RU',
      countryNameZh: '俄罗斯',
      operatorName: null,
      source: 'bank-a',
      totalLines: 3,
      validCount: 2,
      invalidCount: 1,
      addedCount: 2,
      skippedCount: 0,
      hasFile: true,
    });
    expect(page.list[0]).toMatchObject({ countryCode: 'GB', operatorName: 'EE', addedCount: 1 });
    expect(page.list[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('filters by country, keyword (file, source or who) and time', async () => {
    expect((await list('countryCode=GB')).list.map((r) => r.id)).toEqual([gbRecord]);
    expect((await list('keyword=BANK')).list.map((r) => r.id)).toEqual([ruRecord]);
    expect((await list('keyword=admin')).total).toBe(2);
    expect((await list('keyword=%25')).total).toBe(0);
    const future = encodeURIComponent(new Date(Date.now() + 3600_000).toISOString());
    expect((await list(`from=${future}`)).total).toBe(0);
    expect((await list(`to=${future}`)).total).toBe(2);
    expect((await list('sortField=addedCount&sortOrder=ascend')).list.map((r) => r.id)).toEqual([
      gbRecord,
      ruRecord,
    ]);
  });

  test('refuses a bad filter with a 400', async () => {
    expectErrorEnvelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/add-phone-records?from=yesterday',
        headers: authed(token),
      }),
      400,
    );
  });

  test('exports the records as CSV in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/add-phone-records/export?countryCode=RU',
      headers: { ...authed(token), 'x-locale': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/add-phone-records-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, row, end] = res.body.split('\r\n');
    expect(header).toBe(
      '\uFEFFID,Added at,Added by,Country code,Country,Operator,Source,File name,Lines,Valid,Invalid,Duplicates in file,Already in stock,Added,Skipped,Duration (ms)',
    );
    expect(row).toMatch(
      new RegExp(`^${ruRecord},\\d{4}-.+,admin,RU,Russia,,bank-a,numbers.txt,3,2,1,0,0,2,0,\\d+$`),
    );
    expect(end).toBe('');
  });

  test('the original file of a record that does not exist is a 404', async () => {
    expectErrorEnvelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/add-phone-records/999999/file',
        headers: authed(token),
      }),
      404,
    );
  });
});
