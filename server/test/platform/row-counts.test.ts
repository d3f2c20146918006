import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compactRowCounts } from '../../src/lib/row-counts';
import { createTestApp, type TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import { buyer, dataOf, purchaseBody, type StoreWorld, storeWorld } from '../store/store-helpers';

// The admin lists' unfiltered totals come from row counts kept as rows are written (migration 0230):
// they must equal a count of the table after purchases, direct inserts and deletes, concurrent writes,
// and the compaction of the deltas, on both databases.

let t: TestApp;
let world: StoreWorld;
let admin: Awaited<ReturnType<typeof adminCall>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db, `rc${Date.now().toString(36)}`);
  await t.db.query(
    `insert into phone_numbers (number, country_code, operator_id, prefix, source)
     select '+1202555' || lpad(g::text, 4, '0'), 'US', o.id, '+1202', 'manual'
     from operators o, generate_series(1, 40) g where o.country_code = 'US' and o.code = 'any'`,
  );
  admin = await adminCall(t);
});
afterAll(async () => {
  await t?.close();
});

const LISTS = [
  { url: '/api/admin/orders', table: 'store_orders' },
  { url: '/api/admin/sms-records', table: 'sms_messages' },
  { url: '/api/admin/finance/records', table: 'ledger_entries' },
] as const;

async function expectTotalsExact() {
  for (const { url, table } of LISTS) {
    const page = dataOf<{ total: number; list: unknown[] }>(
      await admin({ method: 'GET', url: `${url}?page=1&pageSize=10` }),
    );
    const [{ n }] = (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)) as [
      { n: number },
    ];
    expect(page.total, url).toBe(n);
    expect(page.list.length).toBe(Math.min(10, n));
  }
}

const storeSms = (count: number) =>
  t.db.query(
    `insert into sms_messages (phone_number, sender, text, source)
     select '+15550001111', 'Test', 'code ' || g, 'test' from generate_series(1, $1::int) g`,
    [count],
  );

describe('kept row counts', () => {
  test('purchases, inbound SMS and deletes: the unfiltered totals equal a count of each table', async () => {
    await expectTotalsExact();
    const b = await buyer(t, '100');
    for (let i = 0; i < 3; i++) {
      dataOf(await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }));
    }
    await storeSms(7);
    await expectTotalsExact();
    await t.db.query(`delete from sms_messages where sender = 'Test' and text in ('code 1', 'code 2')`);
    await expectTotalsExact();
    // A filter counts the matching rows themselves.
    const filtered = dataOf<{ total: number }>(
      await admin({ method: 'GET', url: '/api/admin/sms-records?page=1&pageSize=10&sender=Test' }),
    );
    expect(filtered.total).toBe(5);
  });

  test('writes while the deltas are compacted: totals stay exact, and compaction leaves one row per table', async () => {
    const b = await buyer(t, '100');
    await Promise.all([
      ...Array.from({ length: 8 }, () =>
        b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }).then(dataOf),
      ),
      ...Array.from({ length: 10 }, () => storeSms(3)),
      compactRowCounts(t.db),
      compactRowCounts(t.db),
    ]);
    await expectTotalsExact();
    await compactRowCounts(t.db);
    const rows = await t.db.query<{ table_name: string; rows: number }>(
      'select table_name, count(*)::int as rows from row_count_deltas group by table_name order by table_name',
    );
    expect(rows).toEqual([
      { table_name: 'ledger_entries', rows: 1 },
      { table_name: 'sms_messages', rows: 1 },
      { table_name: 'store_orders', rows: 1 },
    ]);
    await expectTotalsExact();
  });
});
