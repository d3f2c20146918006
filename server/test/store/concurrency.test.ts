import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { createDb, type Db } from '../../src/db/client';
import { newSessionToken, sha256 } from '../../src/lib/secrets';
import { insertSession } from '../../src/modules/auth/sessions.repository';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { createTestApp, createUser, type TestApp } from '../helpers';
import {
  addNumbers,
  as,
  backdate,
  expectLedgerConsistent,
  expectNoDoubleHolding,
  fund,
  purchaseBody,
  type StoreWorld,
  storeWorld,
} from './store-helpers';

/**
 * The concurrency measure: two servers (two apps, each with its own connection pool) on ONE
 * PostgreSQL database, buyers racing for the same numbers while owners cancel and both servers
 * sweep. PGlite serves a single process by design, so there is nothing to race there.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const BUYERS = 200;
const NUMBERS = 100;

let t: TestApp;
const servers: { app: App; db: Db }[] = [];

// Skipped on PGlite, named so the report says why: it serves one process by design.
describe.skipIf(!onPostgres)(
  'two servers on one PostgreSQL database (PostgreSQL only: npm run test:pg)',
  () => {
    let world: StoreWorld;
    let buyers: { userId: number; call: ReturnType<typeof as> }[] = [];

    beforeAll(async () => {
      t = await createTestApp({ STORE_COOLDOWN_MINUTES: '0', STORE_SWEEP_INTERVAL_SECONDS: '0' });
      for (let i = 0; i < 2; i++) {
        const db = await createDb({ databaseUrl: t.config.databaseUrl!, dataDir: '', poolSize: 10 });
        const app = await buildApp({ config: t.config, db, logger: false });
        await app.ready();
        servers.push({ app, db });
      }
      world = await storeWorld(t.db);
      await addNumbers(t.db, { count: NUMBERS, prefix: '+1888' });
      // Sessions written directly: 200 logins with captcha would only test the login.
      buyers = await Promise.all(
        Array.from({ length: BUYERS }, async (_, i) => {
          const user = await createUser(t.db);
          await fund(t.db, user.userId, '1');
          const token = newSessionToken();
          await insertSession(t.db, {
            userId: user.userId,
            tokenHash: sha256(token),
            expiresAt: new Date(Date.now() + 3600_000),
            ip: '127.0.0.1',
            userAgent: 'vitest',
          });
          return { userId: user.userId, call: as(servers[i % 2]!, token) };
        }),
      );
    }, 180_000);

    afterAll(async () => {
      for (const s of servers) {
        await s.app.close();
        await s.db.close();
      }
      await t?.close();
    });

    const buy = (b: (typeof buyers)[number], w: StoreWorld) =>
      b.call({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(w, { countryCode: 'US', prefix: '+1888' }),
      });

    test(`${BUYERS} buyers racing for ${NUMBERS} numbers: exactly ${NUMBERS} sold, none twice, balances exact`, async () => {
      const started = Date.now();
      const results = await Promise.all(buyers.map((b) => buy(b, world)));
      const elapsed = Date.now() - started;
      const byStatus = new Map<number, number>();
      for (const r of results) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
      const refusals = new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().error));
      console.info(
        `race: ${BUYERS} purchases on 2 servers in ${elapsed} ms; ${JSON.stringify(Object.fromEntries(byStatus))}; refusals ${[...refusals].join(', ')}`,
      );
      expect(byStatus.get(200)).toBe(NUMBERS);
      expect(byStatus.get(400)).toBe(BUYERS - NUMBERS);
      expect([...refusals]).toEqual(['STOCK_INSUFFICIENT']);

      const [sold] = await t.db.query<{ rentals: number; numbers: number; orders: number; charged: string }>(
        `select count(*)::int as rentals, count(distinct phone_number_id)::int as numbers,
         (select count(*)::int from store_orders where application_id = $1) as orders,
         (select coalesce(sum(amount), 0)::text from ledger_entries where type = 'consume') as charged
       from rentals where application_id = $1`,
        [world.appId],
      );
      expect(sold).toEqual({ rentals: NUMBERS, numbers: NUMBERS, orders: NUMBERS, charged: '-12.345600' });
      await expectNoDoubleHolding(t.db);
      await expectLedgerConsistent(t.db);
    });

    test('the same with owners cancelling, both servers sweeping and new buyers racing, all at once: every refund paid exactly once', async () => {
      // Every number of the first race may now be cancelled (2 minutes passed) AND is past its end:
      // each owner's cancel competes with both servers' sweeps for the same rental.
      const sold = await t.db.query<{ id: number; user_id: number }>(
        'select id, user_id from rentals where application_id = $1',
        [world.appId],
      );
      await backdate(
        t.db,
        sold.map((r) => r.id),
        { boughtMinutesAgo: 30, expired: true },
      );
      const owners = new Map(buyers.map((b) => [b.userId, b]));
      // The same numbers are new cards for another application: a second race on them meanwhile.
      const second = await storeWorld(t.db);

      let sweeping = true;
      const sweeps: Record<string, number> = { ended: 0, refunded: 0 };
      const sweeper = async (db: Db) => {
        while (sweeping) {
          const r = await sweepRentals(db, { cooldownMinutes: 0, batchSize: 7 });
          sweeps.ended! += r.ended;
          sweeps.refunded! += r.refunded;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      };
      const sweepers = servers.map((s) => sweeper(s.db));
      const [cancels, purchases] = await Promise.all([
        Promise.all(
          sold.map((r) =>
            owners.get(r.user_id)!.call({ method: 'POST', url: `/api/rentals/${r.id}/cancel` }),
          ),
        ),
        Promise.all(buyers.map((b) => buy(b, second))),
      ]);
      sweeping = false;
      await Promise.all(sweepers);
      await sweepRentals(t.db, { cooldownMinutes: 0 });

      const cancelled = cancels.filter((r) => r.statusCode === 200).length;
      const lostToSweep = cancels.filter(
        (r) => r.statusCode === 409 && r.json().error === 'RENTAL_ENDED',
      ).length;
      console.info(
        `refund race: ${cancelled} cancelled by owners, ${lostToSweep} ended first by a sweep; sweeps ended ${sweeps.ended} and refunded ${sweeps.refunded}; second race sold ${purchases.filter((r) => r.statusCode === 200).length}`,
      );
      expect(cancelled + lostToSweep).toBe(NUMBERS);
      expect(purchases.filter((r) => r.statusCode === 200)).toHaveLength(NUMBERS);
      expect(new Set(purchases.filter((r) => r.statusCode !== 200).map((r) => r.json().error))).toEqual(
        new Set(['STOCK_INSUFFICIENT']),
      );

      // Every rental of the first race ended and refunded once: one ledger entry each, of its price.
      const refunds = await t.db.query<{
        id: number;
        status: string;
        refunded: boolean;
        entries: number;
        amount: string | null;
      }>(
        `select r.id, r.status, r.refunded_at is not null as refunded,
         (select count(*)::int from ledger_entries e where e.reference = 'refund:rental:' || r.id) as entries,
         (select amount::text from ledger_entries e where e.reference = 'refund:rental:' || r.id) as amount
       from rentals r where r.application_id = $1`,
        [world.appId],
      );
      for (const r of refunds) {
        expect(r, `rental ${r.id}`).toMatchObject({ refunded: true, entries: 1, amount: '0.123456' });
        expect(['cancelled', 'expired']).toContain(r.status);
      }
      const [totals] = await t.db.query<{ refunds: number; sum: string }>(
        `select count(*)::int as refunds, sum(amount)::text as sum from ledger_entries where type = 'refund'`,
      );
      expect(totals).toEqual({ refunds: NUMBERS, sum: '12.345600' });
      await expectNoDoubleHolding(t.db);
      await expectLedgerConsistent(t.db);
    }, 60_000);
  },
);
