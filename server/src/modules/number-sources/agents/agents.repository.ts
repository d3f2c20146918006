import type { AgentPayRate } from '@jiema/shared';
import type { Queryable } from '../../../db/client';

export type AgentRow = {
  id: number;
  name: string;
  url: string;
  api_key: string;
  currency: number;
  rate_to_usdt: string;
  default_pay: string;
  enabled: boolean;
  priority: number;
  last_poll_at: Date | null;
  last_latency_ms: number | null;
  last_error: string | null;
  last_error_at: Date | null;
  polls: string;
  poll_errors: string;
  held_until: Date | null;
  held_reason: string | null;
};

const COLUMNS = `a.id, a.name, a.url, a.api_key, a.currency, a.rate_to_usdt::text as rate_to_usdt,
  a.default_pay::text as default_pay, a.enabled, a.priority, a.last_poll_at, a.last_latency_ms, a.last_error,
  a.last_error_at, a.polls::text as polls, a.poll_errors::text as poll_errors, a.held_until, a.held_reason`;

export type AgentWrite = {
  name: string;
  url: string;
  currency: number;
  rateToUsdt: string;
  defaultPay: string;
  enabled: boolean;
  priority: number;
};

const WRITE_VALUES = (w: AgentWrite) => [
  w.name,
  w.url,
  w.currency,
  w.rateToUsdt,
  w.defaultPay,
  w.enabled,
  w.priority,
];

/** Inserts an agent; null when the name or the key is taken (the caller says which). */
export async function insertAgent(q: Queryable, w: AgentWrite, apiKey: string) {
  const [row] = await q.query<{ id: number }>(
    `insert into agents (name, url, currency, rate_to_usdt, default_pay, enabled, priority, api_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning id`,
    [...WRITE_VALUES(w), apiKey],
  );
  return row?.id ?? null;
}

/** What another agent already holds: its name or its key. */
export async function takenBy(q: Queryable, name: string, apiKey: string | null, exceptId: number) {
  const [row] = await q.query<{ name_taken: boolean; key_taken: boolean }>(
    `select exists (select 1 from agents where name = $1 and id <> $3) as name_taken,
            exists (select 1 from agents where api_key = $2 and id <> $3) as key_taken`,
    [name, apiKey, exceptId],
  );
  return row!;
}

/** Updates an agent; a null key keeps the stored one. A changed agent is no longer held back. */
export async function updateAgent(q: Queryable, id: number, w: AgentWrite, apiKey: string | null) {
  await q.query(
    `update agents set name = $1, url = $2, currency = $3, rate_to_usdt = $4, default_pay = $5, enabled = $6,
       priority = $7, api_key = coalesce($8, api_key), held_until = null, held_reason = null, updated_at = now()
     where id = $9`,
    [...WRITE_VALUES(w), apiKey, id],
  );
}

export async function replacePayRates(q: Queryable, agentId: number, rates: AgentPayRate[]) {
  await q.query('delete from agent_pay_rates where agent_id = $1', [agentId]);
  if (rates.length === 0) return;
  await q.query(
    `insert into agent_pay_rates (agent_id, application_id, country_code, amount)
     select $1, a, c, n from unnest($2::int[], $3::text[], $4::numeric[]) as t(a, c, n)
     on conflict (agent_id, application_id, country_code) do update set amount = excluded.amount`,
    [agentId, rates.map((r) => r.applicationId), rates.map((r) => r.countryCode), rates.map((r) => r.amount)],
  );
}

export const payRatesOf = (q: Queryable) =>
  q.query<{ agent_id: number; application_id: number; country_code: string; amount: string }>(
    `select agent_id, application_id, country_code::text as country_code, amount::text as amount
     from agent_pay_rates order by agent_id, application_id, country_code`,
  );

export async function findAgent(q: Queryable, id: number) {
  const [row] = await q.query<AgentRow>(`select ${COLUMNS} from agents a where a.id = $1`, [id]);
  return row ?? null;
}

export async function findAgentByKey(q: Queryable, apiKey: string) {
  const [row] = await q.query<{ id: number }>('select id from agents where api_key = $1', [apiKey], {
    prepare: 'agent_by_key',
  });
  return row?.id ?? null;
}

export type AgentCounters = {
  quantity: number;
  open: number;
  sold: number;
  sms: number;
  owed: string;
  owed_usdt: string;
};

/** Every agent with what the screen shows about it, in one query. */
export const listAgents = (q: Queryable) =>
  q.query<AgentRow & AgentCounters>(
    `select ${COLUMNS},
       coalesce((select sum(o.count) from agent_offers o where o.agent_id = a.id
         and o.refreshed_at > now() - interval '2 minutes'), 0)::int as quantity,
       (select count(*) from agent_activations x where x.agent_id = a.id and x.state = 'active')::int as open,
       (select count(*) from agent_activations x where x.agent_id = a.id and x.finish_status = 3)::int as sold,
       (select count(*) from sms_messages m where m.source = 'agent:' || a.id)::int as sms,
       coalesce((select sum(e.amount) from agent_earnings e where e.agent_id = a.id), 0)::text as owed,
       coalesce((select sum(e.amount_usdt) from agent_earnings e where e.agent_id = a.id), 0)::text as owed_usdt
     from agents a order by a.priority desc, a.id`,
  );

// ---------------------------------------------------------------- names and their mapping

export type CodeRow = {
  kind: 'service' | 'country' | 'operator';
  code: string;
  auto_ref: string | null;
  override_ref: string | null;
};

/**
 * The automatic mapping of an agent's names: services by our application code (the hubs' short
 * names are the sms-activate codes), countries by 5sim slug or English name ("russia", "usa"),
 * operators by our operator code (shown; the store sells an agent's numbers as the "any" operator).
 */
export async function catalogRefs(q: Queryable) {
  const [services, countries, operators] = await Promise.all([
    q.query<{ code: string; ref: string }>('select lower(code) as code, id::text as ref from applications'),
    q.query<{ code: string; ref: string }>(
      `select lower(name_en) as code, code::text as ref from countries
       union select lower(fivesim_slug), code::text from countries where fivesim_slug is not null`,
    ),
    q.query<{ code: string; ref: string }>(
      'select distinct lower(code) as code, lower(code) as ref from operators',
    ),
  ]);
  const map = (rows: { code: string; ref: string }[]) => new Map(rows.map((r) => [r.code, r.ref.trim()]));
  return { service: map(services), country: map(countries), operator: map(operators) };
}

export async function saveCodes(q: Queryable, agentId: number, codes: Omit<CodeRow, 'override_ref'>[]) {
  if (codes.length === 0) return;
  await q.query(
    `insert into agent_codes (agent_id, kind, code, auto_ref, seen_at)
     select $1, k, c, a, now() from unnest($2::text[], $3::text[], $4::text[]) as t(k, c, a)
     on conflict (agent_id, kind, code) do update set auto_ref = excluded.auto_ref, seen_at = now()`,
    [agentId, codes.map((c) => c.kind), codes.map((c) => c.code), codes.map((c) => c.auto_ref)],
  );
}

export const codesOf = (q: Queryable, agentId: number) =>
  q.query<CodeRow>(
    'select kind, code, auto_ref, override_ref from agent_codes where agent_id = $1 order by kind, code',
    [agentId],
  );

export async function setOverride(
  q: Queryable,
  agentId: number,
  kind: 'service' | 'country',
  code: string,
  ref: string | null,
) {
  const rows = await q.query(
    'update agent_codes set override_ref = $4 where agent_id = $1 and kind = $2 and code = $3 returning code',
    [agentId, kind, code, ref],
  );
  return rows.length > 0;
}

export type OfferWrite = {
  applicationId: number;
  countryCode: string;
  country: string;
  operator: string;
  service: string;
  count: number;
};

/** Replaces an agent's quantities with its latest answer, in the caller's transaction. */
export async function replaceOffers(q: Queryable, agentId: number, offers: OfferWrite[]) {
  await q.query('delete from agent_offers where agent_id = $1', [agentId]);
  if (offers.length === 0) return;
  await q.query(
    `insert into agent_offers (agent_id, application_id, country_code, country_name, operator_name, service_name, count)
     select $1, a, c, cn, op, s, n
     from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) as t(a, c, cn, op, s, n)
     where exists (select 1 from applications where id = t.a) and exists (select 1 from countries where code = t.c)
     on conflict (agent_id, application_id, country_code, operator_name) do update set count = excluded.count`,
    [
      agentId,
      offers.map((o) => o.applicationId),
      offers.map((o) => o.countryCode),
      offers.map((o) => o.country),
      offers.map((o) => o.operator),
      offers.map((o) => o.service),
      offers.map((o) => o.count),
    ],
  );
}

export const offersOf = (q: Queryable, agentId: number) =>
  q.query<{
    country_name: string;
    operator_name: string;
    service_name: string;
    count: number;
    application_id: number;
    country_code: string;
  }>(
    `select country_name, operator_name, service_name, count, application_id, country_code::text as country_code
     from agent_offers where agent_id = $1 order by country_name, operator_name, service_name`,
    [agentId],
  );

// ---------------------------------------------------------------- polling

/**
 * Claims the agents due for GET_SERVICES by moving their next poll an interval ahead: one process
 * polls an agent per interval, however many run this.
 */
export const claimDuePolls = (q: Queryable, intervalMs: number) =>
  q.query<{ id: number }>(
    `update agents set next_poll_at = now() + make_interval(secs => $1::float8 / 1000)
     where enabled and (next_poll_at is null or next_poll_at <= now()) returning id`,
    [intervalMs],
  );

export async function notePoll(q: Queryable, id: number, r: { ms: number; error: string | null }) {
  await q.query(
    `update agents set polls = polls + 1, last_poll_at = now(), last_latency_ms = $2,
       poll_errors = poll_errors + case when $3::text is null then 0 else 1 end,
       last_error = coalesce($3::text, last_error),
       last_error_at = case when $3::text is null then last_error_at else now() end
     where id = $1`,
    [id, r.ms, r.error],
  );
}

/** Claimed stock it did not have: out of the store for a while (its quantities stop counting). */
export async function holdBack(q: Queryable, id: number, ms: number, reason: string) {
  await q.query(
    `update agents set held_until = now() + make_interval(secs => $2::float8 / 1000), held_reason = $3,
       last_error = $3, last_error_at = now() where id = $1`,
    [id, ms, reason],
  );
}

export async function noteError(q: Queryable, id: number, error: string) {
  await q.query('update agents set last_error = $2, last_error_at = now() where id = $1', [
    id,
    error.slice(0, 300),
  ]);
}
