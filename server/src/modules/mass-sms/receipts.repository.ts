import type { Db, Queryable } from '../../db/client';
import { stillIn } from './status-filter';

export type ReceiptUpdate = {
  connectorId: number;
  keys: string[];
  outcome: 'delivered' | 'failed' | 'sent';
  error: string | null;
  externalId: string;
  stat: string;
  raw: unknown;
  /** Gateways that report per message (android, http): delivered = every part delivered. */
  wholeMessage?: boolean;
};

export type Match = { message_id: string; part_no: number };

/** How long after it was received a stored receipt is matched again (its submit recorded meanwhile). */
const RETRY_AFTER_MS = 500;

/** Each report's part (any normalised form of its id, per connector), by the report's index. */
async function matchReceipts(tx: Queryable, reports: readonly ReceiptUpdate[]): Promise<Map<number, Match>> {
  const idx: number[] = [];
  const conn: number[] = [];
  const keys: string[] = [];
  reports.forEach((report, n) => {
    for (const key of report.keys) {
      idx.push(n);
      conn.push(report.connectorId);
      keys.push(key);
    }
  });
  const matches = await tx.query<{ n: number; message_id: string; part_no: number }>(
    // LATERAL: one primary-key probe per id form (a join over unnest may be planned as a scan of every part).
    `select distinct on (r.n) r.n, p.message_id::text as message_id, p.part_no
       from unnest($1::int[], $2::int[], $3::text[]) as r(n, connector_id, key)
       cross join lateral (
         select message_id, part_no from sms_outbound_parts p
          where p.connector_id = r.connector_id and p.id_key = r.key
          limit 1
       ) p
      order by r.n`,
    [idx, conn, keys],
    { prepare: 'mass-sms-match-receipts' },
  );
  return new Map(matches.map((m) => [Number(m.n), m]));
}

/**
 * Applies matched reports to their messages: a part delivered counts once however often it is
 * reported; a message is delivered when all its parts are, failed as soon as one part failed for good.
 */
async function applyMatched(tx: Queryable, reports: readonly ReceiptUpdate[], byReport: Map<number, Match>) {
  const ids: string[] = [];
  const parts: number[] = [];
  const outcomes: string[] = [];
  const errors: (string | null)[] = [];
  const whole: boolean[] = [];
  reports.forEach((report, n) => {
    const match = byReport.get(n);
    if (!match) return;
    ids.push(match.message_id);
    parts.push(match.part_no);
    outcomes.push(report.outcome);
    errors.push(report.error ?? (report.outcome === 'failed' ? report.stat : null));
    whole.push(report.wholeMessage === true);
  });
  if (!ids.length) return;
  await tx.query(
    `with r as (
       select * from unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::boolean[]) as r(id, part, outcome, error, whole)
     ), agg as (
       select id, array_agg(part) filter (where outcome = 'delivered') as delivered,
              bool_or(whole and outcome = 'delivered') as all_delivered,
              bool_or(outcome = 'failed') as failed, max(error) filter (where outcome = 'failed') as error
         from r group by id
     ), merged as (
       select o.id, agg.failed, agg.error,
              case when agg.all_delivered then 0 else o.segments end as segments,
              array(select distinct x from unnest(o.delivered_parts || coalesce(agg.delivered, '{}')::smallint[]) as x order by x) as parts
         from sms_outbound o join agg on agg.id = o.id
        where ${stillIn('sent')}
         for update of o
     )
     update sms_outbound o
        set delivered_parts = merged.parts,
            status = case when merged.failed then 'failed'
                          when cardinality(merged.parts) >= merged.segments then 'delivered' else 'sent' end,
            error = case when merged.failed then merged.error else o.error end,
            done_at = case when merged.failed or cardinality(merged.parts) >= merged.segments then now() else o.done_at end
       from merged where o.id = merged.id`,
    [ids, parts, outcomes, errors, whole],
    { prepare: 'mass-sms-apply-receipts' },
  );
}

/** Keeps reports raw; `pending` ones (not matched yet) with what matching them again needs. */
async function insertReports(
  tx: Queryable,
  reports: readonly ReceiptUpdate[],
  byReport: Map<number, Match>,
  pending: (n: number) => boolean,
) {
  if (!reports.length) return;
  await tx.query(
    `insert into sms_delivery_reports (connector_id, message_id, external_id, status, stat, error, raw, id_keys, whole_message, pending, retry_at)
     select r.connector_id, r.message_id, r.external_id, r.status, r.stat, r.error, r.raw,
            string_to_array(r.keys, ' '), r.whole, r.pending,
            case when r.pending then now() + $11 * interval '1 millisecond' end
       from unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[], $9::boolean[], $10::boolean[])
         as r(connector_id, message_id, external_id, status, stat, error, raw, keys, whole, pending)`,
    [
      reports.map((r) => r.connectorId),
      reports.map((_, n) => byReport.get(n)?.message_id ?? null),
      reports.map((r) => r.externalId.slice(0, 200)),
      reports.map((r) => r.outcome),
      reports.map((r) => r.stat.slice(0, 32)),
      reports.map((r) => r.error?.slice(0, 200) ?? null),
      reports.map((r) => JSON.stringify(r.raw)),
      reports.map((r) => r.keys.join(' ')),
      reports.map((r) => r.wholeMessage === true),
      reports.map((_, n) => pending(n)),
      RETRY_AFTER_MS,
    ],
    { prepare: 'mass-sms-insert-receipts' },
  );
}

/**
 * Gateway webhooks: `storeReceipts` in a transaction of their own. Returns how many are kept pending:
 * a provider may report a delivery before the worker has recorded the send it answered (the send's
 * record is written in batches, a few milliseconds to seconds after the answer), and such a report
 * is matched again later, not lost.
 */
export async function applyReceipts(db: Db, reports: readonly ReceiptUpdate[]): Promise<number> {
  if (!reports.length) return 0;
  return db.transaction((tx) => storeReceipts(tx, reports));
}

/**
 * SMPP receipts, in the caller's transaction, before their deliver_sm is acknowledged (those that came
 * with their submit's result are written with it, by `recordSent`): the matched ones applied and kept,
 * the others kept `pending`, to be matched again by `retryStoredReceipts` (their submit may be recorded
 * a moment later, by this or another process). Returns how many are pending.
 */
export async function storeReceipts(tx: Queryable, reports: readonly ReceiptUpdate[]): Promise<number> {
  if (!reports.length) return 0;
  const byReport = await matchReceipts(tx, reports);
  await applyMatched(tx, reports, byReport);
  await insertReports(tx, reports, byReport, (n) => !byReport.has(n));
  return reports.length - byReport.size;
}

/**
 * Matches stored pending receipts again (any process; SKIP LOCKED so two never take the same one):
 * matched ones are applied and settled; those still unknown `giveUpAfterMs` after they arrived are
 * settled unmatched (kept raw); the rest wait for their next try. Returns how many were due.
 */
export async function retryStoredReceipts(db: Db, giveUpAfterMs: number, limit = 5000): Promise<number> {
  // Looked up first, outside a transaction: an empty transaction every second would still count as a
  // write of this process and empty its exact caches (getStatus, API keys, sessions) each time.
  const [due] = await db.query<{ due: boolean }>(
    'select exists (select 1 from sms_delivery_reports where pending and retry_at <= now()) as due',
  );
  if (!due?.due) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.query<{
      id: string;
      connector_id: number;
      id_keys: string[];
      status: ReceiptUpdate['outcome'];
      stat: string;
      error: string | null;
      whole_message: boolean;
      expired: boolean;
    }>(
      `select id::text as id, connector_id, id_keys, status, stat, error, whole_message,
              received_at < now() - $2 * interval '1 millisecond' as expired
         from sms_delivery_reports
        where pending and retry_at <= now()
        order by retry_at, id
        limit $1
        for update skip locked`,
      [limit, giveUpAfterMs],
    );
    if (!rows.length) return 0;
    const reports: ReceiptUpdate[] = rows.map((row) => ({
      connectorId: row.connector_id,
      keys: row.id_keys,
      outcome: row.status,
      error: row.error,
      externalId: '',
      stat: row.stat,
      raw: null,
      wholeMessage: row.whole_message,
    }));
    const byReport = await matchReceipts(tx, reports);
    await applyMatched(tx, reports, byReport);
    await tx.query(
      `update sms_delivery_reports r
          set message_id = u.message_id,
              pending = u.message_id is null and not u.expired,
              retry_at = case when u.message_id is null and not u.expired then now() + $4 * interval '1 millisecond' end
         from unnest($1::bigint[], $2::bigint[], $3::boolean[]) as u(id, message_id, expired)
        where r.id = u.id`,
      [
        rows.map((row) => row.id),
        rows.map((_, n) => byReport.get(n)?.message_id ?? null),
        rows.map((row) => row.expired),
        RETRY_AFTER_MS,
      ],
    );
    return rows.length;
  });
}
