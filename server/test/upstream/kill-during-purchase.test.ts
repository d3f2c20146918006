import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { purchaseFaults } from '../../src/modules/number-sources/upstream/upstream-purchase';
import { createStoreService } from '../../src/modules/store/store.service';
import { authed, type TestApp } from '../helpers';
import {
  backdate,
  balanceOf,
  buyer,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';
import { type BuiltServer, startBuiltServer } from './built-server';
import type { countingProxy } from './counting-proxy';
import { resellerBehindCountingProxy, resellerEnv, type UpstreamJiema } from './upstream-helpers';

/**
 * The built server as separate processes on one PostgreSQL database (a child process cannot share
 * the in-process PGlite of the tests, hence PostgreSQL only): one killed with SIGKILL between the
 * provider's answer and the local commit, then fresh ones whose reconciliation cancels what it left.
 */
describe.runIf(process.env.DATABASE_URL)(
  'PostgreSQL: kill -9 during an upstream purchase, two processes',
  () => {
    let up: UpstreamJiema;
    let proxy: Awaited<ReturnType<typeof countingProxy>>;
    let t: TestApp;
    let world: StoreWorld;
    const servers: BuiltServer[] = [];

    beforeAll(async () => {
      ({ up, proxy, t, world } = await resellerBehindCountingProxy('jiema-upstream'));
    }, 60_000);
    afterAll(async () => {
      purchaseFaults.afterUpstreamBuy = null;
      await Promise.all(servers.splice(0).map((s) => s.kill()));
      await proxy?.close();
      if (t) {
        await expectLedgerConsistent(t.db);
        await t.close();
      }
      if (up) {
        await expectLedgerConsistent(up.t.db);
        await up.t.close();
      }
    });

    const start = async (env: Record<string, string>) => {
      // A longer request timeout than in-process tests: other test files may keep the machine busy.
      const server = await startBuiltServer(t.config.databaseUrl!, {
        ...resellerEnv,
        UPSTREAM_REQUEST_TIMEOUT_MS: '5000',
        ...env,
      });
      servers.push(server);
      return server;
    };
    const numbersBought = () => proxy.calls.filter((c) => c.action.startsWith('getNumber')).length;
    /** Cancels the upstream confirmed (a retry after a lost answer is answered as already ended). */
    const cancelsOf = (upstreamId: string) =>
      proxy.calls.filter(
        (c) =>
          c.action === 'setStatus' && c.status === '8' && c.id === upstreamId && c.answer === 'ACCESS_CANCEL',
      ).length;
    const upstreamRentals = () =>
      up.t.db.query<{ id: number; status: string }>(
        'select id, status from rentals where user_id = $1 order by id',
        [up.account.userId],
      );
    const activationsOf = (userId: number) =>
      t.db.query<{ id: number; state: string; upstream_id: string }>(
        'select id, state, upstream_id from upstream_activations where user_id = $1 order by id',
        [userId],
      );
    /** Time passes: the purchase's grace is over here, the upstream's 2-minute cancel lock there. */
    async function timePasses(activationIds: number[], upstreamIds: string[]) {
      await backdate(up.t.db, upstreamIds.map(Number), { boughtMinutesAgo: 3 });
      await t.db.query(
        `update upstream_activations set created_at = now() - interval '5 minutes' where id = any($1::int[])`,
        [activationIds],
      );
    }
    /** Long enough for a void whose answer was lost to be retried (its lease is 60 s). */
    async function until<T>(what: string, check: () => Promise<T | null>, ms = 100_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const value = await check();
        if (value !== null) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    test('SIGKILL after the provider sold the number: never charged, cancelled upstream at the next start, bought once', async () => {
      const b = await buyer(t, '10');
      const boughtBefore = numbersBought();
      const upstreamBalance = await balanceOf(up.t.db, up.account.userId);
      const first = await start({ UPSTREAM_TEST_HOLD_AFTER_BUY: 'on', UPSTREAM_RECONCILE_SECONDS: '0' });
      const purchase = fetch(`${first.baseUrl}/api/store/orders`, {
        method: 'POST',
        headers: { ...authed(b.token), 'content-type': 'application/json' },
        body: JSON.stringify(purchaseBody(world)),
      }).then(
        (r) => `answered ${r.status}`,
        () => 'connection lost',
      );
      await first.printed('upstream-buy-held');
      const [held] = await activationsOf(b.userId);
      expect(held).toMatchObject({ state: 'bought' });
      const [upRental] = await upstreamRentals();
      expect(String(upRental!.id)).toBe(held!.upstream_id);
      expect(upRental!.status).toBe('active');
      expect(await balanceOf(up.t.db, up.account.userId)).not.toBe(upstreamBalance);

      await first.kill('SIGKILL');
      expect(await purchase).toBe('connection lost');
      expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
      expect(await t.db.query('select id from store_orders where user_id = $1', [b.userId])).toEqual([]);

      await timePasses([held!.id], [held!.upstream_id]);
      // A fresh process: its reconciliation at start (no periodic one) finds the orphan and cancels it.
      await start({ UPSTREAM_RECONCILE_SECONDS: '0' });
      await until('the orphan voided', async () => {
        const [row] = await activationsOf(b.userId);
        return row!.state === 'voided' ? row : null;
      });
      expect(cancelsOf(held!.upstream_id)).toBe(1);
      expect(await upstreamRentals()).toEqual([{ id: upRental!.id, status: 'cancelled' }]);
      // The provider refunded us; the customer was never charged; one number bought in all.
      expect(await balanceOf(up.t.db, up.account.userId)).toBe(upstreamBalance);
      expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
      expect(await t.db.query('select id from store_orders where user_id = $1', [b.userId])).toEqual([]);
      expect(
        await t.db.query('select id from upstream_cost_entries where activation_id = $1', [held!.id]),
      ).toEqual([]);
      expect(numbersBought() - boughtBefore).toBe(1);
      await Promise.all(servers.splice(0).map((s) => s.kill()));
    }, 240_000);

    test('two processes reconciling at once cancel each orphan exactly once', async () => {
      const b = await buyer(t, '10');
      const store = createStoreService({ db: t.db, config: t.config });
      purchaseFaults.afterUpstreamBuy = () => {
        throw new Error('crashed before the local commit');
      };
      try {
        for (let i = 0; i < 4; i++) {
          await expect(
            store.purchase(
              { id: b.userId, username: b.username },
              { ...purchaseBody(world), smsType: 'text' } as never,
              undefined,
            ),
          ).rejects.toThrow('crashed');
        }
      } finally {
        purchaseFaults.afterUpstreamBuy = null;
      }
      const orphans = await activationsOf(b.userId);
      expect(orphans.map((o) => o.state)).toEqual(['bought', 'bought', 'bought', 'bought']);
      // Both processes running, their reconciliation every second; then the orphans become due for both at once.
      await Promise.all([
        start({ UPSTREAM_RECONCILE_SECONDS: '1' }),
        start({ UPSTREAM_RECONCILE_SECONDS: '1' }),
      ]);
      await timePasses(
        orphans.map((o) => o.id),
        orphans.map((o) => o.upstream_id),
      );
      await until('every orphan voided', async () => {
        const rows = await activationsOf(b.userId);
        return rows.every((r) => r.state === 'voided') ? rows : null;
      });
      // A few more rounds of both: nothing is cancelled again.
      await new Promise((r) => setTimeout(r, 2_500));
      for (const o of orphans) expect(cancelsOf(o.upstream_id), `activation ${o.id}`).toBe(1);
      const upstream = await up.t.db.query<{ status: string }>(
        'select status from rentals where id = any($1::int[])',
        [orphans.map((o) => Number(o.upstream_id))],
      );
      expect(upstream.map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
      expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    }, 240_000);
  },
);
