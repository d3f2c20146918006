import type { Queryable } from '../../db/client';
import { HOLDING } from '../store/store.repository';

export type QueueState = { queue: string; depth: number; oldest_seconds: number | null };

/**
 * Each queue's backlog (rows due or waiting) and the age of its oldest row. Every count reads a partial
 * index of the pending rows only, so a scrape costs what the backlog is, never what the history is.
 */
export function queueStates(q: Queryable) {
  return q.query<QueueState>(
    `select 'mass_sms' as queue, count(*)::int as depth,
            extract(epoch from now() - min(created_at))::float8 as oldest_seconds
       from sms_outbound where status = 'pending'
     union all
     select 'code_webhooks', count(*)::int, extract(epoch from now() - min(created_at))::float8
       from code_webhook_deliveries where status = 'pending'
     union all
     select 'compat_webhooks', count(*)::int, extract(epoch from now() - min(created_at))::float8
       from compat_webhook_outbox where delivered_at is null and failed_at is null
     union all
     select 'rental_sweep', count(*)::int, extract(epoch from now() - min(expires_at))::float8
       from rentals where status in ${HOLDING} and expires_at <= now()`,
  );
}
