import type { Db } from '../../db/client';

/** The kinds of records the retention job prunes, each with its setting (config.retention.days). */
export type RetentionKind = 'massSms' | 'receipts' | 'rentalSms' | 'logins' | 'webhookLogs';

/**
 * One bounded batch per statement: the oldest matching rows by primary key (the scan stops at `limit`
 * matches), deleted in their own short transaction, so no lock is held for long and the live traffic
 * (queues, inserts at the other end of the key) is not blocked. Each returns how many rows went.
 * `jiema.pruning` tells the report rollups' delete triggers that this is no undo (migration 0170).
 */
const BATCHES: Record<RetentionKind, (cutoff: Date, limit: number) => { sql: string; values: unknown[] }[]> =
  {
    // Delivered messages only: failed ones carry refunds. The campaign keeps their count.
    massSms: (cutoff, limit) => [
      {
        sql: `with gone as (
                delete from sms_outbound where id in (
                  select id from sms_outbound where status = 'delivered' and done_at < $1
                   order by id limit $2 for update skip locked)
                returning campaign_id),
              per_campaign as (select campaign_id, count(*)::int as n from gone group by campaign_id),
              counted as (
                update sms_campaigns c set pruned_delivered = c.pruned_delivered + p.n
                  from per_campaign p where c.id = p.campaign_id returning p.n)
              select coalesce(sum(n), 0)::int as n from counted`,
        values: [cutoff, limit],
      },
    ],
    // Receipts already applied (a pending one still waits for its message).
    receipts: (cutoff, limit) => [
      {
        sql: `with gone as (
                delete from sms_delivery_reports where id in (
                  select id from sms_delivery_reports where not pending and received_at < $1
                   order by id limit $2 for update skip locked)
                returning 1)
              select count(*)::int as n from gone`,
        values: [cutoff, limit],
      },
    ],
    // SMS of rentals that ended before the cutoff (their code webhooks' deliveries go with them).
    rentalSms: (cutoff, limit) => [
      {
        sql: `with gone as (
                delete from sms_messages where id in (
                  select s.id from sms_messages s join rentals r on r.id = s.rental_id
                   where s.received_at < $1 and r.ended_at < $1
                   order by s.received_at, s.id limit $2 for update of s skip locked)
                returning 1)
              select count(*)::int as n from gone`,
        values: [cutoff, limit],
      },
    ],
    logins: (cutoff, limit) => [
      {
        sql: `with gone as (
                delete from login_records where id in (
                  select id from login_records where created_at < $1
                   order by created_at limit $2 for update skip locked)
                returning 1)
              select count(*)::int as n from gone`,
        values: [cutoff, limit],
      },
    ],
    // Finished deliveries only: pending ones are the queues themselves.
    webhookLogs: (cutoff, limit) => [
      {
        sql: `with gone as (
                delete from code_webhook_deliveries where id in (
                  select id from code_webhook_deliveries where status <> 'pending' and updated_at < $1
                   order by id limit $2 for update skip locked)
                returning 1)
              select count(*)::int as n from gone`,
        values: [cutoff, limit],
      },
      {
        sql: `with gone as (
                delete from compat_webhook_outbox where id in (
                  select id from compat_webhook_outbox
                   where coalesce(delivered_at, failed_at) < $1
                   order by id limit $2 for update skip locked)
                returning 1)
              select count(*)::int as n from gone`,
        values: [cutoff, limit],
      },
    ],
  };

/** Deletes one batch of each statement of a kind; how many rows went in all. */
export async function pruneBatch(db: Db, kind: RetentionKind, cutoff: Date, limit: number): Promise<number> {
  let pruned = 0;
  for (const { sql, values } of BATCHES[kind](cutoff, limit)) {
    pruned += await db.transaction(async (tx) => {
      await tx.query(`select set_config('jiema.pruning', 'on', true)`);
      const [row] = await tx.query<{ n: number }>(sql, values);
      return row?.n ?? 0;
    });
  }
  return pruned;
}

/**
 * Takes the daily run if it is due and free: one conditional update, so of several processes exactly
 * one gets it. The next run is set a day on at once; the lease covers a process that dies midway.
 */
export async function claimDailyRun(db: Db, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `update maintenance_leases
        set next_run_at = now() + interval '1 day', leased_until = now() + make_interval(secs => $1),
            last_started_at = now()
      where name = 'retention' and next_run_at <= now() and (leased_until is null or leased_until < now())
      returning name`,
    [leaseMs / 1000],
  );
  return rows.length === 1;
}

export async function finishDailyRun(db: Db, result: Record<string, number>) {
  await db.query(
    `update maintenance_leases set leased_until = null, last_finished_at = now(), last_result = $1
      where name = 'retention'`,
    [JSON.stringify(result)],
  );
}

/** Keeps the lease while a long run goes on. */
export async function extendLease(db: Db, leaseMs: number) {
  await db.query(
    `update maintenance_leases set leased_until = now() + make_interval(secs => $1) where name = 'retention'`,
    [leaseMs / 1000],
  );
}
