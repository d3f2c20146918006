import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { readLateRefunds } from '../../src/modules/number-sources/upstream/late-refunds';
import { relayDue } from '../../src/modules/number-sources/upstream/relay';
import { sweepRentals } from '../../src/modules/rentals/rentals.jobs';
import { smsArrives } from '../compat/compat-helpers';
import type { TestApp } from '../helpers';
import { adminCall } from '../inbound/inbound-helpers';
import {
  backdate,
  balanceOf,
  buyer,
  dataOf,
  entriesOf,
  expectLedgerConsistent,
  purchaseBody,
  type StoreWorld,
} from '../store/store-helpers';
import type { countingProxy } from './counting-proxy';
import { activationOf, resellerBehindCountingProxy, type UpstreamJiema } from './upstream-helpers';

/**
 * The late-refund window with a second Jiema as the provider (sms-activate handler_api) behind a proxy
 * that counts every call and can answer one the way a real provider sometimes does: our cancel
 * answered "no such activation" while the provider still holds the number, so the activation ends
 * finished (paid) and its outcome can still change. The provider's refund that follows, within the
 * window, reaches the ledger and the customer once; after the window, or after a code, nothing moves.
 */
let up: UpstreamJiema;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let t: TestApp;
let world: StoreWorld;

beforeAll(async () => {
  ({ up, proxy, t, world } = await resellerBehindCountingProxy('late', 10));
});
afterAll(async () => {
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

type Buyer = Awaited<ReturnType<typeof buyer>>;
type Rental = { id: number; status: string; refundedAmount: string | null };

async function buyOne() {
  const b = await buyer(t, '10');
  const order = dataOf<{ id: number; phones: { rentalId: number }[] }>(
    await b.call({ method: 'POST', url: '/api/store/orders', payload: purchaseBody(world) }),
  );
  const rentalId = order.phones[0]!.rentalId;
  const upstreamId = (await activationOf(t.db, rentalId))!.upstream_id;
  return { b, orderId: order.id, rentalId, upstreamId };
}

/** The relay's read of one activation now. */
async function relayNow(rentalId: number, config = t.config) {
  await t.db.query('update upstream_activations set next_poll_at = now() where rental_id = $1', [rentalId]);
  return relayDue(t.db, config);
}

/** The late reads due now (the test does not wait for the first read a minute after the end). */
async function lateNow(db: Db = t.db) {
  await t.db.query('update upstream_late_refund_watch set next_at = now()');
  return readLateRefunds(db, t.config);
}

/**
 * Our validity ran out and the provider's lock is over; the relay asks the provider to cancel and the
 * provider answers NO_ACTIVATION (it is over there, it says): ended finished, paid, watched.
 */
async function endedByOddCancel(rentalId: number, upstreamId: string) {
  await backdate(t.db, [rentalId], { boughtMinutesAgo: 25, expired: true });
  await backdate(up.t.db, [Number(upstreamId)], { boughtMinutesAgo: 3 });
  proxy.answers.with = (call) =>
    call.action === 'setStatus' && call.status === '8' && call.id === upstreamId ? 'NO_ACTIVATION' : null;
  try {
    await relayNow(rentalId);
  } finally {
    proxy.answers.with = null;
  }
  expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'finished' });
}

const watchOf = async (rentalId: number) => {
  const [row] = await t.db.query<{ customer: boolean; late: boolean }>(
    `select w.customer, w.until > now() + interval '100 minutes' as late from upstream_late_refund_watch w
     join upstream_activations a on a.id = w.activation_id where a.rental_id = $1`,
    [rentalId],
  );
  return row ?? null;
};
const refundedCosts = async (rentalId: number) => {
  const [row] = await t.db.query<{ n: number }>(
    `select count(*)::int as n from upstream_cost_entries e join upstream_activations a on a.id = e.activation_id
     where a.rental_id = $1 and e.kind = 'refunded'`,
    [rentalId],
  );
  return row!.n;
};
const rentalOf = async (b: Buyer, id: number) =>
  dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${id}` }));
const callsFor = (upstreamId: string, from: number) =>
  proxy.calls.slice(from).filter((c) => c.id === upstreamId);

describe('the late-refund window', () => {
  test('the provider refunds on its own clock after our side ended it as finished: the customer is refunded once, also with two readers', async () => {
    const { b, orderId, rentalId, upstreamId } = await buyOne();
    await endedByOddCancel(rentalId, upstreamId);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    // Watched for the window (2 hours by default, from our validity's end), the customer's refund included.
    expect(await watchOf(rentalId)).toEqual({ customer: true, late: true });
    expect((await rentalOf(b, rentalId)).status).toBe('finished');

    // The provider's own timer ends it there and refunds us.
    await backdate(up.t.db, [Number(upstreamId)], { boughtMinutesAgo: 30, expired: true });
    await sweepRentals(up.t.db, { cooldownMinutes: 0 });
    const second = t.config.databaseUrl
      ? await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 4 })
      : t.db;
    try {
      await t.db.query('update upstream_late_refund_watch set next_at = now()');
      await Promise.all([readLateRefunds(t.db, t.config), readLateRefunds(second, t.config), lateNow()]);
    } finally {
      if (second !== t.db) await second.close();
    }
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await entriesOf(t.db, `refund:rental:${rentalId}`)).toHaveLength(1);
    expect(await refundedCosts(rentalId)).toBe(1);
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'refunded' });
    expect(await rentalOf(b, rentalId)).toMatchObject({ status: 'cancelled', refundedAmount: '0.500000' });
    const [order] = await t.db.query<{ status: string; refunded_amount: string }>(
      'select status, refunded_amount::text as refunded_amount from store_orders where id = $1',
      [orderId],
    );
    expect(order).toEqual({ status: 'cancelled', refunded_amount: '0.500000' });
    // Done: no longer watched, never read again.
    expect(await watchOf(rentalId)).toBeNull();
    const from = proxy.calls.length;
    await lateNow();
    expect(callsFor(upstreamId, from)).toEqual([]);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
  });

  test('still open at the provider after our end: asked to cancel again, refunded on its confirmation', async () => {
    const { b, rentalId, upstreamId } = await buyOne();
    await endedByOddCancel(rentalId, upstreamId);
    const from = proxy.calls.length;
    await lateNow();
    const calls = callsFor(upstreamId, from);
    expect(calls.map((c) => [c.action, c.answer])).toEqual([
      ['getStatus', 'STATUS_WAIT_CODE'],
      ['setStatus', 'ACCESS_CANCEL'],
    ]);
    expect(await balanceOf(t.db, b.userId)).toBe('10.000000');
    expect(await refundedCosts(rentalId)).toBe(1);
    expect(await activationOf(t.db, rentalId)).toMatchObject({ outcome: 'refunded' });
  });

  test('an SMS at the provider after our end: it keeps the price; the late code reaches nobody', async () => {
    const { b, rentalId, upstreamId } = await buyOne();
    await endedByOddCancel(rentalId, upstreamId);
    await smsArrives(up.t, Number(upstreamId), 'Your code is 404404', '404404');
    await lateNow();
    expect(await watchOf(rentalId)).toBeNull();
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    expect(await activationOf(t.db, rentalId)).toMatchObject({ outcome: 'finished' });
    expect(await refundedCosts(rentalId)).toBe(0);
    const [late] = await t.db.query<{ late: boolean }>(
      'select late_code_at is not null as late from upstream_activations where rental_id = $1',
      [rentalId],
    );
    expect(late!.late).toBe(true);
  });

  test('a code that reached the customer: never watched, nothing read after the end', async () => {
    const { b, rentalId, upstreamId } = await buyOne();
    await smsArrives(up.t, Number(upstreamId), 'Your code is 515151', '515151');
    await relayNow(rentalId);
    dataOf(await b.call({ method: 'POST', url: `/api/rentals/${rentalId}/finish` }));
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'finished' });
    expect(await watchOf(rentalId)).toBeNull();
    const from = proxy.calls.length;
    await lateNow();
    expect(callsFor(upstreamId, from)).toEqual([]);
  });

  test("an administrator completed the order: the provider's late refund reaches our cost ledger, not the customer", async () => {
    const { b, orderId, rentalId, upstreamId } = await buyOne();
    await backdate(up.t.db, [Number(upstreamId)], { boughtMinutesAgo: 3 });
    const admin = await adminCall(t);
    dataOf(await admin({ method: 'POST', url: `/api/admin/orders/${orderId}/complete` }));
    proxy.answers.with = (call) =>
      call.action === 'setStatus' && call.status === '8' && call.id === upstreamId ? 'NO_ACTIVATION' : null;
    try {
      await relayNow(rentalId);
    } finally {
      proxy.answers.with = null;
    }
    expect(await watchOf(rentalId)).toMatchObject({ customer: false });
    await lateNow();
    expect(await activationOf(t.db, rentalId)).toMatchObject({ outcome: 'refunded' });
    expect(await refundedCosts(rentalId)).toBe(1);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    expect((await rentalOf(b, rentalId)).status).toBe('finished');
  });

  test('after the window: an activation the provider will not let us cancel is closed as paid, and a refund then moves nothing', async () => {
    const short = { ...t.config, upstream: { ...t.config.upstream, lateRefundMs: 6 * 60_000 } };
    const { b, rentalId, upstreamId } = await buyOne();
    // Our validity ended 7 minutes ago; the provider still answers our cancel with its early-cancel lock.
    await backdate(t.db, [rentalId], { boughtMinutesAgo: 27, expired: true });
    await t.db.query(`update rentals set expires_at = now() - interval '7 minutes' where id = $1`, [
      rentalId,
    ]);
    proxy.answers.with = (call) =>
      call.action === 'setStatus' && call.id === upstreamId ? 'EARLY_CANCEL_DENIED' : null;
    try {
      await relayNow(rentalId, short);
    } finally {
      proxy.answers.with = null;
    }
    expect(await activationOf(t.db, rentalId)).toMatchObject({ state: 'ended', outcome: 'finished' });
    expect(await watchOf(rentalId)).toBeNull();
    // The provider refunds later: out of the window, the customer keeps what was decided.
    await backdate(up.t.db, [Number(upstreamId)], { boughtMinutesAgo: 30, expired: true });
    await sweepRentals(up.t.db, { cooldownMinutes: 0 });
    const from = proxy.calls.length;
    await lateNow();
    await relayNow(rentalId, short);
    expect(callsFor(upstreamId, from)).toEqual([]);
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    expect(await refundedCosts(rentalId)).toBe(0);
  });

  test('a watch whose window ran out is dropped unread', async () => {
    const { b, rentalId, upstreamId } = await buyOne();
    await endedByOddCancel(rentalId, upstreamId);
    // Two hours and more pass (the window counts from our validity's end).
    await t.db.query(
      `update upstream_late_refund_watch set until = now() - interval '1 second'
       where activation_id = (select id from upstream_activations where rental_id = $1)`,
      [rentalId],
    );
    await backdate(up.t.db, [Number(upstreamId)], { boughtMinutesAgo: 30, expired: true });
    await sweepRentals(up.t.db, { cooldownMinutes: 0 });
    const from = proxy.calls.length;
    await lateNow();
    expect(callsFor(upstreamId, from)).toEqual([]);
    expect(await watchOf(rentalId)).toBeNull();
    expect(await balanceOf(t.db, b.userId)).toBe('9.500000');
    expect(await activationOf(t.db, rentalId)).toMatchObject({ outcome: 'finished' });
  });
});
