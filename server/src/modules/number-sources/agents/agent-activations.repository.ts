import type { Queryable } from '../../../db/client';

// A SIM-farm agent's activations: the purchase's intent and its outcome, the open activation of a
// rental, and the endings reported back to the farm (the FINISH outbox) with the farm's earnings.

// ---------------------------------------------------------------- purchase

export type AgentCandidate = {
  id: number;
  name: string;
  url: string;
  api_key: string;
  currency: number;
  rate_to_usdt: string;
  priority: number;
  pay: string;
  country_name: string;
  operator_name: string;
  service_name: string;
  count: number;
  success_rate: number | null;
};

/**
 * Agents that may serve (application, country) now: enabled, not held back, a fresh quantity; per
 * agent its operator with the most numbers, what we pay it for this pair, and its recent success.
 */
export const agentCandidates = (q: Queryable, applicationId: number, countryCode: string) =>
  q.query<AgentCandidate>(
    `select distinct on (a.id) a.id, a.name, a.url, a.api_key, a.currency, a.rate_to_usdt::text as rate_to_usdt,
       a.priority, coalesce(r.amount, a.default_pay)::text as pay, o.country_name, o.operator_name, o.service_name,
       o.count,
       (select avg(case when x.finish_status = 3 then 1.0 else 0.0 end)::float8 from agent_activations x
        where x.agent_id = a.id and x.application_id = $1 and x.country_code = $2 and x.state = 'ended'
          and x.created_at > now() - interval '24 hours') as success_rate
     from agents a join agent_offers o on o.agent_id = a.id
     left join agent_pay_rates r on r.agent_id = a.id and r.application_id = $1 and r.country_code = $2
     where a.enabled and (a.held_until is null or a.held_until < now())
       and o.application_id = $1 and o.country_code = $2 and o.count > 0
       and o.refreshed_at > now() - interval '2 minutes'
     order by a.id, o.count desc, o.operator_name`,
    [applicationId, countryCode],
  );

/** The intent, committed before the agent is asked. */
export async function recordIntent(
  q: Queryable,
  r: {
    agentId: number;
    userId: number;
    applicationId: number;
    countryCode: string;
    pay: string;
    payUsdt: string;
    price: string;
  },
) {
  const [row] = await q.query<{ id: number }>(
    `insert into agent_activations (agent_id, user_id, application_id, country_code, state, pay, pay_usdt, price)
     values ($1, $2, $3, $4, 'asking', $5, $6, $7) returning id`,
    [r.agentId, r.userId, r.applicationId, r.countryCode, r.pay, r.payUsdt, r.price],
  );
  return row!.id;
}

/** The agent gave a number: stored in its own commit, so a crash before the sale still cancels it. */
export async function recordGiven(q: Queryable, id: number, agentActivationId: string, phone: string) {
  const rows = await q.query(
    `update agent_activations set state = 'given', agent_activation_id = $2, phone_number = $3, updated_at = now()
     where id = $1 and state = 'asking' returning id`,
    [id, agentActivationId, phone],
  );
  return rows.length > 0;
}

export async function markFailed(q: Queryable, id: number, note: string) {
  await q.query(
    `update agent_activations set state = 'failed', note = $2, updated_at = now(), ended_at = now()
     where id = $1 and state = 'asking'`,
    [id, note.slice(0, 300)],
  );
}

/** Given but not sold: cancelled at the agent (status 4 queued in the same transaction). */
export async function markRefused(q: Queryable, id: number, note: string) {
  const rows = await q.query<{ agent_id: number }>(
    `update agent_activations set state = 'refused', finish_status = 4, note = $2, updated_at = now(), ended_at = now()
     where id = $1 and state = 'given' returning agent_id`,
    [id, note.slice(0, 300)],
  );
  if (rows[0]) await enqueueFinish(q, rows[0].agent_id, id, 4);
  return rows.length > 0;
}

export async function markActive(q: Queryable, id: number, orderId: number, rentalId: number) {
  const rows = await q.query(
    `update agent_activations set state = 'active', order_id = $2, rental_id = $3, updated_at = now()
     where id = $1 and state = 'given' returning id`,
    [id, orderId, rentalId],
  );
  return rows.length > 0;
}

export type OpenActivation = {
  id: number;
  agent_id: number;
  rental_id: number;
  pay: string;
  pay_usdt: string;
};

export async function openActivationOfRental(q: Queryable, rentalId: number) {
  const [row] = await q.query<OpenActivation>(
    `select id, agent_id, rental_id, pay::text as pay, pay_usdt::text as pay_usdt from agent_activations
     where rental_id = $1 and state = 'active'`,
    [rentalId],
  );
  return row ?? null;
}

// ---------------------------------------------------------------- endings, outbox and earnings

/** Queues one FINISH_ACTIVATION; a status already queued for the activation is not queued again. */
export async function enqueueFinish(q: Queryable, agentId: number, activationId: number, status: number) {
  const rows = await q.query(
    `insert into agent_finish_outbox (agent_id, activation_id, status) values ($1, $2, $3)
     on conflict (activation_id, status) do nothing returning id`,
    [agentId, activationId, status],
  );
  return rows.length > 0;
}

export async function earn(
  q: Queryable,
  a: { id: number; agent_id: number; pay: string; pay_usdt: string },
  kind: 'sold' | 'reversed',
) {
  const sign = kind === 'sold' ? '' : '-';
  await q.query(
    `insert into agent_earnings (agent_id, activation_id, kind, amount, amount_usdt)
     values ($1, $2, $3, $4::numeric, $5::numeric) on conflict (activation_id, kind) do nothing`,
    [a.agent_id, a.id, kind, `${sign}${a.pay}`, `${sign}${a.pay_usdt}`],
  );
}

export type DueFinish = {
  id: number;
  status: 1 | 3 | 4 | 5;
  attempts: number;
  agent_activation_id: string;
  agent_id: number;
  url: string;
  api_key: string;
};

/** FINISH_ACTIVATIONs due, claimed for `leaseMs` (SKIP LOCKED): one process sends each at a time. */
export const claimDueFinishes = (q: Queryable, limit: number, leaseMs: number) =>
  q.query<DueFinish>(
    `with due as (
       select f.id from agent_finish_outbox f where f.sent_at is null and f.next_at <= now()
       order by f.next_at, f.id limit ${Math.trunc(limit)} for update skip locked
     ), claimed as (
       update agent_finish_outbox f set next_at = now() + make_interval(secs => $1::float8 / 1000),
         attempts = f.attempts + 1
       from due where f.id = due.id returning f.id, f.status, f.attempts, f.activation_id, f.agent_id
     )
     select c.id, c.status, c.attempts, x.agent_activation_id::text as agent_activation_id, c.agent_id, a.url, a.api_key
     from claimed c join agent_activations x on x.id = c.activation_id join agents a on a.id = c.agent_id`,
    [leaseMs],
  );

export async function markFinishSent(q: Queryable, id: number) {
  await q.query('update agent_finish_outbox set sent_at = now(), last_error = null where id = $1', [id]);
}

export async function markFinishRetry(q: Queryable, id: number, waitMs: number, error: string) {
  await q.query(
    `update agent_finish_outbox set next_at = now() + make_interval(secs => $2::float8 / 1000), last_error = $3
     where id = $1 and sent_at is null`,
    [id, waitMs, error.slice(0, 300)],
  );
}
