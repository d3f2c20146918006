import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compactRowCounts } from '../../src/lib/row-counts';
import { createTestApp, type TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import { buyer, dataOf, purchaseBody, type StoreWorld, storeWorld } from '../store/store-helpers';

// The admin lists' unfiltered totals come from row counts kept as rows are written (migration 0230),
// and the dashboard's stock by country from counts per country and state (migration 0250): they must
// equal a count of the table after purchases, direct inserts, updates and deletes, concurrent writes,
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
  { url: '/api/admin/users', table: 'users' },
] as const;

type StockRow = { countryCode: string; available: number; inUse: number; total: number };

async function expectStockExact() {
  const overview = dataOf<{ admin: { stock: StockRow[] } }>(
    await admin({ method: 'GET', url: '/api/dashboard/overview' }),
  );
  const counted = await t.db.query<{
    country_code: string;
    available: number;
    in_use: number;
    total: number;
  }>(
    `select country_code, count(*) filter (where state = 'available')::int as available,
       count(*) filter (where state = 'in_use')::int as in_use, count(*)::int as total
     from phone_numbers group by country_code order by country_code`,
  );
  const shown = overview.admin.stock
    .map(({ countryCode, available, inUse, total }) => ({ countryCode, available, inUse, total }))
    .sort((a, b) => a.countryCode.localeCompare(b.countryCode));
  expect(shown).toEqual(
    counted.map((r) => ({
      countryCode: r.country_code.trim(),
      available: r.available,
      inUse: r.in_use,
      total: r.total,
    })),
  );
}

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
    await expectStockExact();
    await t.db.query(`delete from sms_messages where sender = 'Test' and text in ('code 1', 'code 2')`);
    await expectTotalsExact();
    // A number disabled, one moved to another state and country's stock, one deleted, one added: the
    // dashboard's stock follows; an update that changes neither state nor country counts nothing.
    await t.db.query(`update phone_numbers set state = 'disabled' where number = '+12025550040'`);
    await t.db.query(`update phone_numbers set source = 'edited' where number = '+12025550039'`);
    await t.db.query(`delete from phone_numbers where number = '+12025550038'`);
    await t.db.query(
      `insert into phone_numbers (number, country_code, operator_id, prefix, source)
       select '+447700900123', 'GB', o.id, '+44770', 'manual' from operators o
       where o.country_code = 'GB' and o.code = 'any'`,
    );
    await expectStockExact();
    const [gb] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from phone_numbers where country_code = 'GB'`,
    );
    expect(gb!.n).toBeGreaterThan(0);
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
    await expectStockExact();
    await compactRowCounts(t.db);
    const rows = await t.db.query<{ table_name: string; rows: number }>(
      'select table_name, count(*)::int as rows from row_count_deltas group by table_name order by table_name',
    );
    expect(rows).toEqual([
      { table_name: 'ledger_entries', rows: 1 },
      { table_name: 'sms_messages', rows: 1 },
      { table_name: 'store_orders', rows: 1 },
      { table_name: 'users', rows: 1 },
    ]);
    const stock = await t.db.query<{ groups: number; rows: number }>(
      `select count(distinct (country_code, state))::int as groups, count(*)::int as rows from stock_count_deltas`,
    );
    expect(stock[0]!.rows).toBe(stock[0]!.groups);
    await expectTotalsExact();
    await expectStockExact();
  });
});
