import type { Queryable } from '../../../db/client';
import type { ProviderRow } from './providers.repository';

export type ActivationState = 'buying' | 'bought' | 'active' | 'ended' | 'voiding' | 'voided' | 'failed';

export type UpstreamActivation = {
  id: number;
  provider_id: number;
  user_id: number;
  application_id: number;
  country_code: string;
  state: ActivationState;
  outcome: 'finished' | 'refunded' | 'voided' | null;
  upstream_id: string | null;
  phone_number: string | null;
  cost: string | null;
  cost_usdt: string | null;
  price: string | null;
  order_id: number | null;
  rental_id: number | null;
  retry_round: number;
  sms_seen: number;
  poll_interval_ms: number;
  /** Status reads claimed so far; a claim that finds it moved lost the activation to another process. */
  polls: number;
  /** The last state read: `open`, `unknown`, or the batch signature (`batch:…`) the relay last acted on. */
  upstream_status: string | null;
  created_at: Date;
};

const COLUMNS = `a.id, a.provider_id, a.user_id, a.application_id, a.country_code::text as country_code, a.state,
  a.outcome, a.upstream_id, a.phone_number, a.cost::text as cost, a.cost_usdt::text as cost_usdt,
  a.price::text as price, a.order_id, a.rental_id, a.retry_round, a.sms_seen, a.poll_interval_ms, a.polls, a.upstream_status, a.created_at`;

export type ActivationWithProvider = UpstreamActivation & {
  provider: Pick<ProviderRow, 'id' | 'protocol' | 'base_url' | 'api_key' | 'rate_to_usdt'>;
};
const WITH_PROVIDER = `${COLUMNS}, json_build_object('id', p.id, 'protocol', p.protocol, 'base_url', p.base_url,
  'api_key', p.api_key, 'rate_to_usdt', p.rate_to_usdt::text) as provider`;

/** The intent, committed before the provider is asked: a crash after the provider answered leaves it behind. */
export async function recordIntent(
  q: Queryable,
  r: {
    providerId: number;
    userId: number;
    applicationId: number;
    countryCode: string;
    price: string;
    /** The key sent to the provider with the buy (its `orderId`). */
    requestRef: string;
  },
) {
  const [row] = await q.query<{ id: number }>(
    `insert into upstream_activations (provider_id, user_id, application_id, country_code, state, price, request_ref)
     values ($1, $2, $3, $4, 'buying', $5, $6) returning id`,
    [r.providerId, r.userId, r.applicationId, r.countryCode, r.price, r.requestRef],
  );
  return row!.id;
}

export async function recordBought(
  q: Queryable,
  id: number,
  r: { upstreamId: string; phone: string; cost: string; costUsdt: string },
) {
  await q.query(
    `update upstream_activations set state = 'bought', upstream_id = $2, phone_number = $3, cost = $4, cost_usdt = $5,
       updated_at = now() where id = $1 and state = 'buying'`,
    [id, r.upstreamId, r.phone, r.cost, r.costUsdt],
  );
}

export async function recordFailed(q: Queryable, id: number, note: string) {
  await q.query(
    `update upstream_activations set state = 'failed', note = $2, updated_at = now(), ended_at = now()
     where id = $1 and state = 'buying'`,
    [id, note.slice(0, 300)],
  );
}

/** Bought but not sold: to be cancelled upstream (now, or by the reconciliation). */
export async function markVoiding(q: Queryable, id: number, note: string) {
  await q.query(
    `update upstream_activations set state = 'voiding', note = $2, updated_at = now()
     where id = $1 and state in ('buying', 'bought')`,
    [id, note.slice(0, 300)],
  );
}

/** Voided: cancelled upstream, exactly once (false: someone else did it). */
export async function markVoided(q: Queryable, id: number) {
  const rows = await q.query(
    `update upstream_activations set state = 'voided', outcome = 'voided', updated_at = now(), ended_at = now()
     where id = $1 and state = 'voiding' returning id`,
    [id],
  );
  return rows.length > 0;
}

/** Sold: in the transaction of the charge. False: it was voided meanwhile (the caller rolls back). */
export async function markActive(
  q: Queryable,
  id: number,
  r: { orderId: number; rentalId: number; firstPollMs: number },
) {
  const rows = await q.query(
    `update upstream_activations set state = 'active', order_id = $2, rental_id = $3, updated_at = now(),
       next_poll_at = now() + make_interval(secs => $4::float8 / 1000), poll_interval_ms = $4
     where id = $1 and state = 'bought' returning id`,
    [id, r.orderId, r.rentalId, r.firstPollMs],
  );
  return rows.length > 0;
}

/** Ends an active activation exactly once (false: already ended by another process or path). */
export async function markEnded(q: Queryable, id: number, outcome: 'finished' | 'refunded') {
  const rows = await q.query(
    `update upstream_activations set state = 'ended', outcome = $2, updated_at = now(), ended_at = now(),
       next_poll_at = null where id = $1 and state = 'active' returning id`,
    [id, outcome],
  );
  return rows.length > 0;
}

/** The provider's cost, paid or refunded, once per activation and kind. */
export async function recordCost(
  q: Queryable,
  a: Pick<UpstreamActivation, 'id' | 'provider_id' | 'cost' | 'cost_usdt'>,
  kind: 'paid' | 'refunded',
) {
  await q.query(
    `insert into upstream_cost_entries (provider_id, activation_id, kind, amount, amount_usdt)
     values ($1, $2, $3, $4, $5) on conflict (activation_id, kind) do nothing`,
    [a.provider_id, a.id, kind, a.cost ?? '0', a.cost_usdt ?? '0'],
  );
}

export async function activationOfRental(q: Queryable, rentalId: number, lock = false) {
  const rows = await q.query<ActivationWithProvider>(
    `select ${WITH_PROVIDER} from upstream_activations a join upstream_providers p on p.id = a.provider_id
     where a.rental_id = $1 ${lock ? 'for update of a' : ''}`,
    [rentalId],
  );
  return rows[0] ?? null;
}

/**
 * Open activations due for a status read, claimed for `leaseMs` (another process skips them until
 * then): SKIP LOCKED, so two relays never read the same one at once.
 */
export function claimDuePolls(q: Queryable, limit: number, leaseMs: number) {
  return q.query<ActivationWithProvider>(
    `with due as (
       select id from upstream_activations where state = 'active' and next_poll_at <= now()
       order by next_poll_at, id limit $1 for update skip locked
     ), leased as (
       update upstream_activations a set next_poll_at = now() + make_interval(secs => $2::float8 / 1000), polls = polls + 1
       from due where a.id = due.id returning a.*
     )
     select ${WITH_PROVIDER} from leased a join upstream_providers p on p.id = a.provider_id`,
    [limit, leaseMs],
  );
}

/** The next status read, after `waitMs`; `resetRetry` counts an "another SMS" round. */
export async function schedulePoll(
  q: Queryable,
  id: number,
  r: { waitMs: number; smsSeen?: number; status?: string; retryRound?: number },
) {
  await q.query(
    `update upstream_activations set next_poll_at = now() + make_interval(secs => $2::float8 / 1000),
       poll_interval_ms = $2, sms_seen = coalesce($3, sms_seen), upstream_status = coalesce($4, upstream_status),
       retry_round = coalesce($5, retry_round), updated_at = now()
     where id = $1 and state = 'active'`,
    [id, r.waitMs, r.smsSeen ?? null, r.status ?? null, r.retryRound ?? null],
  );
}

/** The upstream state the relay last acted on (a batch signature), while the activation is open. */
export async function noteUpstreamStatus(q: Queryable, id: number, status: string) {
  await q.query(`update upstream_activations set upstream_status = $2 where id = $1 and state = 'active'`, [
    id,
    status,
  ]);
}

/**
 * A provider's other open activations, due or not (a batch read covers them all): with thousands open
 * the round claims only some of the due ones, and the rest are settled by the same batch request
 * instead of one request for each further claim.
 */
export function openOthers(q: Queryable, providerId: number, claimedIds: number[]) {
  return q.query<
    Pick<UpstreamActivation, 'id' | 'upstream_id' | 'upstream_status' | 'poll_interval_ms' | 'polls'>
  >(
    `select id, upstream_id, upstream_status, poll_interval_ms, polls from upstream_activations
     where provider_id = $1 and state = 'active' and not (id = any($2::int[]))
     order by id limit 10000`,
    [providerId, claimedIds],
  );
}

/** Activations a batch read showed unchanged wait `waitMs`, with the claimed ones (they fall due together). */
export async function alignNotDue(q: Queryable, ids: number[], waitMs: number) {
  if (ids.length === 0) return;
  await q.query(
    `update upstream_activations set next_poll_at = now() + make_interval(secs => $2::float8 / 1000),
       poll_interval_ms = $2
     where id = any($1::int[]) and state = 'active'`,
    [ids, waitMs],
  );
}

/** Activations a batch read showed changed that this round has no room to read: the next ticks claim them. */
export async function makeDue(q: Queryable, ids: number[]) {
  if (ids.length === 0) return;
  await q.query(
    `update upstream_activations set next_poll_at = now() where id = any($1::int[]) and state = 'active'`,
    [ids],
  );
}

/**
 * Activations not claimed by this round that a batch read showed changed, claimed for a read now as
 * `claimDuePolls` claims due ones. Only those whose read count is still the one seen: another process
 * that claimed one meanwhile (its batch read, or the activation fell due) has counted a read, and keeps it.
 */
export function claimChanged(
  q: Queryable,
  seen: Pick<UpstreamActivation, 'id' | 'polls'>[],
  leaseMs: number,
) {
  if (seen.length === 0) return Promise.resolve([]);
  return q.query<ActivationWithProvider>(
    `with leased as (
       update upstream_activations a set next_poll_at = now() + make_interval(secs => $3::float8 / 1000),
         polls = a.polls + 1
       from unnest($1::int[], $2::int[]) as x (id, polls)
       where a.id = x.id and a.polls = x.polls and a.state = 'active'
       returning a.*
     )
     select ${WITH_PROVIDER} from leased a join upstream_providers p on p.id = a.provider_id`,
    [seen.map((a) => a.id), seen.map((a) => a.polls), leaseMs],
  );
}

export async function noteLateCode(q: Queryable, id: number) {
  await q.query(
    `update upstream_activations set late_code_at = coalesce(late_code_at, now()), note = 'code after the end'
     where id = $1`,
    [id],
  );
}

/**
 * Bought-but-not-sold activations whose purchase is over (older than `graceMs`), and voids that stalled
 * (a process died while cancelling), claimed as `voiding` with a fresh lease (`updated_at`): one
 * process cancels each, and no transaction stays open while the provider is asked.
 */
export async function claimUnsold(q: Queryable, graceMs: number, limit: number) {
  const claimed = await q.query<{ id: number }>(
    `with due as (
       select id from upstream_activations
       where (state in ('buying', 'bought') and created_at < now() - make_interval(secs => $1::float8 / 1000))
          or (state = 'voiding' and updated_at < now() - interval '60 seconds')
       order by created_at, id limit $2 for update skip locked
     )
     update upstream_activations a set state = 'voiding', updated_at = now() from due where a.id = due.id returning a.id`,
    [graceMs, limit],
  );
  return voidingByIds(
    q,
    claimed.map((c) => c.id),
  );
}

/** Activations being voided, with their provider. */
export function voidingByIds(q: Queryable, ids: number[]) {
  return q.query<ActivationWithProvider>(
    `select ${WITH_PROVIDER} from upstream_activations a join upstream_providers p on p.id = a.provider_id
     where a.id = any($1::int[]) and a.state = 'voiding' order by a.id`,
    [ids],
  );
}
