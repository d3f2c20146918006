import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, authed, createTestApp, login, loginAs, type TestApp } from '../helpers';
import {
  type FakeTronGrid,
  randomTronAddress,
  randomTxId,
  startFakeTronGrid,
} from '../support/fake-trongrid';
import { addPoolAddresses, expectLedgerConsistent, rechargeInfo, watcherFor } from './support';

/**
 * Deposits are Transfer events: one transaction paying several of our addresses pays each of them, a
 * broken amount in the chain's answer does not stop the watcher, and a transfer that never solidifies
 * stops being shown as confirming.
 */
let t: TestApp;
let fake: FakeTronGrid;
let adminToken: string;
let alice: Awaited<ReturnType<typeof loginAs>>;
let bob: Awaited<ReturnType<typeof loginAs>>;
let aliceAddress: string;
let bobAddress: string;
let unassigned: string;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeTronGrid({ apiKey: 'test-key' });
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  await addPoolAddresses(t, adminToken, 3);
  alice = await loginAs(t, 2);
  bob = await loginAs(t, 2);
  aliceAddress = (await rechargeInfo(t, alice.token)).address!;
  bobAddress = (await rechargeInfo(t, bob.token)).address!;
  const [free] = await t.db.query<{ address: string }>(
    'select address from tron_addresses where assigned_user_id is null',
  );
  unassigned = free!.address;
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

const balanceOf = async (userId: number) =>
  (await t.db.query<{ b: string }>('select balance::text as b from users where id = $1', [userId]))[0]!.b;
const rowsOf = (txId: string) =>
  t.db.query<{ status: string; user_id: number | null; amount: string; to_address: string; reason: string }>(
    'select status, user_id, amount::text as amount, to_address, reason from usdt_deposits where tx_id = $1 order by amount',
    [txId],
  );
const ownList = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/recharge/deposits', headers: authed(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as Array<{ txId: string; status: string; amount: string }>;
};

describe('deposits keyed by transaction and transfer', () => {
  test('one transaction with several transfers to several of our addresses pays every one, once', async () => {
    const watcher = watcherFor(t.db, t, fake.url);
    const [aliceBefore, bobBefore] = [await balanceOf(alice.userId), await balanceOf(bob.userId)];
    const txId = randomTxId();
    const blockMs = Date.now() - 2000;
    fake.add({ txId, to: aliceAddress, amount: '10', blockMs });
    fake.add({ txId, to: bobAddress, amount: '20.5', blockMs });
    fake.add({ txId, to: randomTronAddress(), amount: '99', blockMs }); // not ours: ignored
    fake.add({ txId, to: aliceAddress, amount: '10', blockMs }); // the same amount again: a second payment
    fake.add({ txId, to: unassigned, amount: '3', blockMs });

    expect((await watcher.runRound()).error).toBeNull();
    expect(await balanceOf(alice.userId)).toBe((Number(aliceBefore) + 20).toFixed(6));
    expect(await balanceOf(bob.userId)).toBe((Number(bobBefore) + 20.5).toFixed(6));
    const rows = await rowsOf(txId);
    expect(rows.map((r) => [r.to_address, r.amount, r.status])).toEqual([
      [aliceAddress, '10.000000', 'credited'],
      [aliceAddress, '10.000000', 'credited'],
      [bobAddress, '20.500000', 'credited'],
      [unassigned, '3.000000', 'unmatched'],
    ]);
    const refs = await t.db.query<{ reference: string }>(
      'select reference from ledger_entries where reference like $1 order by reference',
      [`deposit:${txId}%`],
    );
    expect(refs.map((r) => r.reference)).toEqual([
      `deposit:${txId}:0`,
      `deposit:${txId}:1`,
      `deposit:${txId}:3`,
    ]);

    // Read again (a restart with the cursor rewound, and a second watcher at once): nothing more.
    await t.db.query('update tron_chain_cursor set cursor_ms = cursor_ms - 600000');
    await Promise.all([
      watcherFor(t.db, t, fake.url).runRound({ ignoreLeases: true }),
      watcher.runRound({ ignoreLeases: true }),
    ]);
    expect(await balanceOf(alice.userId)).toBe((Number(aliceBefore) + 20).toFixed(6));
    expect(await rowsOf(txId)).toHaveLength(4);
    await expectLedgerConsistent(t.db);
  });

  test('an impossible amount in the chain answer is skipped; the watcher keeps crediting that address', async () => {
    const watcher = watcherFor(t.db, t, fake.url);
    const before = await balanceOf(alice.userId);
    // More than numeric(20,6) holds (and than USDT's whole supply): a broken answer, never a deposit.
    const broken = fake.add({ to: aliceAddress, rawValue: `1${'0'.repeat(40)}`, blockMs: Date.now() - 3000 });
    const round = await watcher.runRound();
    expect(round.error).toBeNull();
    expect(await rowsOf(broken.txId)).toEqual([]);
    const real = fake.add({ to: aliceAddress, amount: '4.25', blockMs: Date.now() - 1000 });
    expect((await watcher.runRound()).error).toBeNull();
    expect((await rowsOf(real.txId))[0]).toMatchObject({ status: 'credited', user_id: alice.userId });
    expect(await balanceOf(alice.userId)).toBe((Number(before) + 4.25).toFixed(6));
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits/watcher',
      headers: authed(adminToken),
    });
    expect(health.json().data).toMatchObject({ state: 'ok', consecutiveErrors: 0 });
  });

  test('a transfer that disappears before it solidifies is no longer shown as confirming', async () => {
    const watcher = watcherFor(t.db, t, fake.url);
    await rechargeInfo(t, bob.token); // the page is open: unsolidified transfers are shown
    const before = await balanceOf(bob.userId);
    const ghost = fake.add({ to: bobAddress, amount: '7', confirmed: false, blockMs: Date.now() - 500 });
    // Each round looks at one watched address (alice's page is open too): a few rounds see it twice.
    for (let i = 0; i < 4; i++) await watcher.runRound();
    expect((await rowsOf(ghost.txId))[0]).toMatchObject({ status: 'confirming', user_id: bob.userId });
    expect((await ownList(bob.token)).find((d) => d.txId === ghost.txId)?.status).toBe('confirming');

    // Its block never solidified; the solidified chain moves past it.
    fake.remove(ghost.txId);
    await new Promise((r) => setTimeout(r, 50));
    fake.add({ to: randomTronAddress(), amount: '1', blockMs: Date.now() });
    await watcher.runRound();
    expect((await rowsOf(ghost.txId))[0]).toMatchObject({ status: 'dropped' });
    expect((await ownList(bob.token)).find((d) => d.txId === ghost.txId)).toBeUndefined();
    expect(await balanceOf(bob.userId)).toBe(before);
  });

  test('one process reads the chain at a time: the cursor is leased, and handed over when it stops', async () => {
    const first = watcherFor(t.db, t, fake.url, undefined, {}, true);
    const second = watcherFor(t.db, t, fake.url, undefined, {}, true);
    await t.db.query('update tron_chain_cursor set lease_until = null');
    expect((await first.runRound()).read).toBe(true);
    expect((await second.runRound()).read).toBe(false);
    expect((await first.runRound()).read).toBe(true);
    await first.stop();
    expect((await second.runRound()).read).toBe(true);
    await second.stop();
  });

  test('after an hour down: the lag is shown, the missed blocks are read round by round, none skipped', async () => {
    const watcher = watcherFor(t.db, t, fake.url);
    await watcher.runRound();
    const hourAgo = Date.now() - 3_600_000;
    const before = await balanceOf(alice.userId);
    // 1,500 transfers of other people over the hour (more than one read's pages), three of them ours.
    for (let i = 0; i < 1500; i++)
      fake.add({ to: randomTronAddress(), amount: '5', blockMs: hourAgo + 60_000 + i * 2000 });
    fake.add({ to: randomTronAddress(), amount: '5', blockMs: Date.now() - 1000 }); // the chain's present
    const ours = [0.2, 0.5, 0.95].map((f) =>
      fake.add({ to: aliceAddress, amount: '1.5', blockMs: hourAgo + 60_000 + Math.round(f * 3_000_000) }),
    );
    await t.db.query('update tron_chain_cursor set cursor_ms = $1', [hourAgo]);
    // Alice has had her address for longer than that (else the payments would wait for an administrator).
    await t.db.query(
      `update tron_addresses set assigned_at = now() - interval '2 hours' where address = $1`,
      [aliceAddress],
    );
    const health = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/deposits/watcher',
          headers: authed(adminToken),
        })
      ).json().data;
    const behind = await health();
    expect(behind.state).toBe('catching_up');
    expect(behind.lagSeconds).toBeGreaterThanOrEqual(3599);

    let rounds = 0;
    for (let r = await watcher.runRound(); ; r = await watcher.runRound()) {
      rounds++;
      expect(r.error).toBeNull();
      if (!r.behind) break;
    }
    expect(rounds).toBeGreaterThanOrEqual(2);
    for (const o of ours) expect((await rowsOf(o.txId))[0]).toMatchObject({ status: 'credited' });
    expect(await balanceOf(alice.userId)).toBe((Number(before) + 4.5).toFixed(6));
    const caughtUp = await health();
    expect(caughtUp.state).toBe('ok');
    expect(caughtUp.lagSeconds).toBeLessThan(120);
  }, 120_000);
});
