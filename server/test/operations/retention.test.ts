import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db/client';
import { retentionPruned } from '../../src/lib/metrics';
import { runRetention } from '../../src/modules/retention/retention.job';
import { claimDailyRun, finishDailyRun } from '../../src/modules/retention/retention.repository';
import { createTestApp, type TestApp } from '../helpers';
import {
  addNumbers,
  buyer,
  dataOf,
  expectLedgerConsistent,
  purchaseBody,
  storeWorld,
} from '../store/store-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STORE_SWEEP_INTERVAL_SECONDS: '0' });
}, 120_000);
afterAll(() => t?.close());

const DAY = "interval '1 day'";
const old = `now() - 400 * ${DAY}`;
const recent = `now() - 1 * ${DAY}`;

/** One row of each kind that is past its retention, and one of each that must stay. */
async function worldWithHistory() {
  const world = await storeWorld(t.db);
  await addNumbers(t.db, { count: 3, prefix: '+1666' });
  const customer = await buyer(t);
  const bought = async () =>
    dataOf<{ id: number }>(
      await customer.call({
        method: 'POST',
        url: '/api/store/orders',
        payload: purchaseBody(world, { prefix: '+1666' }),
      }),
    );
  await bought();
  await bought();
  await bought();
  const rentals = await t.db.query<{ id: number; phone_number: string }>(
    'select id, phone_number from rentals where user_id = $1 order by id',
    [customer.userId],
  );
  const [endedLongAgo, endedRecently, stillActive] = rentals;
  await t.db.query(
    `update rentals set status = 'finished', ended_at = case when id = $1 then ${old} else ${recent} end
      where id = any($2::int[])`,
    [endedLongAgo!.id, [endedLongAgo!.id, endedRecently!.id]],
  );
  const sms = async (rentalId: number, phone: string, at: string, code: string | null) =>
    (
      await t.db.query<{ id: number }>(
        `insert into sms_messages (rental_id, phone_number, text, code, received_at)
         values ($1, $2, 'Your code is 1234', $3, ${at}) returning id`,
        [rentalId, phone, code],
      )
    )[0]!.id;
  const prunedSms = await sms(endedLongAgo!.id, endedLongAgo!.phone_number, old, '1234');
  await sms(endedLongAgo!.id, endedLongAgo!.phone_number, old, null);
  const keptSms = await sms(endedRecently!.id, endedRecently!.phone_number, old, '5678');
  await sms(stillActive!.id, stillActive!.phone_number, old, null);

  await t.db.query(
    `insert into login_records (user_id, account, account_key, ip, user_agent, success, reason, created_at)
     values ($1::int, 'x', 'user:' || $1::int, '203.0.113.1', 't', true, 'ok', ${old}),
            ($1::int, 'x', 'user:' || $1::int, '203.0.113.1', 't', false, 'bad_password', ${old}),
            ($1::int, 'x', 'user:' || $1::int, '203.0.113.1', 't', true, 'ok', ${recent})`,
    [customer.userId],
  );

  const [campaign] = await t.db.query<{ id: number }>(
    `insert into sms_campaigns (user_id, request_key, status, content, plan, price, total, segments,
       free_segments, amount, usage_day)
     values ($1, 'retention-test', 'completed', 'hi', 'standard', 0.05, 4, 4, 0, 0.2, current_date)
     returning id`,
    [customer.userId],
  );
  await t.db.query(
    `insert into sms_outbound (campaign_id, user_id, phone, text, encoding, segments, status, expires_at, done_at)
     values ($1, $2, '+15550100001', 'hi', 'gsm7', 1, 'delivered', now(), ${old}),
            ($1, $2, '+15550100002', 'hi', 'gsm7', 1, 'delivered', now(), ${old}),
            ($1, $2, '+15550100003', 'hi', 'gsm7', 1, 'failed', now(), ${old}),
            ($1, $2, '+15550100004', 'hi', 'gsm7', 1, 'delivered', now(), ${recent})`,
    [campaign!.id, customer.userId],
  );
  await t.db.query(
    `insert into sms_delivery_reports (connector_id, external_id, status, stat, raw, pending, received_at)
     values (1, 'a', 'delivered', 'DELIVRD', '{}', false, ${old}),
            (1, 'b', 'delivered', 'DELIVRD', '{}', true, ${old}),
            (1, 'c', 'delivered', 'DELIVRD', '{}', false, ${recent})`,
  );
  await t.db.query(
    `insert into code_webhook_deliveries (user_id, sms_id, url, status, updated_at)
     values ($1, $2, 'https://hooks.example/a', 'delivered', ${old}),
            ($1, $3, 'https://hooks.example/a', 'pending', ${old})
     on conflict (sms_id, user_id) do update set status = excluded.status, updated_at = excluded.updated_at`,
    [customer.userId, keptSms, prunedSms],
  );
  await t.db.query(
    `insert into compat_webhook_outbox (sms_id, user_id, url, payload, delivered_at, failed_at)
     values (-1, $1, 'https://hooks.example/b', '{}', ${old}, null),
            (-2, $1, 'https://hooks.example/b', '{}', null, ${old}),
            (-3, $1, 'https://hooks.example/b', '{}', null, null)`,
    [customer.userId],
  );
  return { campaignId: campaign!.id, keptSms, prunedSms, customer };
}

const rollups = async () =>
  (
    await t.db.query<{ sms: number; logins: number; codes: number }>(
      `select (select coalesce(sum(sms), 0)::int from report_sms_buckets) as sms,
              (select coalesce(sum(success + failure), 0)::int from report_login_buckets) as logins,
              (select coalesce(sum(with_code), 0)::int from report_rental_cells) as codes`,
    )
  )[0]!;

const ledgerTotals = async () =>
  (
    await t.db.query<{ n: number; total: string }>(
      'select count(*)::int as n, coalesce(sum(amount), 0)::text as total from ledger_entries',
    )
  )[0];

describe('retention', () => {
  test('prunes only what is past its days, in batches; money, queues and report counts stay', async () => {
    const { campaignId, keptSms, prunedSms, customer } = await worldWithHistory();
    const before = await rollups();
    const ledgerBefore = await ledgerTotals();
    const metricBefore = (await retentionPruned.get()).values.reduce((s, v) => s + v.value, 0);
    let batches = 0;
    const result = await runRetention(
      t.db,
      { ...t.config.retention, batch: 1 },
      {
        onBatch: async () => {
          batches += 1;
        },
      },
    );
    // Other test data may be old too (none in a fresh database): at least ours went.
    expect(result.rentalSms).toBeGreaterThanOrEqual(2);
    expect(result.massSms).toBeGreaterThanOrEqual(2);
    expect(result.receipts).toBeGreaterThanOrEqual(1);
    expect(result.logins).toBeGreaterThanOrEqual(2);
    expect(result.webhookLogs).toBeGreaterThanOrEqual(3);
    // At most one row per statement: one batch per row of the one-statement kinds, and one short batch each.
    expect(batches).toBeGreaterThanOrEqual(
      result.massSms + result.rentalSms + result.logins + result.receipts + 4,
    );
    const metricAfter = (await retentionPruned.get()).values.reduce((s, v) => s + v.value, 0);
    expect(metricAfter - metricBefore).toBe(Object.values(result).reduce((s, n) => s + n, 0));

    const left = async (sql: string, values: unknown[] = []) =>
      (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, values))[0]!.n;
    expect(await left('sms_messages where id = $1', [prunedSms])).toBe(0);
    expect(await left('sms_messages where id = $1', [keptSms])).toBe(1);
    // The active rental's old SMS stays: only rentals ended long ago lose theirs.
    expect(
      await left(`sms_messages s join rentals r on r.id = s.rental_id where r.user_id = $1`, [
        customer.userId,
      ]),
    ).toBe(2);
    expect(
      await left(`login_records where user_id = $1 and created_at < now() - 179 * ${DAY}`, [customer.userId]),
    ).toBe(0);
    // The recent one inserted above and the buyer's own login.
    expect(await left('login_records where user_id = $1', [customer.userId])).toBe(2);
    const outbound = await t.db.query<{ status: string }>(
      'select status from sms_outbound where campaign_id = $1 order by id',
      [campaignId],
    );
    expect(outbound.map((o) => o.status)).toEqual(['failed', 'delivered']);
    const [campaign] = await t.db.query<{ pruned_delivered: number }>(
      'select pruned_delivered from sms_campaigns where id = $1',
      [campaignId],
    );
    expect(campaign?.pruned_delivered).toBe(2);
    expect(await left(`sms_delivery_reports where external_id in ('a', 'b', 'c')`)).toBe(2);
    expect(await left('sms_delivery_reports where pending and external_id = $1', ['b'])).toBe(1);
    // The pending delivery went with its SMS (cascade); the delivered one of a kept SMS is old: pruned.
    expect(await left('code_webhook_deliveries where user_id = $1', [customer.userId])).toBe(0);
    expect(await left('compat_webhook_outbox where user_id = $1', [customer.userId])).toBe(1);

    // The reports count what happened, pruned or not; no money record moved.
    expect(await rollups()).toEqual(before);
    expect(await ledgerTotals()).toEqual(ledgerBefore);
    await expectLedgerConsistent(t.db);

    // A second run finds nothing of ours.
    const again = await runRetention(t.db, t.config.retention);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  test('0 keeps a kind for ever; a mass SMS retention under 31 days is refused', async () => {
    await t.db.query(
      `insert into login_records (account, account_key, ip, user_agent, success, reason, created_at)
       values ('kept-for-ever', 'none', '203.0.113.2', 't', true, 'ok', ${old})`,
    );
    const result = await runRetention(t.db, {
      ...t.config.retention,
      days: { ...t.config.retention.days, logins: 0 },
    });
    expect(result.logins).toBe(0);
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from login_records where account = 'kept-for-ever'`,
    );
    expect(row?.n).toBe(1);
    expect(() => loadConfig({ RETENTION_MASS_SMS_DAYS: '10' })).toThrow(/RETENTION_MASS_SMS_DAYS/);
    expect(loadConfig({ RETENTION_MASS_SMS_DAYS: '0' }).retention.days.massSms).toBe(0);
    expect(loadConfig({}).retention.days).toEqual({
      massSms: 90,
      receipts: 90,
      rentalSms: 180,
      logins: 180,
      webhookLogs: 30,
    });
  });

  test('the daily run is taken by exactly one process at a time, and then not again that day', async () => {
    const second = t.config.databaseUrl
      ? await createDb({ databaseUrl: t.config.databaseUrl, dataDir: '', poolSize: 2 })
      : t.db;
    try {
      await t.db.query(
        `update maintenance_leases set next_run_at = now() - interval '1 minute', leased_until = null
          where name = 'retention'`,
      );
      const claims = await Promise.all([
        claimDailyRun(t.db, 60_000),
        claimDailyRun(second, 60_000),
        claimDailyRun(t.db, 60_000),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      await finishDailyRun(t.db, { logins: 1 });
      expect(await claimDailyRun(second, 60_000)).toBe(false);
      const [lease] = await t.db.query<{ due_in_hours: number; leased: boolean; last_result: unknown }>(
        `select round(extract(epoch from next_run_at - now()) / 3600)::int as due_in_hours,
                leased_until is not null as leased, last_result
           from maintenance_leases where name = 'retention'`,
      );
      expect(lease).toEqual({ due_in_hours: 24, leased: false, last_result: { logins: 1 } });
    } finally {
      if (second !== t.db) await second.close();
    }
  });
});
