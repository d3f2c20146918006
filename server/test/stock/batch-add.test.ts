import type { PhoneAddRecord, PhoneImport } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEntriesOf, authed, createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';
import {
  adminToken,
  commit,
  dataOf,
  importNumbers,
  operatorId,
  preview,
  previewLines,
  russianMobiles,
  stockNumbers,
  uploadNumbers,
  waitForImport,
} from './stock-helpers';

let t: TestApp;
let token: string;
let mts: number;
let megafon: number;
let anyRu: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  mts = await operatorId(t, 'RU', 'mts');
  megafon = await operatorId(t, 'RU', 'megafon');
  anyRu = await operatorId(t, 'RU', 'any');
});
afterAll(() => t?.close());

const RU = { countryCode: 'RU', source: 'sim-bank-1' };

/** Every kind of line a real upload has; line 3 is blank, line 14 is already in stock. */
const MIXED = [
  '+7 912 123-45-67', // 1 valid
  '8 (912) 765-43-21', // 2 valid (national format)
  '', // 3 blank: skipped, still counted in line numbers
  '79031112233,mts', // 4 valid, operator by code
  'hello', // 5 not a number
  '+7 912 123', // 6 too short
  '+7912123456789012', // 7 too long
  '+77011234567', // 8 Kazakhstan, not Russia
  '+7 800 555-35-35', // 9 toll free
  '+74951234567', // 10 Moscow fixed line
  '+79161112233,unknowntel', // 11 unknown operator
  '+79121234567', // 12 same as line 1
  '89121234567', // 13 same as line 1, national format
  '+79260000001', // 14 already in stock
  'a,b,c', // 15 three columns
  '"+79035556677";"MegaFon"', // 16 valid, operator by name, quoted, semicolon
].join('\r\n');

describe('batch add: preview', () => {
  let ready: PhoneImport;

  beforeAll(async () => {
    await importNumbers(t, token, '+79260000001', RU);
    ready = await preview(t, token, MIXED, RU);
  });

  test('counts every non-blank line exactly once', () => {
    expect(ready).toMatchObject({
      state: 'ready',
      countryCode: 'RU',
      operatorId: null,
      source: 'sim-bank-1',
      fileName: 'numbers.txt',
      totalLines: 15,
      processedLines: 15,
      validCount: 4,
      invalidCount: 8,
      duplicateInFileCount: 2,
      duplicateInStockCount: 1,
      addedCount: null,
      error: null,
    });
  });

  test('gives each invalid line its reason and detail', async () => {
    const { list, total } = await previewLines(t, token, ready.id, 'invalid');
    expect(total).toBe(8);
    expect(list.map((l) => [l.lineNo, l.reason, l.detail])).toEqual([
      [5, 'notANumber', null],
      [6, 'tooShort', null],
      [7, 'tooLong', null],
      [8, 'wrongCountry', 'KZ'],
      [9, 'notMobile', 'TOLL_FREE'],
      [10, 'notMobile', 'FIXED_LINE'],
      [11, 'unknownOperator', 'unknowntel'],
      [15, 'badFormat', null],
    ]);
    expect(list[0]).toMatchObject({ raw: 'hello', number: null, status: 'invalid' });
  });

  test('marks duplicates within the file (pointing at the first line) and numbers already in stock', async () => {
    const inFile = await previewLines(t, token, ready.id, 'duplicateInFile');
    expect(inFile.list.map((l) => [l.lineNo, l.number, l.detail])).toEqual([
      [12, '+79121234567', '1'],
      [13, '+79121234567', '1'],
    ]);
    const inStock = await previewLines(t, token, ready.id, 'duplicateInStock');
    expect(inStock.list.map((l) => [l.lineNo, l.number])).toEqual([[14, '+79260000001']]);
  });

  test('normalises the valid lines to E.164 with their operator', async () => {
    const { list } = await previewLines(t, token, ready.id, 'valid');
    expect(list.map((l) => [l.lineNo, l.number, l.operatorName])).toEqual([
      [1, '+79121234567', 'Any'],
      [2, '+79127654321', 'Any'],
      [4, '+79031112233', 'MTS'],
      [16, '+79035556677', 'MegaFon'],
    ]);
  });

  test('pages through all lines in file order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/phone-imports/${ready.id}/items?page=2&pageSize=5`,
      headers: authed(token),
    });
    const page = dataOf<{ list: { lineNo: number }[]; total: number }>(res);
    expect(page.total).toBe(15);
    expect(page.list.map((l) => l.lineNo)).toEqual([7, 8, 9, 10, 11]);
  });

  test('writes nothing to the stock', async () => {
    expect((await stockNumbers(t)).map((n) => n.number)).toEqual(['+79260000001']);
  });

  test('then the import writes exactly the valid new numbers, with prefix, operator, source and record', async () => {
    const done = await commit(t, token, ready.id);
    expect(done).toMatchObject({ state: 'completed', addedCount: 4, skippedCount: 0, writtenLines: 15 });
    const rows = await stockNumbers(t, 'add_record_id = $1', [done.addRecordId]);
    expect(rows).toEqual([
      { number: '+79031112233', country_code: 'RU', operator_id: mts, prefix: '+7903', source: 'sim-bank-1' },
      {
        number: '+79035556677',
        country_code: 'RU',
        operator_id: megafon,
        prefix: '+7903',
        source: 'sim-bank-1',
      },
      {
        number: '+79121234567',
        country_code: 'RU',
        operator_id: anyRu,
        prefix: '+7912',
        source: 'sim-bank-1',
      },
      {
        number: '+79127654321',
        country_code: 'RU',
        operator_id: anyRu,
        prefix: '+7912',
        source: 'sim-bank-1',
      },
    ]);
    const [state] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from phone_numbers where state <> 'available'`,
    );
    expect(state!.n).toBe(0);
  });

  test('the add record keeps who, the counts and the original file', async () => {
    const done = await waitForImport(t, token, ready.id, ['completed']);
    const list = dataOf<{ list: PhoneAddRecord[] }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/add-phone-records', headers: authed(token) }),
    ).list;
    const record = list.find((r) => r.id === done.addRecordId)!;
    expect(record).toMatchObject({
      actorName: 'admin',
      countryCode: 'RU',
      countryNameEn: 'Russia',
      operatorId: null,
      source: 'sim-bank-1',
      fileName: 'numbers.txt',
      fileSize: Buffer.byteLength(MIXED),
      hasFile: true,
      totalLines: 15,
      validCount: 4,
      invalidCount: 8,
      duplicateInFileCount: 2,
      duplicateInStockCount: 1,
      addedCount: 4,
      skippedCount: 0,
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/add-phone-records/${record.id}/file`,
      headers: authed(token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('numbers.txt');
    expect(file.body).toBe(MIXED);
  });

  test('the import is audit-logged with its counts', async () => {
    const done = await waitForImport(t, token, ready.id, ['completed']);
    const [entry] = await auditEntriesOf(t.db, 'phone_add_record', done.addRecordId!);
    expect(entry).toMatchObject({ action: 'create', actor_name: 'admin' });
    expect(entry!.after).toMatchObject({ importId: ready.id, addedCount: 4, skippedCount: 0, validCount: 4 });
  });

  test('a second import of the same file adds none', async () => {
    const again = await preview(t, token, MIXED, RU);
    expect(again).toMatchObject({
      validCount: 0,
      invalidCount: 8,
      duplicateInFileCount: 2,
      duplicateInStockCount: 5,
    });
    const body = expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/phone-imports/${again.id}/commit`,
        headers: authed(token),
      }),
      400,
    );
    expect(body.message).toBe('该批次没有可添加的新号码');
    expect(await stockNumbers(t)).toHaveLength(5);
  });
});

describe('batch add: a batch larger than one analysis step', () => {
  // 12,000 lines are analysed and staged in three steps of 5,000; line numbers, duplicates, counts,
  // paging and the import must not notice the seams. Every 1,000th line is bad, every 1,000th from
  // line 500 repeats line 1 (one of them right at the second step's first line), and line 7,001 is
  // already in stock.
  const lines = russianMobiles(12_000, 300_000);
  const first = lines[0]!;
  for (let i = 999; i < lines.length; i += 1000) lines[i] = 'not a number';
  for (let i = 499; i < lines.length; i += 1000) lines[i] = first;
  lines[5000] = first;
  const inStock = lines[7000]!;
  let ready: PhoneImport;

  beforeAll(async () => {
    await importNumbers(t, token, inStock, RU);
    ready = await preview(t, token, lines.join('\n'), RU);
  });

  test('counts every line once, across the steps', () => {
    expect(ready).toMatchObject({
      state: 'ready',
      totalLines: 12_000,
      processedLines: 12_000,
      invalidCount: 12,
      duplicateInFileCount: 13,
      duplicateInStockCount: 1,
      validCount: 12_000 - 12 - 13 - 1,
    });
  });

  test('pages over a seam in file order, and filters and counts across all steps', async () => {
    const page = async (query: string) =>
      dataOf<{
        list: { lineNo: number; number: string | null; status: string; detail: string | null }[];
        total: number;
      }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/phone-imports/${ready.id}/items?${query}`,
          headers: authed(token),
        }),
      );
    const seam = await page('page=500&pageSize=10');
    expect(seam.total).toBe(12_000);
    expect(seam.list.map((l) => l.lineNo)).toEqual([
      4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999, 5000,
    ]);
    const after = await page('page=2501&pageSize=2');
    expect(after.list).toMatchObject([
      { lineNo: 5001, number: first, status: 'duplicateInFile', detail: '1' },
      { lineNo: 5002, status: 'valid' },
    ]);
    // A page on both sides of the seam, the last page and one past it: file order reads only the steps
    // holding the page's lines, and answers as the sorted read of every line does.
    const across = await page('page=167&pageSize=30');
    expect(across.list.map((l) => l.lineNo)).toEqual(Array.from({ length: 30 }, (_, i) => 4981 + i));
    expect(across.list).toEqual((await page('page=167&pageSize=30&sortField=lineNo&sortOrder=ascend')).list);
    expect((await page('page=1200&pageSize=10')).list.map((l) => l.lineNo)).toEqual(
      Array.from({ length: 10 }, (_, i) => 11_991 + i),
    );
    expect((await page('page=1201&pageSize=10')).list).toEqual([]);
    const invalid = await page('status=invalid&pageSize=100');
    expect(invalid.total).toBe(12);
    expect(invalid.list.map((l) => l.lineNo)).toEqual(Array.from({ length: 12 }, (_, i) => (i + 1) * 1000));
    const duplicates = await page('status=duplicateInFile&pageSize=100');
    expect(duplicates.total).toBe(13);
    expect((await page('status=duplicateInStock')).list).toMatchObject([{ lineNo: 7001, number: inStock }]);
    const byStatus = await page('sortField=status&sortOrder=descend&pageSize=3');
    expect(byStatus.list.map((l) => l.status)).toEqual(['valid', 'valid', 'valid']);
  });

  test('imports exactly the valid new numbers, in file order', async () => {
    const done = await commit(t, token, ready.id);
    expect(done).toMatchObject({
      state: 'completed',
      addedCount: ready.validCount,
      skippedCount: 0,
      writtenLines: 12_000,
    });
    const written = await t.db.query<{ number: string }>(
      'select number from phone_numbers where add_record_id = $1 order by id',
      [done.addRecordId],
    );
    const expected = [...new Set(lines.filter((l) => l !== 'not a number' && l !== inStock))];
    expect(written.map((r) => r.number)).toEqual(expected);
  });
});

describe('batch add: writing', () => {
  test('a number that reached the stock after the preview is skipped and counted', async () => {
    const [a, b, c] = russianMobiles(3, 500);
    const first = await preview(t, token, [a, b, c].join('\n'), RU);
    await importNumbers(t, token, b!, RU);
    const done = await commit(t, token, first.id);
    expect(done).toMatchObject({ state: 'completed', validCount: 3, addedCount: 2, skippedCount: 1 });
  });

  test('a failure mid-batch writes nothing, and the batch can be tried again', async () => {
    const numbers = russianMobiles(25_000, 100_000);
    const poison = numbers[22_000]!;
    await t.db.exec(`
      create function stock_test_poison() returns trigger language plpgsql as $$
      begin
        if new.number = '${poison}' then raise exception 'disk full (test)'; end if;
        return new;
      end $$;
      create trigger stock_test_poison before insert on phone_numbers
        for each row execute function stock_test_poison();`);
    const before = await t.db.query<{ numbers: number; records: number; audits: number }>(
      `select (select count(*)::int from phone_numbers) as numbers,
              (select count(*)::int from phone_add_records) as records,
              (select count(*)::int from audit_logs) as audits`,
    );
    try {
      const ready = await preview(t, token, numbers.join('\n'), { ...RU, operatorId: mts });
      expect(ready).toMatchObject({ state: 'ready', totalLines: 25_000, validCount: 25_000 });
      const failed = await commit(t, token, ready.id);
      expect(failed).toMatchObject({ state: 'failed', addedCount: null, addRecordId: null });
      expect(failed.error).toBe('导入失败，没有写入任何号码，请重试');
      const after = await t.db.query(
        `select (select count(*)::int from phone_numbers) as numbers,
                (select count(*)::int from phone_add_records) as records,
                (select count(*)::int from audit_logs) as audits`,
      );
      expect(after).toEqual(before);
      expect(await stockNumbers(t, 'number = any($1::text[])', [numbers.slice(0, 3)])).toEqual([]);

      await t.db.exec('drop trigger stock_test_poison on phone_numbers');
      const retried = await commit(t, token, ready.id);
      expect(retried).toMatchObject({ state: 'completed', addedCount: 25_000, skippedCount: 0, error: null });
      const [count] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from phone_numbers where add_record_id = $1',
        [retried.addRecordId],
      );
      expect(count!.n).toBe(25_000);
    } finally {
      await t.db.exec('drop trigger if exists stock_test_poison on phone_numbers');
    }
  });

  test('an import can be written once only', async () => {
    const ready = await preview(t, token, russianMobiles(1, 900).join('\n'), RU);
    const commitOnce = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/phone-imports/${ready.id}/commit`,
        headers: authed(token),
      });
    const [one, two] = await Promise.all([commitOnce(), commitOnce()]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const done = await waitForImport(t, token, ready.id, ['completed']);
    expect(done.addedCount).toBe(1);
    expectErrorEnvelope(await commitOnce(), 409);
  });

  test('a cancelled batch is gone with its file and cannot be written', async () => {
    const ready = await preview(t, token, russianMobiles(2, 950).join('\n'), RU);
    const [file] = await t.db.query<{ file_id: string }>('select file_id from phone_imports where id = $1', [
      ready.id,
    ]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/phone-imports/${ready.id}`,
      headers: authed(token),
    });
    expect(dataOf<PhoneImport>(res).state).toBe('cancelled');
    expect(await t.db.query('select 1 from stored_files where id = $1', [file!.file_id])).toEqual([]);
    expect(await t.db.query('select 1 from phone_import_items where import_id = $1', [ready.id])).toEqual([]);
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/phone-imports/${ready.id}/commit`,
        headers: authed(token),
      }),
      409,
    );
  });
});

describe('batch add: normalisation', () => {
  test.each([
    ['GB', '07400 123456', '+447400123456', '+44740'],
    ['DE', '0151 12345678', '+4915112345678', '+49151'],
    ['CN', '138 1234 5678', '+8613812345678', '+86138'],
    ['US', '(201) 555-0123', '+12015550123', '+1201'],
    ['ID', '0812-3456-7890', '+6281234567890', '+62812'],
    ['UA', '050 123 4567', '+380501234567', '+380501'],
    ['IN', '098765 43210', '+919876543210', '+91987'],
    ['BR', '(11) 91234-5678', '+5511912345678', '+55119'],
    ['VN', '091 234 5678', '+84912345678', '+84912'],
    ['PH', '+63 917 123 4567', '+639171234567', '+63917'],
  ])('%s: %s becomes %s (prefix %s)', async (countryCode, line, number, prefix) => {
    const { result } = await importNumbers(t, token, line, { countryCode, source: 'normalisation' });
    expect(result.addedCount).toBe(1);
    expect(await stockNumbers(t, 'add_record_id = $1', [result.addRecordId])).toMatchObject([
      { number, prefix, country_code: countryCode },
    ]);
  });

  test('accepts UTF-8 with a byte-order mark, CR, LF and CRLF line ends', async () => {
    const [a, b, c] = russianMobiles(3, 2000);
    const ready = await preview(t, token, `\uFEFF${a}\r${b}\n${c}\r\n`, RU);
    expect(ready).toMatchObject({ totalLines: 3, validCount: 3, invalidCount: 0 });
  });
});

describe('batch add: bad input is a clear 400 and changes nothing', () => {
  const importRows = async () =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from phone_imports'))[0]!.n;

  test.each([
    ['an unknown country', { countryCode: 'XX', source: 's' }, '国家 XX 不在国家列表中'],
    ['no source', { countryCode: 'RU', source: '' }, '请填写号码来源（网关或供应商）'],
    ['a country code that is not one', { countryCode: 'RUS', source: 's' }, '请选择国家'],
  ])('%s', async (_, choices, message) => {
    const before = await importRows();
    const body = expectErrorEnvelope(await uploadNumbers(t, token, '+79121234567', choices), 400);
    expect(body.message).toContain(message);
    expect(await importRows()).toBe(before);
  });

  test('an operator of another country', async () => {
    const body = expectErrorEnvelope(
      await uploadNumbers(t, token, '+79121234567', {
        countryCode: 'RU',
        source: 's',
        operatorId: await operatorId(t, 'GB', 'ee'),
      }),
      400,
    );
    expect(body.message).toBe('该运营商不属于所选国家');
  });

  test('in English when asked', async () => {
    const body = expectErrorEnvelope(
      await uploadNumbers(t, token, '+79121234567', { countryCode: 'RU', source: ' ' }, { locale: 'en-US' }),
      400,
    );
    expect(body.message).toContain('Please enter the source of the numbers');
  });

  test('an empty file, a binary file, no file', async () => {
    expect(expectErrorEnvelope(await uploadNumbers(t, token, '\n \r\n', RU), 400).message).toBe(
      '文件中没有号码',
    );
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]);
    expect(expectErrorEnvelope(await uploadNumbers(t, token, zip, RU), 400).message).toContain('TXT, CSV');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phone-imports?countryCode=RU&source=s',
      headers: authed(token),
      payload: { numbers: ['+79121234567'] },
    });
    expect(expectErrorEnvelope(json, 400).message).toBe('请选择要上传的文件');
    const noFilePart = multipart([{ name: 'note', content: 'no file here' }]);
    const fieldsOnly = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phone-imports?countryCode=RU&source=s',
      headers: { ...authed(token), ...noFilePart.headers },
      payload: noFilePart.payload,
    });
    expectErrorEnvelope(fieldsOnly, 400);
  });

  test('too many lines, too large a file', async () => {
    const lines = expectErrorEnvelope(await uploadNumbers(t, token, '1\n'.repeat(200_001), RU), 400);
    expect(lines.message).toBe('一次最多导入 200000 行，本文件有 200001 行');
    const big = expectErrorEnvelope(
      await uploadNumbers(t, token, Buffer.alloc(10 * 1024 * 1024 + 10, 0x31), RU),
      400,
    );
    expect(big.message).toBe('文件过大，最大 10240 KB');
  });

  test('an import that does not exist', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/phone-imports/999999'],
      ['GET', '/api/admin/phone-imports/999999/items'],
      ['POST', '/api/admin/phone-imports/999999/commit'],
      ['DELETE', '/api/admin/phone-imports/999999'],
    ] as const) {
      expectErrorEnvelope(await t.app.inject({ method, url, headers: authed(token) }), 404);
    }
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/api/admin/phone-imports/abc', headers: authed(token) }),
      400,
    );
  });
});
