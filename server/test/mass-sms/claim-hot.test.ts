import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, extendClaims } from '../../src/modules/mass-sms/queue.repository';
import { createTestApp, type TestApp } from '../helpers';
import { confirmOk, numbers, sender } from './support';

/**
 * A claim and a lease's renewal write no index entry: both are HOT updates (the new row version on
 * its page, nothing in the four indexes), which is what the table's fill factor of 45 leaves room
 * for (0099-outbound-fillfactor.ts, queue.repository.ts claimDue). Read from the table's counters of
 * updated and HOT-updated rows, which each backend reports about a second after its transaction.
 *
 * The renewal fits only once the claim's old row versions are pruned from the page, and PostgreSQL
 * prunes only what no open snapshot can still see: an autovacuum ANALYZE of the fresh database
 * (started by the test's own inserts, at any moment) holds one and turns renewals into plain updates
 * for as long as it runs. So the measurement is taken again, on a new campaign, when one was taken
 * while such a reader was about, up to three times; the code before the fill factor gave 0 HOT
 * updates every time.
 */
const MESSAGES = 400;
const ATTEMPTS = 3;

type Counters = { updated: number; hot: number };

describe('claiming queued messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const counters = async (): Promise<Counters> => {
    const [row] = await t.db.query<{ updated: string; hot: string }>(
      `select n_tup_upd::text as updated, n_tup_hot_upd::text as hot
         from pg_stat_user_tables where relname = 'sms_outbound'`,
    );
    return { updated: Number(row!.updated), hot: Number(row!.hot) };
  };

  /** The counters once `updates` more updates are reported (each pooled connection reports on its own). */
  const countersAfter = async (before: Counters, updates: number): Promise<Counters> => {
    for (let waited = 0; waited < 15_000; waited += 100) {
      const now = await counters();
      if (now.updated - before.updated >= updates) return now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return counters();
  };

  /** Other sessions on this database that hold a snapshot (PGlite has none: one session). */
  const otherSnapshotHolders = async () => {
    const rows = await t.db
      .query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_xmin is not null`,
      )
      .catch(() => [{ n: 0 }]);
    return rows[0]?.n ?? 0;
  };

  const claimAndRenew = async (admin: Awaited<ReturnType<typeof sender>>, attempt: number) => {
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(MESSAGES, 79950000000 + attempt * 10_000),
      content: 'hot',
    });
    const before = await counters();
    const claimed = (await claimDue(t.db, MESSAGES, 60)).filter((m) => m.campaignId === campaign.id);
    const holdersDuringClaim = await otherSnapshotHolders();
    await extendClaims(t.db, claimed, 60);
    const holders = holdersDuringClaim + (await otherSnapshotHolders());
    const after = await countersAfter(before, 2 * MESSAGES);
    return { campaign, claimed, before, after, holders };
  };

  it('updates every claimed row on its own page, and a second claim skips them while leased', async () => {
    const admin = await sender(t, '5000');
    let run = await claimAndRenew(admin, 0);
    for (let attempt = 1; attempt < ATTEMPTS && run.after.hot - run.before.hot < 2 * MESSAGES; attempt++) {
      console.log(
        `attempt ${attempt}: ${run.after.hot - run.before.hot} of ${2 * MESSAGES} HOT, ${run.holders} other snapshot(s) seen; again`,
      );
      run = await claimAndRenew(admin, attempt);
    }
    const { campaign, claimed, before, after } = run;
    expect(claimed).toHaveLength(MESSAGES);
    expect(after.updated - before.updated).toBe(2 * MESSAGES);
    expect(after.hot - before.hot).toBe(2 * MESSAGES);

    // Still due in the index (the claim left next_attempt_at alone), but leased: not claimed again.
    const again = await claimDue(t.db, 10 * MESSAGES, 60);
    expect(again.filter((m) => m.campaignId === campaign.id)).toEqual([]);
    await t.db.query(
      "update sms_outbound set claimed_until = now() - interval '1 second' where campaign_id = $1",
      [campaign.id],
    );
    const lapsed = (await claimDue(t.db, 10 * MESSAGES, 60)).filter((m) => m.campaignId === campaign.id);
    expect(lapsed.map((m) => m.id).sort()).toEqual(claimed.map((m) => m.id).sort());
    expect(lapsed.every((m) => m.attempts === 2)).toBe(true);
  }, 90_000);
});
