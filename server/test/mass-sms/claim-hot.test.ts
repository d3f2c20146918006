import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, extendClaims } from '../../src/modules/mass-sms/queue.repository';
import { createTestApp, type TestApp } from '../helpers';
import { confirmOk, numbers, sender } from './support';

/**
 * A claim and a lease's renewal write no index entry: both are HOT updates (the new row version on
 * its page, nothing in the four indexes), which is what the table's fill factor of 45 leaves room
 * for (0099-outbound-fillfactor.ts, queue.repository.ts claimDue). Read from the table's counters of
 * updated and HOT-updated rows, which each backend reports about a second after its transaction.
 */
const MESSAGES = 400;

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

  it('updates every claimed row on its own page, and a second claim skips them while leased', async () => {
    const admin = await sender(t, '1000');
    const campaign = await confirmOk(t, admin.headers, {
      recipientsText: numbers(MESSAGES, 79950000000),
      content: 'hot',
    });
    const before = await counters();

    const claimed = (await claimDue(t.db, MESSAGES, 60)).filter((m) => m.campaignId === campaign.id);
    expect(claimed).toHaveLength(MESSAGES);
    await extendClaims(t.db, claimed, 60);

    const after = await countersAfter(before, 2 * MESSAGES);
    expect(after.updated - before.updated).toBe(2 * MESSAGES);
    expect(after.hot - before.hot).toBe(2 * MESSAGES);

    // Still due in the index (the claim left next_attempt_at alone), but leased: not claimed again.
    const again = await claimDue(t.db, MESSAGES, 60);
    expect(again.filter((m) => m.campaignId === campaign.id)).toEqual([]);
    await t.db.query(
      "update sms_outbound set claimed_until = now() - interval '1 second' where campaign_id = $1",
      [campaign.id],
    );
    const lapsed = (await claimDue(t.db, MESSAGES, 60)).filter((m) => m.campaignId === campaign.id);
    expect(lapsed.map((m) => m.id).sort()).toEqual(claimed.map((m) => m.id).sort());
    expect(lapsed.every((m) => m.attempts === 2)).toBe(true);
  }, 60_000);
});
