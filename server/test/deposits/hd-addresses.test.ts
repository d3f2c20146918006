import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, authed, createTestApp, login, loginAs, type TestApp } from '../helpers';
import { type FakeTronGrid, startFakeTronGrid } from '../support/fake-trongrid';
import { addPoolAddresses, expectLedgerConsistent, rechargeInfo, watcherFor } from './support';

/** The BIP-39 test mnemonic's TRON account; its wallet shows TUEZSd… as the first address. */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const account = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/195'/0'");

let t: TestApp;
let fake: FakeTronGrid;
let adminToken: string;
let poolUser: Awaited<ReturnType<typeof loginAs>>;
let poolAddress: string;
beforeAll(async () => {
  t = await createTestApp({ TRON_XPUB: account.publicExtendedKey });
  fake = await startFakeTronGrid({ apiKey: 'test-key' });
  adminToken = await login(t, ADMIN.username, ADMIN.password);
  // A pool address given before the key was configured stays its owner's.
  await addPoolAddresses(t, adminToken, 2);
  poolUser = await loginAs(t, 2);
  await t.db.query(
    `update tron_addresses set assigned_user_id = $1, assigned_at = now()
     where id = (select min(id) from tron_addresses)`,
    [poolUser.userId],
  );
  poolAddress = (await rechargeInfo(t, poolUser.token)).address!;
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

describe('deposit addresses derived from an extended public key', () => {
  test('each new customer gets the next derived address, recorded with its index; at once, no two alike', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => loginAs(t, 2)));
    const given = await Promise.all(users.map((u) => rechargeInfo(t, u.token)));
    const rows = await t.db.query<{ address: string; derivation_index: number; assigned_user_id: number }>(
      'select address, derivation_index, assigned_user_id from tron_addresses where hd_key is not null order by derivation_index',
    );
    expect(rows.map((r) => r.derivation_index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(rows[0]!.address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    for (const r of rows) {
      const i = users.findIndex((u) => u.userId === r.assigned_user_id);
      expect(given[i]!.address).toBe(r.address);
    }
    // Asking again keeps the same address; the pool customer keeps theirs.
    expect((await rechargeInfo(t, users[0]!.token)).address).toBe(given[0]!.address);
    expect((await rechargeInfo(t, poolUser.token)).address).toBe(poolAddress);

    const info = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits/hd-wallet',
      headers: authed(adminToken),
    });
    expect(info.json().data).toEqual({
      configured: true,
      pathPattern: "m/44'/195'/0'/0/{i}",
      derivedCount: 6,
    });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits/hd-wallet',
      headers: authed(users[0]!.token),
    });
    expect(forbidden.statusCode).toBe(403);
  });

  test('a deposit to a derived address and one to the old pool address are both credited', async () => {
    const customer = await loginAs(t, 2);
    const derived = (await rechargeInfo(t, customer.token)).address!;
    fake.add({ to: derived, amount: '15.5' });
    fake.add({ to: poolAddress, amount: '2' });
    await watcherFor(t.db, t, fake.url).runRound();
    const balances = await t.db.query<{ id: number; balance: string }>(
      'select id, balance::text as balance from users where id = any($1::int[]) order by id',
      [[poolUser.userId, customer.userId]],
    );
    expect(balances.map((b) => b.balance)).toEqual(['2.000000', '15.500000']);
    await expectLedgerConsistent(t.db);
  });

  test('a private key is refused at start, with the reason', async () => {
    await expect(createTestApp({ TRON_XPUB: account.privateExtendedKey })).rejects.toThrow(/private key/);
  });
});
