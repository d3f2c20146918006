import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '../../src/db/client';
import { ADMIN, authed, createTestApp, login, loginAs, type TestApp } from '../helpers';
import {
  type FakeTronGrid,
  OTHER_TOKEN,
  randomTronAddress,
  startFakeTronGrid,
} from '../support/fake-trongrid';
import {
  addPoolAddresses,
  expectLedgerConsistent,
  rechargeInfo,
  recordingLogger,
  watcherFor,
} from './support';

let t: TestApp;
let fake: FakeTronGrid;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeTronGrid({ apiKey: 'test-key' });
  adminToken = await login(t, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

const balanceOf = async (userId: number) =>
  (await t.db.query<{ b: string }>('select balance::text as b from users where id = $1', [userId]))[0]!.b;
const depositOf = async (txId: string) =>
  (
    await t.db.query<{ status: string; user_id: number | null; amount: string; reason: string }>(
      'select status, user_id, amount::text as amount, reason from usdt_deposits where tx_id = $1',
      [txId],
    )
  )[0];

describe('the chain watcher against a TronGrid that speaks the real endpoint', () => {
  let alice: Awaited<ReturnType<typeof loginAs>>;
  let bob: Awaited<ReturnType<typeof loginAs>>;
  let aliceAddress: string;
  let bobAddress: string;
  let unassigned: string;

  beforeAll(async () => {
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

  test('exact and odd amounts are credited exactly; other tokens, outgoing and non-Transfer events are not', async () => {
    const watcher = watcherFor(t.db, t, fake.url);
    const odd = fake.add({ to: aliceAddress, amount: '12.345678' });
    const big = fake.add({ to: bobAddress, amount: '1000000' });
    const tiny = fake.add({ to: aliceAddress, amount: '0.000001' });
    const usdc = fake.add({ to: aliceAddress, amount: '50', token: OTHER_TOKEN });
    const outgoing = fake.add({ from: aliceAddress, to: randomTronAddress(), amount: '7' });
    const approval = fake.add({ to: aliceAddress, amount: '9', type: 'Approval' });
    const stranger = fake.add({ to: unassigned, amount: '3' });

    const round = await watcher.runRound();
    expect(round.error).toBeNull();
    expect(await balanceOf(alice.userId)).toBe('12.345678');
    expect(await balanceOf(bob.userId)).toBe('1000000.000000');
    // Below the minimum (1 USDT): kept for an administrator, never lost, never credited by itself.
    expect(await depositOf(tiny.txId)).toMatchObject({
      status: 'unmatched',
      reason: 'below_minimum',
      amount: '0.000001',
    });
    expect(await depositOf(stranger.txId)).toMatchObject({ status: 'unmatched', reason: 'unassigned' });
    for (const ignored of [usdc, outgoing, approval]) expect(await depositOf(ignored.txId)).toBeUndefined();
    expect(await depositOf(odd.txId)).toMatchObject({ status: 'credited', user_id: alice.userId });
    expect(await depositOf(big.txId)).toMatchObject({ status: 'credited', user_id: bob.userId });

    // Every request: the key header, the USDT contract's solidified Transfer events, a time window.
    const sent = fake.requests.filter((r) => r.status === 200 && r.path.startsWith('/v1/contracts/'));
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) {
      expect(r.apiKey).toBe('test-key');
      expect(r.path).toBe('/v1/contracts/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t/events');
      expect(r.params).toMatchObject({
        event_name: 'Transfer',
        only_confirmed: 'true',
        order_by: 'block_timestamp,asc',
      });
      expect(Number(r.params.max_block_timestamp)).toBeGreaterThan(Number(r.params.min_block_timestamp));
    }
    // Per address only to show a watched owner what is not solidified yet, never to credit.
    for (const r of fake.requests.filter((r) => r.path.startsWith('/v1/accounts/')))
      expect(r.params).toMatchObject({ only_unconfirmed: 'true', only_to: 'true' });

    // Read again (the overlap window): nothing changes.
    await watcher.runRound();
    expect(await balanceOf(alice.userId)).toBe('12.345678');
    await expectLedgerConsistent(t.db);
  });

  test('an unconfirmed transfer shows as seen, then confirming, and is credited once solidified', async () => {
    const watcher = watcherFor(t.db, t, fake.url);
    await rechargeInfo(t, alice.token); // the page is open: the address is watched closely
    const before = await balanceOf(alice.userId);
    const pending = fake.add({ to: aliceAddress, amount: '5.5', confirmed: false });
    // Each round looks at one watched address (bob's page is open too).
    const roundsUntil = async (status: string) => {
      for (let i = 0; i < 4 && (await depositOf(pending.txId))?.status !== status; i++)
        await watcher.runRound();
    };
    await roundsUntil('seen');
    expect(await depositOf(pending.txId)).toMatchObject({ status: 'seen', user_id: alice.userId });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/recharge/deposits',
      headers: authed(alice.token),
    });
    expect(own.json().data.list.find((d: { txId: string }) => d.txId === pending.txId).status).toBe('seen');
    await roundsUntil('confirming');
    expect(await depositOf(pending.txId)).toMatchObject({ status: 'confirming' });
    expect(await balanceOf(alice.userId)).toBe(before);
    fake.confirm(pending.txId);
    await watcher.runRound();
    expect(await depositOf(pending.txId)).toMatchObject({ status: 'credited' });
    expect(await balanceOf(alice.userId)).toBe('17.845678');
  });

  test('hundreds of transfers over several pages, with items repeated across pages: each credited once', async () => {
    fake.setDuplicateAcrossPages(true);
    const watcher = watcherFor(t.db, t, fake.url);
    // Blocks after the cursor (the solidified chain only grows forward).
    const start = Date.now() - 600;
    const before = await balanceOf(bob.userId);
    for (let i = 0; i < 450; i++) fake.add({ to: bobAddress, amount: '1.000001', blockMs: start + i });
    const pagesBefore = fake.requests.filter((r) => r.params.fingerprint).length;
    await watcher.runRound();
    fake.setDuplicateAcrossPages(false);
    expect(fake.requests.filter((r) => r.params.fingerprint).length - pagesBefore).toBeGreaterThanOrEqual(2);
    const [{ n }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_entries where user_id = $1 and note like 'USDT-TRC20%' and amount = 1.000001`,
      [bob.userId],
    )) as [{ n: number }];
    expect(n).toBe(450);
    expect(await balanceOf(bob.userId)).toBe((Number(before) + 450.00045).toFixed(6));
    await expectLedgerConsistent(t.db);
  }, 120_000);

  test('429, 403 and 5xx back off and lose nothing; an unreachable API is one log line, then recovery', async () => {
    const log = recordingLogger();
    const watcher = watcherFor(t.db, t, fake.url, log);
    const before = await balanceOf(alice.userId);
    const a = fake.add({ to: aliceAddress, amount: '2' });
    expect((await rechargeInfo(t, alice.token)).depositsDelayed).toBe(false);
    fake.failNext(1, 429);
    const limited = await watcher.runRound();
    expect(limited.error).toMatch(/^rate_limited/);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits/watcher',
      headers: authed(adminToken),
    });
    expect(health.json().data).toMatchObject({ state: 'rate_limited' });
    expect(health.json().data.consecutiveErrors).toBeGreaterThanOrEqual(1);

    fake.failNext(1, 503);
    await new Promise((r) => setTimeout(r, 1100)); // the 1 s backoff of the first failure
    const failing = await watcher.runRound();
    expect(failing.error).toMatch(/^server/);
    fake.failNext(1, 403);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await watcher.runRound()).error).toMatch(/^rate_limited/);

    fake.setUnreachable(true);
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 3; i++) {
      const r = await watcher.runRound();
      expect(r.error).toMatch(/^unreachable/);
    }
    const zh = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-locale': 'zh-CN' } });
    expect(zh.json().tron).toMatchObject({ state: 'unreachable' });
    expect(zh.json().tron.message).toContain('无法连接链上接口');
    const en = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-locale': 'en-US' } });
    expect(en.json().tron.message).toContain('cannot be reached');
    const unreachableLines = log.lines.filter(
      (l) => l.level === 'warn' && l.msg.includes('cannot be reached'),
    );
    expect(unreachableLines).toHaveLength(1);
    // The recharge page is told: deposits are delayed, not "about a minute".
    expect((await rechargeInfo(t, alice.token)).depositsDelayed).toBe(true);

    fake.setUnreachable(false);
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 10; i++) {
      const r = await watcher.runRound();
      if (r.error === null) break;
      await new Promise((res) => setTimeout(res, 1000));
    }
    expect(await depositOf(a.txId)).toMatchObject({ status: 'credited' });
    expect(await balanceOf(alice.userId)).toBe((Number(before) + 2).toFixed(6));
    expect(log.lines.some((l) => l.level === 'info' && l.msg.includes('reachable again'))).toBe(true);
    const ok = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(ok.json().tron).toMatchObject({ state: 'ok', consecutiveErrors: 0 });
    expect((await rechargeInfo(t, alice.token)).depositsDelayed).toBe(false);
  }, 60_000);

  test('a deposit during a restart: the new watcher reads the window again and credits it once', async () => {
    const first = watcherFor(t.db, t, fake.url);
    await first.runRound();
    await first.stop();
    const before = await balanceOf(bob.userId);
    const during = fake.add({ to: bobAddress, amount: '33.3', blockMs: Date.now() - 5000 });
    // The restarted process starts from the persisted cursor (and, to be hard on it, with it rewound).
    await t.db.query('update tron_chain_cursor set cursor_ms = cursor_ms - 3600000');
    const second = watcherFor(t.db, t, fake.url);
    await second.runRound();
    await second.runRound({ ignoreLeases: true });
    expect(await depositOf(during.txId)).toMatchObject({ status: 'credited', user_id: bob.userId });
    expect(await balanceOf(bob.userId)).toBe((Number(before) + 33.3).toFixed(6));
    await expectLedgerConsistent(t.db);
  }, 120_000);

  test('two watchers at once on the same transfers (two processes on PostgreSQL): each paid once', async () => {
    const otherDb = t.config.databaseUrl
      ? await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 4 })
      : t.db;
    try {
      const before = await balanceOf(alice.userId);
      const batch = Array.from({ length: 40 }, (_, i) =>
        fake.add({
          to: i % 2 ? aliceAddress : bobAddress,
          amount: `${i + 1}.25`,
          blockMs: Date.now() - 500 + i, // after the cursor: the solidified chain only grows forward
        }),
      );
      const a = watcherFor(t.db, t, fake.url);
      const b = watcherFor(otherDb, t, fake.url);
      // Both read every address at the same moment, leases ignored: only the database keeps them apart.
      await Promise.all([a.runRound({ ignoreLeases: true }), b.runRound({ ignoreLeases: true })]);
      for (const transfer of batch) expect((await depositOf(transfer.txId))?.status).toBe('credited');
      const aliceExpected = batch.filter((_, i) => i % 2).reduce((sum, _, j) => sum + (2 * j + 2) + 0.25, 0);
      expect(await balanceOf(alice.userId)).toBe((Number(before) + aliceExpected).toFixed(6));
      await expectLedgerConsistent(t.db);
    } finally {
      if (otherDb !== t.db) await otherDb.close();
    }
  });

  test('nothing missed, nothing doubled: every scripted USDT deposit to a watched address is settled exactly once', async () => {
    const rows = await t.db.query<{ tx_id: string; status: string }>(
      'select tx_id, status from usdt_deposits',
    );
    const settled = new Map(rows.map((r) => [r.tx_id, r.status]));
    const entries = await t.db.query<{ reference: string }>(
      "select reference from ledger_entries where reference like 'deposit:%'",
    );
    expect(new Set(entries.map((e) => e.reference)).size).toBe(entries.length);
    const credited = rows.filter((r) => r.status === 'credited').length;
    expect(entries.length).toBe(credited);
    await expectLedgerConsistent(t.db);
    expect(settled.size).toBeGreaterThan(490);
  });
});
