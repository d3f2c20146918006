import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createTestApp, login, loginAs, type TestApp } from '../helpers';
import {
  blockNumberOf,
  type FakeTronGrid,
  OTHER_TOKEN,
  randomTronAddress,
  randomTxId,
  startFakeTronGrid,
} from '../support/fake-trongrid';
import { addPoolAddresses, expectLedgerConsistent, rechargeInfo, watcherFor } from './support';

/**
 * The chain watcher reading a full node's solidity API (TRON_CHAIN_SOURCE=solidity) instead of
 * TronGrid's events: the same deposits credited once, one request per block whatever the number of
 * addresses, unsolidified blocks never read, catch-up block after block without a gap, and no second
 * credit when an operator switches sources.
 */
let t: TestApp;
let fake: FakeTronGrid;
let adminToken: string;
let alice: Awaited<ReturnType<typeof loginAs>>;
let aliceAddress: string;
let bob: Awaited<ReturnType<typeof loginAs>>;
let bobAddress: string;

const fromNode = { tronChainSource: 'solidity', tronNodeUrl: undefined };
const BLOCK = 3000;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeTronGrid({ apiKey: 'test-key' });
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  await addPoolAddresses(t, adminToken, 2);
  alice = await loginAs(t, 2);
  bob = await loginAs(t, 2);
  aliceAddress = (await rechargeInfo(t, alice.token)).address!;
  bobAddress = (await rechargeInfo(t, bob.token)).address!;
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

const balanceOf = async (userId: number) =>
  (await t.db.query<{ b: string }>('select balance::text as b from users where id = $1', [userId]))[0]!.b;
const depositsOf = (txId: string) =>
  t.db.query<{ status: string; amount: string; event_index: number }>(
    'select status, amount::text as amount, event_index from usdt_deposits where tx_id = $1 order by event_index',
    [txId],
  );
/** The cursor `blocks` blocks before the solidified head (the block in the making is not solidified). */
async function cursorBlocksAgo(blocks: number) {
  const head = blockNumberOf(Date.now()) - 1;
  await t.db.query('update tron_chain_cursor set cursor_ms = $1', [(head - blocks) * BLOCK + 1]);
}
const solidityRequests = () => fake.requests.filter((r) => r.path.startsWith('/walletsolidity/'));

describe("reading a full node's solidity API", () => {
  test('USDT Transfer logs to our addresses are credited once each; other tokens and other events are not', async () => {
    await cursorBlocksAgo(5);
    const watcher = watcherFor(t.db, t, fake.url, undefined, fromNode);
    const aliceBefore = Number(await balanceOf(alice.userId));
    const bobBefore = Number(await balanceOf(bob.userId));
    const blockMs = (blockNumberOf(Date.now()) - 3) * BLOCK + 10;
    const txId = randomTxId();
    fake.add({ txId, to: aliceAddress, amount: '12.345678', blockMs });
    fake.add({ txId, to: randomTronAddress(), amount: '5', blockMs }); // not ours
    fake.add({ txId, to: bobAddress, amount: '7', blockMs }); // the same transaction pays Bob too
    const otherToken = fake.add({ to: aliceAddress, amount: '1000', blockMs, token: OTHER_TOKEN });
    const approval = fake.add({ to: aliceAddress, amount: '1000', blockMs, type: 'Approval' });

    const round = await watcher.runRound();
    expect(round.error).toBeNull();
    expect(round.credited).toBe(2);
    expect(await balanceOf(alice.userId)).toBe((aliceBefore + 12.345678).toFixed(6));
    expect(await balanceOf(bob.userId)).toBe((bobBefore + 7).toFixed(6));
    expect((await depositsOf(txId)).map((d) => [d.event_index, d.amount, d.status])).toEqual([
      [0, '12.345678', 'credited'],
      [2, '7.000000', 'credited'],
    ]);
    expect(await depositsOf(otherToken.txId)).toEqual([]);
    expect(await depositsOf(approval.txId)).toEqual([]);
    // Requests are blocks: the head, finding the first block, then one per block.
    expect(solidityRequests().every((r) => r.status === 200)).toBe(true);

    // Read again (a restart, a second watcher): nothing more.
    await cursorBlocksAgo(5);
    expect((await watcher.runRound()).credited).toBe(0);
    expect(await balanceOf(alice.userId)).toBe((aliceBefore + 12.345678).toFixed(6));
    await expectLedgerConsistent(t.db);
  });

  test('a transfer in a block above the solidified head is not read until it solidifies, and is then credited', async () => {
    await cursorBlocksAgo(2);
    const watcher = watcherFor(t.db, t, fake.url, undefined, fromNode);
    const before = Number(await balanceOf(alice.userId));
    const pending = fake.add({
      to: aliceAddress,
      amount: '3',
      blockMs: (blockNumberOf(Date.now()) - 1) * BLOCK + 5,
      confirmed: false,
    });
    expect((await watcher.runRound()).credited).toBe(0);
    expect(await depositsOf(pending.txId)).toEqual([]);
    fake.confirm(pending.txId);
    expect((await watcher.runRound()).credited).toBe(1);
    expect(await balanceOf(alice.userId)).toBe((before + 3).toFixed(6));
  });

  test('the requests are the blocks read, the same for 2 or 40 addresses', async () => {
    const readRange = async () => {
      await cursorBlocksAgo(10);
      const watcher = watcherFor(t.db, t, fake.url, undefined, fromNode);
      const before = solidityRequests().length;
      const round = await watcher.runRound();
      expect(round.error).toBeNull();
      return solidityRequests().length - before;
    };
    const few = await readRange();
    await addPoolAddresses(t, adminToken, 38);
    const many = await readRange();
    expect(many).toBe(few);
    // Ten blocks (give or take the one in the making), the head, and a few headers to find the first block.
    expect(few).toBeGreaterThanOrEqual(11);
    expect(few).toBeLessThan(30);
  });

  test('after downtime it reads the missed blocks round after round, a bounded number each, and misses none', async () => {
    await cursorBlocksAgo(100);
    // Transfers made before an address was given to its customer are not theirs: it was given an hour ago.
    await t.db.query(`update tron_addresses set assigned_at = now() - interval '1 hour' where address = $1`, [
      aliceAddress,
    ]);
    const before = Number(await balanceOf(alice.userId));
    const head = blockNumberOf(Date.now()) - 1;
    const spread = [95, 70, 41, 40, 12, 1].map((ago, i) =>
      fake.add({ to: aliceAddress, amount: `${i + 11}`, blockMs: (head - ago) * BLOCK + 100 }),
    );
    const watcher = watcherFor(t.db, t, fake.url, undefined, fromNode);
    let rounds = 0;
    let credited = 0;
    for (;;) {
      const round = await watcher.runRound();
      expect(round.error).toBeNull();
      rounds++;
      credited += round.credited;
      // A round reads at most 20 blocks, plus the head and the lookups that find the first.
      expect(round.requests).toBeLessThanOrEqual(20 + 1 + 20);
      if (!round.behind) break;
      expect(rounds).toBeLessThan(20);
    }
    expect(rounds).toBeGreaterThanOrEqual(5);
    expect(credited).toBe(spread.length);
    expect(await balanceOf(alice.userId)).toBe((before + 11 + 12 + 13 + 14 + 15 + 16).toFixed(6));
    await expectLedgerConsistent(t.db);
  });

  test('switching from TronGrid events to the node credits nothing twice', async () => {
    const before = Number(await balanceOf(bob.userId));
    const transfer = fake.add({
      to: bobAddress,
      amount: '4.5',
      blockMs: (blockNumberOf(Date.now()) - 3) * BLOCK,
    });
    await cursorBlocksAgo(6);
    const events = watcherFor(t.db, t, fake.url);
    expect((await events.runRound()).credited).toBe(1);
    await cursorBlocksAgo(6);
    const node = watcherFor(t.db, t, fake.url, undefined, fromNode);
    const round = await node.runRound();
    expect(round.error).toBeNull();
    expect(round.credited).toBe(0);
    expect(await depositsOf(transfer.txId)).toHaveLength(1);
    expect(await balanceOf(bob.userId)).toBe((before + 4.5).toFixed(6));
  });

  test('a node that fails is retried and reported like TronGrid; the cursor does not move', async () => {
    await cursorBlocksAgo(3);
    const [{ cursor }] = (await t.db.query<{ cursor: string }>(
      'select cursor_ms::text as cursor from tron_chain_cursor',
    )) as [{ cursor: string }];
    fake.failNext(1, 503);
    const watcher = watcherFor(t.db, t, fake.url, undefined, fromNode);
    const failed = await watcher.runRound();
    expect(failed.error).toMatch(/^server/);
    const [{ after }] = (await t.db.query<{ after: string }>(
      'select cursor_ms::text as after from tron_chain_cursor',
    )) as [{ after: string }];
    expect(after).toBe(cursor);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await watcher.runRound()).error).toBeNull();
  });
});
