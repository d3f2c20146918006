import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { addNumbers, buyer, purchaseBody, type StoreWorld, storeWorld } from './store-helpers';

/**
 * A purchase that loses the race for its number: another buyer's sale of it as a new card (its
 * `phone_number_app_usage` row) commits after the purchase's snapshot saw the number free, so the
 * purchase's own insert finds the row taken and the statement undoes itself; the next try, on a fresh
 * snapshot, gives the stock's answer. Made to happen every time: the purchase is held right after its
 * snapshot (on its idempotency key, which an open transaction holds) while the other sale commits.
 * PostgreSQL only: PGlite has one connection, so no one can hold a row.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('a purchase losing the race for its number', () => {
  let t: TestApp;
  let world: StoreWorld;
  const others: pg.Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    world = await storeWorld(t.db);
  });

  afterAll(async () => {
    for (const client of others) await client.end().catch(() => undefined);
    await t?.close();
  });

  /** A transaction of its own on the test's database, begun. */
  async function openTransaction() {
    const client = new pg.Client({ connectionString: t.config.databaseUrl! });
    await client.connect();
    others.push(client);
    await client.query('begin');
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { client, pid: rows[0]!.pid };
  }

  /** Waits until some statement waits on the backend `pid`. */
  async function somethingWaitsOn(pid: number) {
    for (let tries = 0; tries < 500; tries++) {
      const [row] = await t.db.query<{ waiting: boolean }>(
        'select exists (select 1 from pg_stat_activity a where $1::int = any (pg_blocking_pids(a.pid))) as waiting',
        [pid],
      );
      if (row?.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`nothing waited on backend ${pid}`);
  }

  test("the next try answers from the stock (in the buyer's language), with nothing written or charged", async () => {
    const [number] = await addNumbers(t.db, { count: 1, prefix: '+1877' });
    const customer = await buyer(t, '10');
    const key = 'lost-race-1';

    // The other buyer's sale, not committed yet: its row lock on the number makes purchases skip it.
    const otherSale = await openTransaction();
    await otherSale.client.query(
      'insert into phone_number_app_usage (phone_number_id, application_id) values ($1, $2)',
      [number!.id, world.appId],
    );
    // Holds the customer's idempotency key: the purchase waits there, after its snapshot, before its pick.
    const keyHolder = await openTransaction();
    await keyHolder.client.query(
      `insert into store_orders (user_id, application_id, country_code, prefix, card_type, validity_option_id,
         validity_kind, validity_minutes, quantity, unit_price, amount, status, token, idempotency_key)
       values ($1, $2, 'US', '+1877', 'new', $3, 'activation', 20, 1, 0, 0, 'pending', 'held-token', $4)`,
      [customer.userId, world.appId, world.activationId, key],
    );

    // Order numbers are drawn from a sequence whether or not the order is kept: one per try of the purchase.
    const ordersTried = async () =>
      Number((await t.db.query<{ n: string }>('select last_value::text as n from store_order_no_seq'))[0]!.n);
    const before = await ordersTried();
    const answer = customer.call({
      method: 'POST',
      url: '/api/store/orders',
      locale: 'en-US',
      payload: purchaseBody(world, { prefix: '+1877', idempotencyKey: key }),
    });
    await somethingWaitsOn(keyHolder.pid);
    await otherSale.client.query('commit');
    await keyHolder.client.query('rollback');
    const res = await answer;
    // The try that lost the race, and the next one, which found no stock.
    expect((await ordersTried()) - before).toBe(2);

    const refusal = expectErrorEnvelope(res, 400);
    expect(refusal.error).toBe('STOCK_INSUFFICIENT');
    expect(refusal.message).toMatch(/stock/i);
    const [written] = await t.db.query<{ orders: number; rentals: number; balance: string }>(
      `select (select count(*)::int from store_orders where user_id = $1) as orders,
         (select count(*)::int from rentals where user_id = $1) as rentals,
         (select balance::text from users where id = $1) as balance`,
      [customer.userId],
    );
    expect(written).toEqual({ orders: 0, rentals: 0, balance: '10.000000' });
  });
});
