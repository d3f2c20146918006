import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PurchaseRequest,
  purchaseStatement,
  WALK_IN_ID_ORDER,
} from '../../src/modules/store/purchase.repository';
import { explainUndone, type PlanNode } from '../explain';
import { createTestApp, type TestApp } from '../helpers';
import { as, buyer, dataOf, purchaseBody, type StoreWorld, storeWorld } from './store-helpers';

/**
 * A purchase walks its country's numbers in id order from a random start and stops at the first free
 * one. With stock in many countries PostgreSQL guesses few numbers per country (it plans before it
 * knows the country), and without the purchase's planner settings it chose to read all of the
 * country's numbers after the start, sort them and take the first: 511 rows read for one number in
 * bench/history-growth.mjs. Here: 40 countries of 30 numbers and 1,500 US ones, added in rounds, analyzed; the
 * purchase's own plan, custom and generic (a prepared statement's cached one), under EXPLAIN ANALYZE
 * in a transaction that is rolled back.
 */
const US_STOCK = 1500;

type Scan = PlanNode & { 'Relation Name'?: string; 'Rows Removed by Filter'?: number };
const subtree = (node: PlanNode): Scan[] => [node, ...(node.Plans ?? []).flatMap(subtree)];

describe('a purchase on stock spread over many countries', () => {
  let t: TestApp;
  let world: StoreWorld;
  let request: PurchaseRequest;

  beforeAll(async () => {
    t = await createTestApp();
    world = await storeWorld(t.db);
    // Added in batches over time, every country a few at a time: a country's numbers lie all over
    // the table, as on a platform that has been stocking for a while.
    const added = await t.db.query<{ country: string }>(
      `with countries as (
         select c.code, c.dial_code, o.id as operator_id, row_number() over (order by c.code) as k
           from countries c join operators o on o.country_code = c.code and o.code = 'any'
          where c.enabled and (c.code = 'US' or c.code in (
            select code from countries where enabled and code <> 'US' order by code limit 40)))
       insert into phone_numbers (number, country_code, operator_id, prefix, source)
       select dial_code || '7' || lpad(n::text, 9, '0'), code, operator_id, dial_code || '7', 'test'
         from (select c.*, row_number() over (order by round, c.k, slot) as n
                 from generate_series(1, $1::int) round cross join countries c
                 cross join generate_series(0, case when c.code = 'US' then 49 else 0 end) slot) x
        order by n
       returning country_code as country`,
      [US_STOCK / 50],
    );
    expect(new Set(added.map((a) => a.country)).size).toBe(41);
    expect(added.filter((a) => a.country === 'US')).toHaveLength(US_STOCK);
    await t.db.query('analyze phone_numbers');
    // A few sold through the store first, as on any platform: the walk passes them.
    const customer = await buyer(t, '10');
    for (let i = 0; i < 5; i++) {
      const res = await as(
        t,
        customer.token,
      )({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(world),
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(dataOf<{ phones: unknown[] }>(res).phones).toHaveLength(1);
    }
    request = {
      userId: customer.userId,
      applicationId: world.appId,
      countryCode: 'US',
      operatorId: null,
      prefix: null,
      cardType: 'new',
      validityOptionId: world.activationId,
      smsType: 'text',
      quantity: 1,
      token: randomUUID(),
      idempotencyKey: null,
      cooldownMinutes: 0,
      tokens: [randomUUID()],
    };
  });
  afterAll(() => t?.close());

  const planOf = (planCacheMode: 'force_custom_plan' | 'force_generic_plan') => {
    const { sql, values } = purchaseStatement(request);
    return explainUndone(t.db, sql, values, async (tx) => {
      await tx.query(WALK_IN_ID_ORDER);
      await tx.query(`select set_config('plan_cache_mode', $1, true)`, [planCacheMode]);
    });
  };

  for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
    it(`walks the numbers in id order and reads only a few (${mode})`, async () => {
      const nodes = (await planOf(mode)) as Scan[];
      const onNumbers = nodes.filter((n) => n['Relation Name'] === 'phone_numbers');
      expect(onNumbers.map((n) => n['Node Type'])).not.toContain('Bitmap Heap Scan');
      const sortsOfNumbers = nodes.filter(
        (n) =>
          n['Node Type'] === 'Sort' && subtree(n).some((d: Scan) => d['Relation Name'] === 'phone_numbers'),
      );
      expect(sortsOfNumbers).toEqual([]);
      const read = onNumbers
        .filter((n) => n['Index Name'] === 'phone_numbers_country_id_idx')
        .reduce((sum, n) => sum + n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0), 0);
      // Fresh stock with 5 sold: the first number at or after the start is nearly always free.
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThanOrEqual(10);
    });
  }
});
