import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Open rentals are a sliver of the table, and the plans of the inbound path's hot read ("the rentals
 * holding this number") depend on the planner knowing how many there are: analysed while next to none
 * were open, PostgreSQL starts that read from every open rental instead of from the number (migration
 * 0270). The table is analysed after a fixed number of changes, not a share of its size.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

test(`rentals are analysed after 2,000 changes whatever their number (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
  const [row] = await t.db.query<{ options: string[] }>(
    `select coalesce(reloptions, '{}') as options from pg_class where oid = 'rentals'::regclass`,
  );
  expect([...row!.options].sort()).toEqual([
    'autovacuum_analyze_scale_factor=0',
    'autovacuum_analyze_threshold=2000',
  ]);
});
