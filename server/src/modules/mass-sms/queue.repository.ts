import { integerArrayLiteral } from '../../db/array-literal';
import type { Db, Queryable } from '../../db/client';
import { messageIdKeys, storedIdKeys } from '../smpp/receipt';
import { refundUnsent } from './refunds';
import { stillIn } from './status-filter';

export type ClaimedMessage = {
  id: string;
  campaignId: number;
  phone: string;
  senderId: string;
  text: string;
  attempts: number;
  lastConnectorId: number | null;
  /** The message's validity: one still waiting in its batch when this passes is not sent. */
  expiresAt: Date;
};

/**
 * Claims due messages of running campaigns: FOR UPDATE SKIP LOCKED, so processes claiming at once
 * take different rows, and a lease (`claimed_until`) instead of a held lock while they are submitted.
 * `attempts` counts the claim: results are recorded only for the attempt that claimed the row, so a
 * worker whose lease ran out cannot overwrite the next attempt's outcome.
 *
 * The claim writes no indexed column (`next_attempt_at` stays), so PostgreSQL makes it a HOT update:
 * the new row version goes on the same page (the table keeps over half of each page free for it,
 * 0099-outbound-fillfactor.ts) and no index gets an entry. Moving `next_attempt_at` to the lease's end
 * wrote four index entries per message; PostgreSQL's CPU per message sent went from 28-31 µs to
 * 23-27 µs without them (bench/RESULTS.md, "eighth session"). The price: a claim walks the rows other
 * loops are still submitting (due in the index, skipped by `claimed_until`), up to 2,000 per process
 * (loops × batch). 20,000 of them (ten processes) added about 3 ms to a claim of 500 in psql, 6 µs per
 * message, as much as the index entries cost; with a few processes it is under 2 µs. A lapsed lease is
 * due again as soon as it ends.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const rows = await db.transaction(async (tx) => {
    // The due rows are walked in the due index's order (sms_outbound_due_idx) and the walk stops after
    // `limit`. The planner cannot tell: it estimates few due rows (the campaign filter's selectivity is
    // a guess), and a sort of every pending row looks as cheap to it as the walk; it read and sorted a
    // whole campaign for each claim (0096-mass-sms-queue-order.ts).
    await tx.query('set local enable_seqscan = off');
    await tx.query('set local enable_sort = off');
    return tx.query<{
      id: string;
      campaign_id: number;
      phone: string;
      sender_id: string;
      text: string;
      attempts: number;
      last_connector_id: number | null;
      expires_ms: number;
    }>(
      `with due as (
       select o.id from sms_outbound o
        where o.status = 'pending' and o.next_attempt_at <= now() and o.expires_at > now()
          and (o.claimed_until is null or o.claimed_until < now())
          and exists (select 1 from sms_campaigns c where c.id = o.campaign_id and c.status = 'sending')
        order by o.next_attempt_at, o.id
        limit $1
        for update of o skip locked
     )
     update sms_outbound o
        set claimed_until = now() + $2 * interval '1 second',
            attempts = o.attempts + 1
       from due where o.id = due.id
     returning o.id::text as id, o.campaign_id, o.phone, o.sender_id, o.text, o.attempts, o.last_connector_id,
               extract(epoch from o.expires_at) * 1000 as expires_ms`,
      [limit, leaseSeconds],
      { prepare: 'mass-sms-claim' },
    );
  });
  return rows.map((row) => ({
    id: row.id,
    campaignId: Number(row.campaign_id),
    phone: row.phone,
    senderId: row.sender_id,
    text: row.text,
    attempts: row.attempts,
    lastConnectorId: row.last_connector_id,
    expiresAt: new Date(Number(row.expires_ms)),
  }));
}

/**
 * Extends the lease of claimed messages not submitted yet, for the attempt that claimed them: a batch
 * that takes longer to go out than its lease (a connector allowed a few msg/s) must not see its
 * messages claimed again by another loop or process and sent twice. Like the claim, it writes no
 * indexed column (a HOT update).
 */
export async function extendClaims(
  db: Queryable,
  claims: readonly { id: string; attempts: number }[],
  leaseSeconds: number,
) {
  if (!claims.length) return;
  await db.query(
    `update sms_outbound o
        set claimed_until = now() + $3 * interval '1 second'
       from unnest($1::bigint[], $2::int[]) as u(id, attempts)
      where o.id = u.id and o.attempts = u.attempts and ${stillIn('pending')}`,
    [claims.map((c) => c.id), claims.map((c) => c.attempts), leaseSeconds],
    { prepare: 'mass-sms-extend-claims' },
  );
}

export type SentResult = {
  id: string;
  attempts: number;
  connectorId: number;
  externalIds: string[];
  /** SMPP ids are matched by receipts in any of their forms (storedIdKeys); gateways echo them as given. */
  smpp?: boolean;
};

/**
 * A final receipt that came in with its submit's result: written in the same update (sent →
 * delivered/failed), the receipt as received (`raw`) kept on the message.
 */
export type FinalOutcome = { status: 'delivered' | 'failed'; error: string | null; raw: unknown };

/**
 * Records submitted messages (status sent, or straight to their final status when `finals` has a
 * receipt for them) and the ids their receipts will name (not for those recorded final: no receipt is
 * left to come for them), in the caller's transaction (the worker writes them together with the
 * receipts that arrived meanwhile). Returns the ids recorded: a row whose claim was lost to a later
 * attempt is left to that attempt.
 */
export async function recordSent(
  tx: Queryable,
  sent: readonly SentResult[],
  finals: ReadonlyMap<string, FinalOutcome> = new Map(),
): Promise<Set<string>> {
  if (!sent.length) return new Set();
  const recorded = await tx.query<{ id: string }>(
    `update sms_outbound o
        set status = coalesce(u.final, 'sent'), submitted_at = now(), connector_id = u.connector_id,
            external_ids = string_to_array(u.ids, ' '), claimed_until = null, error = u.error,
            delivered_parts = case when u.final = 'delivered' then '{1}'::smallint[] else o.delivered_parts end,
            done_at = case when u.final is not null then now() end,
            receipt = nullif($7::jsonb -> (u.n::int - 1), 'null'::jsonb)
       from unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[]) with ordinality
         as u(id, attempts, connector_id, ids, final, error, n)
      where o.id = u.id and o.attempts = u.attempts and ${stillIn('pending')}
     returning o.id::text as id`,
    [
      integerArrayLiteral(sent.map((s) => s.id)),
      integerArrayLiteral(sent.map((s) => s.attempts)),
      integerArrayLiteral(sent.map((s) => s.connectorId)),
      sent.map((s) => s.externalIds.join(' ')),
      sent.map((s) => finals.get(s.id)?.status ?? null),
      sent.map((s) => finals.get(s.id)?.error ?? null),
      // One JSON array, not a text[] of JSON documents: the driver escaped every quote of every receipt
      // for the array literal, a visible share of the worker's allocations in a fast campaign.
      JSON.stringify(sent.map((s) => finals.get(s.id)?.raw ?? null)),
    ],
    { prepare: 'mass-sms-record-sent' },
  );
  const recordedIds = new Set(recorded.map((row) => row.id));
  const partConnector: number[] = [];
  const partKey: string[] = [];
  const partMessage: string[] = [];
  const partNo: number[] = [];
  for (const s of sent) {
    // Recorded final already (its one part's receipt came with the result): no receipt needs to find it,
    // and a lookup row per message was an eighth of PostgreSQL's work per message in a fast campaign.
    if (finals.has(s.id) && recordedIds.has(s.id)) continue;
    s.externalIds.forEach((externalId, index) => {
      for (const key of (s.smpp ? storedIdKeys : messageIdKeys)(externalId)) {
        partConnector.push(s.connectorId);
        partKey.push(key);
        partMessage.push(s.id);
        partNo.push(index + 1);
      }
    });
  }
  if (partKey.length) {
    await tx.query(
      `insert into sms_outbound_parts (connector_id, id_key, message_id, part_no)
       select * from unnest($1::int[], $2::text[], $3::bigint[], $4::smallint[])
       on conflict do nothing`,
      [partConnector, partKey, partMessage, partNo],
      { prepare: 'mass-sms-record-parts' },
    );
  }
  return recordedIds;
}

export type RetryResult = {
  id: string;
  attempts: number;
  connectorId: number | null;
  error: string;
  delayMs: number;
};

/** Transient failures: back to the queue after their backoff, the connector remembered (failover tries another). */
export async function recordRetry(db: Queryable, retries: readonly RetryResult[]) {
  if (!retries.length) return;
  await db.query(
    `update sms_outbound o
        set next_attempt_at = now() + u.delay_ms * interval '1 millisecond', claimed_until = null,
            last_connector_id = coalesce(u.connector_id, o.last_connector_id), error = u.error
       from unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::int[]) as u(id, attempts, connector_id, error, delay_ms)
      where o.id = u.id and o.attempts = u.attempts and ${stillIn('pending')}`,
    [
      retries.map((r) => r.id),
      retries.map((r) => r.attempts),
      retries.map((r) => r.connectorId),
      retries.map((r) => r.error.slice(0, 500)),
      retries.map((r) => Math.round(r.delayMs)),
    ],
  );
}

/** Refused for good before reaching an SMSC: failed and refunded, per campaign. */
export async function recordRefused(
  db: Db,
  refused: readonly { id: string; campaignId: number; error: string }[],
) {
  const byCampaign = new Map<number, { ids: string[]; error: string }>();
  for (const r of refused) {
    const entry = byCampaign.get(r.campaignId) ?? { ids: [], error: r.error };
    entry.ids.push(r.id);
    byCampaign.set(r.campaignId, entry);
  }
  for (const [campaignId, { ids, error }] of byCampaign) {
    await db.transaction((tx) => refundUnsent(tx, { campaignId, ids, reason: error.slice(0, 500) }));
  }
}

export const LEFTOVERS_PER_SWEEP = 5000;

/**
 * Housekeeping any process may run at any time (each step is one idempotent statement or a refund
 * guarded by the `refunded` flag): scheduled campaigns whose time came start; pending messages left in
 * cancelled campaigns after their claim ended, and (with `expired`) those past their validity, fail and
 * are refunded; campaigns with nothing pending complete. Finding the expired reads every pending
 * message (a running campaign's whole queue: about 25 ms per 50,000), so the worker asks for it once a
 * minute, not every second; the cancelled are found from their campaigns. Returns how many messages
 * it failed: `LEFTOVERS_PER_SWEEP` means there may be more.
 */
export async function maintain(db: Db, { expired = true }: { expired?: boolean } = {}): Promise<number> {
  await db.query(
    `update sms_campaigns set status = 'sending', started_at = coalesce(started_at, now()), updated_at = now()
      where status = 'scheduled' and scheduled_at <= now()`,
  );
  const leftovers = await db.query<{ campaign_id: number; id: string; reason: string }>(
    expired
      ? `select o.campaign_id, o.id::text as id, case when c.status = 'cancelled' then 'cancelled' else 'expired' end as reason
           from sms_outbound o join sms_campaigns c on c.id = o.campaign_id
          where o.status = 'pending' and (o.claimed_until is null or o.claimed_until < now())
            and (o.expires_at <= now() or c.status = 'cancelled')
          limit ${LEFTOVERS_PER_SWEEP}`
      : `select o.campaign_id, o.id::text as id, 'cancelled' as reason
           from sms_campaigns c join sms_outbound o on o.campaign_id = c.id and o.status = 'pending'
          where c.status = 'cancelled' and (o.claimed_until is null or o.claimed_until < now())
          limit ${LEFTOVERS_PER_SWEEP}`,
  );
  if (leftovers.length) {
    await recordRefused(
      db,
      leftovers.map((row) => ({ id: row.id, campaignId: Number(row.campaign_id), error: row.reason })),
    );
  }
  await db.query(
    `update sms_campaigns c set status = 'completed', finished_at = now(), updated_at = now()
      where c.status = 'sending'
        and not exists (select 1 from sms_outbound o where o.campaign_id = c.id and o.status = 'pending')`,
  );
  return leftovers.length;
}
