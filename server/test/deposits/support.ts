import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { createChainWatcher } from '../../src/modules/deposits/chain-watcher';
import { authed, type TestApp } from '../helpers';
import { randomTronAddress } from '../support/fake-trongrid';

/** A logger that keeps what the watcher says, to check an outage is one line and not a storm. */
export function recordingLogger() {
  const lines: Array<{ level: string; msg: string }> = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      const msg = args.find((a) => typeof a === 'string') as string | undefined;
      lines.push({ level, msg: msg ?? JSON.stringify(args[0]) });
    };
  const logger = {
    lines,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: () => undefined,
    trace: () => undefined,
    fatal: at('fatal'),
    silent: () => undefined,
    level: 'info',
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger & { lines: typeof lines };
}

/**
 * A watcher of the test app's database against a fake TronGrid, driven round by round by the test.
 * Its rounds read whoever last held the cursor's lease (the tests create many watchers and stop few);
 * `leased: true` keeps the lease rule.
 */
export function watcherFor(
  db: Db,
  t: TestApp,
  url: string,
  log = recordingLogger(),
  extra: Record<string, unknown> = {},
  leased = false,
) {
  const watcher = createChainWatcher({
    db,
    config: {
      ...t.config,
      trongridUrl: url,
      trongridApiKey: 'test-key',
      tronPollIntervalMs: 1000,
      trongridRps: 500,
      ...extra,
    },
    log,
    // The real pause doubles up to 60 s; a test waits 1 s at most.
    maxBackoffMs: 1000,
    // A round looks at a watched address's unsolidified transfers every time.
    peekSpacingMs: 0,
  });
  if (leased) return watcher;
  return {
    ...watcher,
    runRound: (round: { ignoreLeases?: boolean } = {}) => watcher.runRound({ ignoreLeases: true, ...round }),
  };
}

/** Adds `count` pool addresses through the admin API; returns them. */
export async function addPoolAddresses(t: TestApp, adminToken: string, count: number, shared = false) {
  const added: string[] = [];
  for (let i = 0; i < count; i++) {
    const address = randomTronAddress();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tron-addresses',
      headers: authed(adminToken),
      payload: { address, label: `${shared ? 'shared' : 'pool'} ${i}`, shared },
    });
    expect(res.statusCode, res.body).toBe(200);
    added.push(address);
  }
  return added;
}

/** The user's recharge page: gives them their sticky address on the first visit. */
export async function rechargeInfo(t: TestApp, token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/recharge', headers: authed(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    address: string | null;
    ordersAvailable: boolean;
    balance: string;
    minAmount: string;
    depositsDelayed: boolean;
  };
}

/** PRODUCT.md §4: every balance equals the sum of its ledger entries, and no reference is used twice. */
export async function expectLedgerConsistent(db: Db) {
  const mismatches = await db.query(
    `select u.id from users u left join ledger_entries e on e.user_id = u.id
     group by u.id, u.balance having u.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(mismatches).toEqual([]);
  const credited = await db.query<{ n: number; m: number }>(
    `select count(*)::int as n, count(distinct ledger_entry_id)::int as m from usdt_deposits where status = 'credited'`,
  );
  expect(credited[0]!.n).toBe(credited[0]!.m);
}
