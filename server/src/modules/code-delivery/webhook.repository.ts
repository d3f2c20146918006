import type { Queryable } from '../../db/client';

export type ClaimedDelivery = { id: number; user_id: number; sms_id: number; url: string; attempts: number };

/**
 * Takes due deliveries for this worker: SKIP LOCKED, so workers of several processes take different
 * rows, and the row's next try is pushed past the POST's end (a lease): if this process dies mid-POST,
 * another worker takes the row when the lease is over. The attempt is counted now.
 */
export function claimDueDeliveries(q: Queryable, limit: number, leaseSeconds: number) {
  return q.query<ClaimedDelivery>(
    `update code_webhook_deliveries d
     set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2), updated_at = now()
     where d.id in (
       select id from code_webhook_deliveries where status = 'pending' and next_attempt_at <= now()
       order by next_attempt_at, id limit $1 for update skip locked
     )
     returning d.id, d.user_id, d.sms_id, d.url, d.attempts`,
    [limit, leaseSeconds],
  );
}

export type DeliveryContent = {
  sms_id: number;
  rental_id: number | null;
  phone_number: string;
  application_code: string | null;
  sender: string;
  text: string;
  code: string | null;
  received_at: Date;
  webhook_secret: string | null;
  time_zone: string;
};

export async function deliveryContent(q: Queryable, smsId: number, userId: number) {
  const rows = await q.query<DeliveryContent>(
    `select m.id as sms_id, m.rental_id, m.phone_number, a.code as application_code, m.sender, m.text, m.code,
       m.received_at, s.webhook_secret, coalesce(s.time_zone, 'Asia/Shanghai') as time_zone
     from sms_messages m
     left join rentals r on r.id = m.rental_id
     left join applications a on a.id = r.application_id
     left join user_code_settings s on s.user_id = $2
     where m.id = $1`,
    [smsId, userId],
  );
  return rows[0] ?? null;
}

/**
 * Records the outcome of the attempt this worker claimed; only while the row is still that attempt
 * of a pending delivery, so a success is logged once even if a lease ran out and another worker
 * retried meanwhile.
 */
export async function recordOutcome(
  q: Queryable,
  d: { id: number; attempts: number },
  outcome:
    | { kind: 'delivered'; status: number }
    | { kind: 'retry'; status: number | null; error: string; delaySeconds: number }
    | { kind: 'failed'; status: number | null; error: string }
    | { kind: 'interrupted' },
): Promise<boolean> {
  const guard = 'where id = $1 and attempts = $2 and status = $3';
  let rows: unknown[];
  if (outcome.kind === 'delivered') {
    rows = await q.query(
      `update code_webhook_deliveries set status = 'delivered', delivered_at = now(), last_http_status = $4,
         last_error = null, updated_at = now() ${guard} returning id`,
      [d.id, d.attempts, 'pending', outcome.status],
    );
  } else if (outcome.kind === 'retry') {
    rows = await q.query(
      `update code_webhook_deliveries set last_http_status = $4, last_error = $5,
         next_attempt_at = now() + make_interval(secs => $6), updated_at = now() ${guard} returning id`,
      [d.id, d.attempts, 'pending', outcome.status, outcome.error, outcome.delaySeconds],
    );
  } else if (outcome.kind === 'failed') {
    rows = await q.query(
      `update code_webhook_deliveries set status = 'failed', last_http_status = $4, last_error = $5, updated_at = now()
       ${guard} returning id`,
      [d.id, d.attempts, 'pending', outcome.status, outcome.error],
    );
  } else {
    // Stopped mid-POST: the attempt does not count, and the row is due again at once.
    rows = await q.query(
      `update code_webhook_deliveries set attempts = attempts - 1, next_attempt_at = now(), updated_at = now()
       ${guard} returning id`,
      [d.id, d.attempts, 'pending'],
    );
  }
  return rows.length > 0;
}
