import type { Queryable } from '../../db/client';

export async function readSettings(q: Queryable, userId: number) {
  const [row] = await q.query<{ webhook_url: string; pending: number; last_error: string | null }>(
    `select coalesce((select webhook_url from compat_settings where user_id = $1), '') as webhook_url,
       (select count(*)::int from compat_webhook_outbox where user_id = $1 and delivered_at is null and failed_at is null) as pending,
       (select last_error from compat_webhook_outbox where user_id = $1 and last_error is not null
        order by coalesce(delivered_at, failed_at, next_attempt_at) desc, id desc limit 1) as last_error`,
    [userId],
  );
  return row!;
}

export async function saveWebhookUrl(q: Queryable, userId: number, url: string) {
  await q.query(
    `insert into compat_settings (user_id, webhook_url) values ($1, $2)
     on conflict (user_id) do update set webhook_url = excluded.webhook_url, updated_at = now()`,
    [userId, url],
  );
}

export type Delivery = { id: number; url: string; payload: string; attempts: number };

/**
 * Due deliveries leased to this process for `leaseSeconds` (SKIP LOCKED: several processes take
 * different ones; a process that dies mid-delivery leaves them to be tried again when the lease ends).
 */
export function claimDue(q: Queryable, limit: number, leaseSeconds: number) {
  return q.query<Delivery>(
    `update compat_webhook_outbox o set next_attempt_at = now() + make_interval(secs => $2::int)
     where o.id in (
       select id from compat_webhook_outbox
       where delivered_at is null and failed_at is null and next_attempt_at <= now()
       order by next_attempt_at, id limit $1 for update skip locked
     ) returning o.id, o.url, o.payload, o.attempts`,
    [limit, leaseSeconds],
  );
}

export async function markDelivered(q: Queryable, id: number) {
  await q.query(
    'update compat_webhook_outbox set delivered_at = now(), attempts = attempts + 1, last_error = null where id = $1',
    [id],
  );
}

/** Tried again after `retryInSeconds`, or given up (`failed_at`) after the last attempt. */
export async function markFailed(q: Queryable, id: number, error: string, retryInSeconds: number | null) {
  await q.query(
    `update compat_webhook_outbox set attempts = attempts + 1, last_error = $2,
       next_attempt_at = case when $3::int is null then next_attempt_at else now() + make_interval(secs => $3::int) end,
       failed_at = case when $3::int is null then now() end
     where id = $1`,
    [id, error.slice(0, 300), retryInSeconds],
  );
}
