import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { claimChanged } from '../../src/modules/number-sources/upstream/activations.repository';
import { relayDue, steadyOf } from '../../src/modules/number-sources/upstream/relay';
import { sa, smsArrives } from '../compat/compat-helpers';
import type { TestApp } from '../helpers';
import {
  backdate,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';
import type { countingProxy } from './counting-proxy';
import { activationOf, resellerBehindCountingProxy, type UpstreamJiema } from './upstream-helpers';

/**
 * The relay's status reads against a second Jiema (its handler_api offers getActiveActivations), behind
 * a proxy that counts every request: one batch request per provider and round tells which activations
 * to read; a provider without the action is read one activation at a time.
 */
let up: UpstreamJiema;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let t: TestApp;
let world: StoreWorld;

beforeAll(async () => {
  ({ up, proxy, t, world } = await resellerBehindCountingProxy('batched'));
});
afterAll(async () => {
  await proxy?.close();
  if (t) {
    await expectLedgerConsistent(t.db);
    await t.close();
  }
  if (up) await up.t.close();
});

type Order = { phones: { rentalId: number; token: string }[] };

/** One relay round with every open activation due now; what it asked the provider. */
async function round() {
  await t.db.query(`update upstream_activations set next_poll_at = now() where state = 'active'`);
  const from = proxy.calls.length;
  await relayDue(t.db, t.config);
  const calls = proxy.calls.slice(from);
  return {
    batch: calls.filter((c) => c.action === 'getActiveActivations').length,
    reads: calls.filter((c) => c.action === 'getStatus').map((c) => c.id),
  };
}

const codeOf = async (b: Awaited<ReturnType<typeof buyer>>, rentalId: number) =>
  dataOf<{ latestCode: string | null }>(await b.call({ method: 'GET', url: `/api/rentals/${rentalId}` }))
    .latestCode;

describe('batched status polling (getActiveActivations)', () => {
  let b: Awaited<ReturnType<typeof buyer>>;
  const rentals: number[] = [];
  const upstreamIds: string[] = [];

  test('one request per provider and round while nothing changes; only the changed one is read', async () => {
    b = await buyer(t, '10');
    for (let i = 0; i < 3; i++) {
      const order = dataOf<Order>(
        await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
      );
      rentals.push(order.phones[0]!.rentalId);
      upstreamIds.push((await activationOf(t.db, order.phones[0]!.rentalId))!.upstream_id);
    }
    // First round: nothing acted on yet, so each is read once.
    expect(await round()).toEqual({ batch: 1, reads: expect.arrayContaining(upstreamIds) });
    // Nothing changed: one request covers the three.
    expect(await round()).toEqual({ batch: 1, reads: [] });
    expect(await round()).toEqual({ batch: 1, reads: [] });
    // A code for the second: only it is read, and its code reaches our customer.
    await smsArrives(up.t, Number(upstreamIds[1]), 'Your code 424242', '424242');
    expect(await round()).toEqual({ batch: 1, reads: [upstreamIds[1]] });
    expect(await codeOf(b, rentals[1]!)).toBe('424242');
    expect(await round()).toEqual({ batch: 1, reads: [] });
  });

  test('one due activation: the batch covers the others too, they fall due together; a changed one is read in the same round', async () => {
    const ids = await t.db.query<{ id: number }>(
      `select id from upstream_activations where state = 'active' and rental_id = any($1::int[]) order by id`,
      [rentals],
    );
    await t.db.query(
      `update upstream_activations set next_poll_at = now() + interval '1 hour' where id = any($1::int[])`,
      [ids.map((r) => r.id)],
    );
    await t.db.query('update upstream_activations set next_poll_at = now() where id = $1', [ids[0]!.id]);
    await smsArrives(up.t, Number(upstreamIds[2]), 'Your code 515151', '515151');
    const from = proxy.calls.length;
    await relayDue(t.db, t.config);
    // One batch request, and the read of the changed one (not due: made to wait an hour) right after it
    // (a read is getStatus, then getStatusV2 for the SMS text).
    const asked = proxy.calls.slice(from).filter((c) => c.action !== 'getStatusV2');
    expect(asked.map((c) => [c.action, c.id ?? null])).toEqual([
      ['getActiveActivations', null],
      ['getStatus', upstreamIds[2]],
    ]);
    expect(await codeOf(b, rentals[2]!)).toBe('515151');
    const schedule = await t.db.query<{ id: number; wait: number; interval: number }>(
      `select id, extract(epoch from next_poll_at - now())::float8 * 1000 as wait, poll_interval_ms as interval
       from upstream_activations where id = any($1::int[]) order by id`,
      [ids.map((r) => r.id)],
    );
    // Every one waits the steady interval (the poll interval less one relay tick), not backed off: the
    // first two unchanged, together; the third after its code.
    const steady = steadyOf(t.config);
    expect(schedule.map((r) => r.interval)).toEqual([steady, steady, steady]);
    expect(Math.abs(schedule[0]!.wait - schedule[1]!.wait)).toBeLessThan(500);
    for (const r of schedule) expect(r.wait).toBeLessThanOrEqual(steady);
  });

  test('a changed activation another process claimed meanwhile is not read twice', async () => {
    const [third] = await t.db.query<{ id: number; polls: number }>(
      'select id, polls from upstream_activations where rental_id = $1',
      [rentals[2]],
    );
    // Two processes saw the same read count; the first claim wins, the second finds the count moved.
    const first = await claimChanged(t.db, [third!], 30_000);
    const second = await claimChanged(t.db, [third!], 30_000);
    expect(first.map((a) => a.id)).toEqual([third!.id]);
    expect(second).toEqual([]);
  });

  test('a round that claims only some of the due ones settles the others with the same batch request', async () => {
    await t.db.query(`update upstream_activations set next_poll_at = now() where state = 'active'`);
    const from = proxy.calls.length;
    // Room for one claim: the other two, due as well, are covered by the one batch request.
    await relayDue(t.db, t.config, 1);
    const calls = proxy.calls.slice(from);
    expect(calls.filter((c) => c.action === 'getActiveActivations')).toHaveLength(1);
    expect(calls.filter((c) => c.action === 'getStatus')).toEqual([]);
    const [counted] = await t.db.query<{ due: number }>(
      `select count(*)::int as due from upstream_activations where state = 'active' and next_poll_at <= now()`,
    );
    expect(counted!.due).toBe(0);
  });

  test('a list the provider cuts short: an open activation it leaves out is read on its own backed-off schedule, not in every round; its code still arrives', async () => {
    const order = dataOf<Order>(
      await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
    );
    const rentalId = order.phones[0]!.rentalId;
    const left = (await activationOf(t.db, rentalId))!;
    proxy.edits.with = (call, body) => {
      if (call.action !== 'getActiveActivations') return body;
      const list = JSON.parse(body) as { activeActivations: { activationId: string }[] };
      list.activeActivations = list.activeActivations.filter((x) => x.activationId !== left.upstream_id);
      return JSON.stringify(list);
    };
    try {
      // Missing from the list: read once (it could have ended), found open.
      expect((await round()).reads).toContain(left.upstream_id);
      const readsOf = (from: number) =>
        proxy.calls.slice(from).filter((c) => c.action === 'getStatus' && c.id === left.upstream_id).length;
      // Rounds on the relay's own schedule: the others are batched, it waits its backed-off turn.
      const from = proxy.calls.length;
      for (let i = 0; i < 4; i++) {
        await t.db.query(
          `update upstream_activations set next_poll_at = now() where state = 'active' and id <> $1`,
          [left.id],
        );
        await relayDue(t.db, t.config);
      }
      expect(proxy.calls.slice(from).filter((c) => c.action === 'getActiveActivations')).toHaveLength(4);
      expect(readsOf(from)).toBe(0);
      const [waiting] = await t.db.query<{ wait: number; status: string }>(
        `select extract(epoch from next_poll_at - now())::float8 * 1000 as wait, upstream_status as status
         from upstream_activations where id = $1`,
        [left.id],
      );
      expect(waiting!.status).toBe('absent-from-batch');
      expect(waiting!.wait).toBeGreaterThan(steadyOf(t.config));
      // Its turn comes: read, and the code that arrived meanwhile reaches our customer.
      await smsArrives(up.t, Number(left.upstream_id), 'Your code 737373', '737373');
      await t.db.query('update upstream_activations set next_poll_at = now() where id = $1', [left.id]);
      const turn = proxy.calls.length;
      await relayDue(t.db, t.config);
      expect(readsOf(turn)).toBe(1);
      expect(await codeOf(b, rentalId)).toBe('737373');
    } finally {
      proxy.edits.with = null;
    }
    // Done with it (finish relayed), so the next tests see only their own activations.
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/finish` }));
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended' });
  });

  test('an activation gone from the list (cancelled upstream) is read and ended', async () => {
    // Ended on the provider's side (its account cancels it once its 2-minute lock has passed).
    await backdate(up.t.db, [Number(upstreamIds[0])], { boughtMinutesAgo: 3 });
    expect(
      await sa(up.t, { api_key: up.account.apiKey, action: 'setStatus', id: upstreamIds[0]!, status: 8 }),
    ).toBe('ACCESS_CANCEL');
    expect(await round()).toEqual({ batch: 1, reads: [upstreamIds[0]] });
    expect(await activationOf(t.db, rentals[0]!)).toMatchObject({ state: 'ended' });
  });

  test('a provider without getActiveActivations is read one activation at a time', async () => {
    proxy.notOffered.add('getActiveActivations');
    try {
      const first = await round();
      expect(first.batch).toBe(1);
      expect(first.reads.sort()).toEqual([upstreamIds[1], upstreamIds[2]].sort());
      // Not asked again for a while: getStatus only.
      const next = await round();
      expect(next.batch).toBe(0);
      expect(next.reads.sort()).toEqual([upstreamIds[1], upstreamIds[2]].sort());
    } finally {
      proxy.notOffered.delete('getActiveActivations');
    }
  });
});
