import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '../../src/modules/admin-users/admin-users.repository';
import { createTestApp, type TestApp } from '../helpers';
import { confirmOk, numbers, sender } from './support';

/**
 * A campaign's messages go with it (0098-outbound-campaign-cascade.ts: a statement trigger, where a
 * foreign key checked every queued message), and only its messages.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const messagesOf = async (campaignId: number) =>
  (
    await t.db.query<{ n: number }>('select count(*)::int as n from sms_outbound where campaign_id = $1', [
      campaignId,
    ])
  )[0]!.n;

describe('deleting campaigns', () => {
  it("a deleted user's campaigns take their messages with them; other users' stay", async () => {
    // Free messages only (no ledger entry), so the account can be deleted.
    const leaving = await sender(t, '0');
    const staying = await sender(t, '0');
    const gone = await confirmOk(t, leaving.headers, {
      recipientsText: numbers(3, 79930000000),
      content: 'a',
    });
    const alsoGone = await confirmOk(t, leaving.headers, {
      recipientsText: numbers(2, 79930000100),
      content: 'b',
    });
    const kept = await confirmOk(t, staying.headers, {
      recipientsText: numbers(4, 79930000200),
      content: 'c',
    });
    expect([await messagesOf(gone.id), await messagesOf(alsoGone.id), await messagesOf(kept.id)]).toEqual([
      3, 2, 4,
    ]);

    await t.db.transaction((tx) => deleteUser(tx, leaving.userId));

    expect(await t.db.query('select 1 from sms_campaigns where user_id = $1', [leaving.userId])).toHaveLength(
      0,
    );
    expect([await messagesOf(gone.id), await messagesOf(alsoGone.id), await messagesOf(kept.id)]).toEqual([
      0, 0, 4,
    ]);
  });

  it('deleting no campaign deletes no message', async () => {
    const user = await sender(t, '0');
    const campaign = await confirmOk(t, user.headers, {
      recipientsText: numbers(2, 79930000300),
      content: 'd',
    });
    await t.db.query('delete from sms_campaigns where id = -1');
    expect(await messagesOf(campaign.id)).toBe(2);
  });
});
