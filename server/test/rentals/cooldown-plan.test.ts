import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/client';
import { endCooldowns } from '../../src/modules/rentals/rentals.repository';
import { explainUndone } from '../explain';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The cooldown sweep runs every few seconds in every process. On a large stock with a few numbers
 * cooling down, it reads those few through the partial index (0240-cooldown-index.ts), not every number
 * of the stock: its cost follows the numbers cooling down, not the stock's size. Run as the sweeper runs
 * it, under EXPLAIN ANALYZE, and rolled back.
 */
const STOCK = 20_000;
const COOLING = 30;
const DUE = 12;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(
    `insert into phone_numbers (number, country_code, operator_id, prefix, source, state, cooldown_until)
     select '+1303' || lpad(g::text, 7, '0'), 'US', o.id, '+1303', 'cooldown-plan',
       case when g <= $2 then 'cooling_down' when g % 3 = 0 then 'in_use' else 'available' end,
       case when g <= $3 then now() - interval '1 minute' when g <= $2 then now() + interval '1 hour' end
     from operators o, generate_series(1, $1::int) g where o.country_code = 'US' and o.code = 'any'`,
    [STOCK, COOLING, DUE],
  );
  await t.db.query('analyze phone_numbers');
}, 60_000);
afterAll(() => t?.close());

describe('the cooldown sweep on a large stock', () => {
  it('reads only the numbers cooling down, through their index', async () => {
    const statements: { text: string; values: readonly unknown[] }[] = [];
    await endCooldowns({
      query: async <T>(text: string, values: readonly unknown[] = []) => {
        statements.push({ text, values });
        return [] as T[];
      },
      exec: async () => undefined,
    } as Queryable);
    expect(statements).toHaveLength(1);
    const nodes = await explainUndone(t.db, statements[0]!.text, statements[0]!.values);
    const scans = nodes.filter(
      (n) => /Scan/.test(n['Node Type']) && n['Index Name'] !== 'phone_numbers_pkey',
    );
    expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(scans.map((n) => n['Index Name'])).toContain('phone_numbers_cooling_idx');
    // Exactly the due numbers made available, found by the index scan alone.
    expect(nodes[0]!['Actual Rows']).toBe(DUE);
    expect(scans.find((n) => n['Index Name'] === 'phone_numbers_cooling_idx')!['Actual Rows']).toBe(DUE);
  });
});
