import { randomUUID } from 'node:crypto';
import { formatMoney, toMicros } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { massSmsMessages, refunds } from '../../lib/metrics';
import { applyBalanceChange } from '../ledger/ledger.service';
import { recordUsage } from './accounts.repository';

export type RefundScope =
  /** Every message of the campaign still pending (cancel). */
  | { campaignId: number; pending: true; reason: string }
  /** These pending messages (expired, refused for good before submit). */
  | { campaignId: number; ids: readonly (number | string)[]; reason: string };

/**
 * Fails the selected messages that never reached an SMSC and gives back what the confirm charged for
 * them, in the caller's transaction: the money through the ledger (a `refund` entry), the free
 * segments to the allowance, the segments to the day's usage. The `refunded` flag is set in the
 * same statement that selects the rows, so a message is refunded once whatever runs concurrently
 * (a second transaction finds it refunded or waits for the row lock and then finds it so).
 */
export async function refundUnsent(tx: Queryable, scope: RefundScope) {
  // Cancel leaves alone what a worker is submitting right now (its claim): the worker settles it, and
  // the sweep refunds it afterwards if it did not go out. The worker names its own claimed ids.
  const filter =
    'pending' in scope
      ? 'and (claimed_until is null or claimed_until < now())'
      : 'and id = any($3::bigint[])';
  const values: unknown[] = [scope.campaignId, scope.reason];
  if (!('pending' in scope)) values.push(scope.ids.map(String));
  const [sum] = await tx.query<{ messages: number; amount: string; free: number; segments: number }>(
    `with refunded as (
       update sms_outbound
          set status = 'failed', refunded = true, error = $2, done_at = now(), claimed_until = null
        where campaign_id = $1 and status = 'pending' and refunded = false ${filter}
        returning cost, free_segments, segments
     )
     select count(*)::int as messages, coalesce(sum(cost), 0)::text as amount,
            coalesce(sum(free_segments), 0)::int as free, coalesce(sum(segments), 0)::int as segments
       from refunded`,
    values,
  );
  if (!sum || sum.messages === 0) return { messages: 0, amount: '0.000000', freeSegments: 0 };
  // Counted as written: the callers' transactions end right after, and a rolled-back one is rare.
  massSmsMessages.inc({ outcome: 'failed' }, sum.messages);
  refunds.inc({ kind: 'mass_sms' }, sum.messages);
  const [campaign] = await tx.query<{ user_id: number; usage_day: string }>(
    `update sms_campaigns
        set refunded_amount = refunded_amount + $2::numeric,
            refunded_free_segments = refunded_free_segments + $3, updated_at = now()
      where id = $1
      returning user_id, to_char(usage_day, 'YYYY-MM-DD') as usage_day`,
    [scope.campaignId, sum.amount, sum.free],
  );
  if (toMicros(sum.amount) > 0n) {
    await applyBalanceChange(tx, {
      userId: campaign!.user_id,
      type: 'refund',
      amount: sum.amount,
      // Each refund is its own event (the flag above is what makes it once per message).
      reference: `mass-sms:refund:${scope.campaignId}:${randomUUID()}`,
      note: `mass SMS #${scope.campaignId}: ${sum.messages} unsent`,
    });
  }
  await recordUsage(tx, campaign!.user_id, {
    segments: -sum.segments,
    messages: -sum.messages,
    freeSegments: -sum.free,
    day: campaign!.usage_day,
  });
  return { messages: sum.messages, amount: formatMoney(sum.amount), freeSegments: sum.free };
}
