import {
  ACTIVATION_CANCEL_LOCK_SECONDS,
  type CardType,
  type Rental,
  type RentalFilter,
  type RentalListQuery,
  type RentalStatus,
  type ValidityKind,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { HOLDING } from '../store/store.repository';

type RentalRow = {
  id: number;
  order_id: number;
  order_no: string;
  user_id: number;
  username: string;
  phone_number: string;
  application_id: number;
  application_code: string;
  application_name_zh: string;
  application_name_en: string;
  country_code: string;
  country_name_zh: string;
  country_name_en: string;
  country_flag: string;
  operator_name: string | null;
  card_type: CardType;
  kind: ValidityKind;
  validity_minutes: number;
  price: string;
  status: RentalStatus;
  token: string;
  starts_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  resend_requested_at: Date | null;
  refund_amount: string | null;
  refunded_at: Date | null;
  latest_code: string | null;
  latest_text: string | null;
  latest_sender: string | null;
  latest_at: Date | null;
  message_count: number;
  demo: boolean;
};

/** A rental with its names, its order number and its latest SMS (one index probe each). */
export const RENTAL_SELECT = `select r.id, r.order_id, o.order_no, r.user_id, u.username, r.phone_number, r.application_id,
    a.code as application_code, a.name_zh as application_name_zh, a.name_en as application_name_en,
    r.country_code, c.name_zh as country_name_zh, c.name_en as country_name_en, c.flag as country_flag,
    case when op.code = 'any' then null else op.name end as operator_name, r.card_type, r.kind, r.validity_minutes, r.price::text as price, r.status, r.token,
    r.starts_at, r.expires_at, r.ended_at, r.resend_requested_at, r.refund_amount::text as refund_amount, r.refunded_at,
    m.code as latest_code, m.text as latest_text, m.sender as latest_sender, m.received_at as latest_at,
    coalesce(mc.count, 0) as message_count, u.demo
  from rentals r
  join store_orders o on o.id = r.order_id
  join users u on u.id = r.user_id
  join applications a on a.id = r.application_id
  join countries c on c.code = r.country_code
  left join operators op on op.id = r.operator_id
  left join lateral (
    select m.code, m.text, m.sender, m.received_at from sms_messages m
    where m.rental_id = r.id order by m.received_at desc, m.id desc limit 1
  ) m on true
  left join lateral (select count(*)::int as count from sms_messages m2 where m2.rental_id = r.id) mc on true`;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

function toRental(row: RentalRow): Rental {
  const open = row.status === 'active' || row.status === 'inactive';
  const waitingForAnother =
    row.resend_requested_at !== null &&
    (row.latest_at === null || new Date(row.latest_at) <= new Date(row.resend_requested_at));
  return {
    id: row.id,
    orderId: row.order_id,
    orderNo: row.order_no,
    userId: row.user_id,
    username: row.username,
    phoneNumber: row.phone_number,
    applicationId: row.application_id,
    applicationCode: row.application_code,
    applicationNameZh: row.application_name_zh,
    applicationNameEn: row.application_name_en,
    countryCode: row.country_code,
    countryNameZh: row.country_name_zh,
    countryNameEn: row.country_name_en,
    countryFlag: row.country_flag,
    operatorName: row.operator_name,
    cardType: row.card_type,
    kind: row.kind,
    validityMinutes: row.validity_minutes,
    price: row.price,
    status: row.status,
    token: row.token,
    startsAt: iso(row.starts_at),
    expiresAt: iso(row.expires_at),
    endedAt: isoOrNull(row.ended_at),
    refundedAmount: row.refund_amount,
    refundedAt: isoOrNull(row.refunded_at),
    latestCode: row.latest_code,
    latestText: row.latest_text,
    latestSender: row.latest_sender,
    latestCodeAt: isoOrNull(row.latest_at),
    messageCount: row.message_count,
    demo: row.demo,
    waitingForAnother,
    cancellableAt:
      row.kind === 'activation' && open && row.message_count === 0
        ? new Date(new Date(row.starts_at).getTime() + ACTIVATION_CANCEL_LOCK_SECONDS * 1000).toISOString()
        : null,
  };
}

const SORTABLE: Record<string, string> = {
  createdAt: 'r.created_at',
  expiresAt: 'r.expires_at',
  status: 'r.status',
  phoneNumber: 'r.phone_number',
};

function rentalFilter(query: RentalFilter, userId: number | null): SqlFilter {
  const filter = new SqlFilter();
  if (userId !== null) filter.add('r.user_id = ?', userId);
  filter.addIf(query.status, 'r.status = ?', query.status);
  filter.addIf(query.kind, 'r.kind = ?', query.kind);
  filter.addIf(query.applicationId, 'r.application_id = ?', query.applicationId);
  filter.addIf(query.orderId, 'r.order_id = ?', query.orderId);
  if (query.keyword) filter.add(`r.phone_number like ?`, `%${query.keyword.replace(/[^\d+]/g, '')}%`);
  return filter;
}

/** A page of rentals; `userId` null = everyone's (administrators). */
export async function listRentals(q: Queryable, query: RentalListQuery, userId: number | null) {
  const filter = rentalFilter(query, userId);
  const [rows, count] = await Promise.all([
    q.query<RentalRow>(
      // A buyer's newest first by their index; everyone's by id (the same order, without another index to write).
      `${RENTAL_SELECT} ${filter.where} ${orderBy(query, SORTABLE, userId === null ? 'r.id desc' : 'r.created_at desc', 'r.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(`select count(*)::int as total from rentals r ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toRental), total: count[0]?.total ?? 0 };
}

export async function findRental(q: Queryable, id: number, userId: number | null): Promise<Rental | null> {
  const rows = await q.query<RentalRow>(
    `${RENTAL_SELECT} where r.id = $1 and ($2::int is null or r.user_id = $2::int)`,
    [id, userId],
  );
  return rows[0] ? toRental(rows[0]) : null;
}

/**
 * An order's rentals; with `ownerId`, only those that user still owns (a rental transferred away
 * no longer shows its token or codes to the order's buyer).
 */
export async function rentalsOfOrder(q: Queryable, orderId: number, ownerId?: number): Promise<Rental[]> {
  const rows = await q.query<RentalRow>(
    `${RENTAL_SELECT} where r.order_id = $1 and ($2::int is null or r.user_id = $2::int) order by r.id`,
    [orderId, ownerId ?? null],
  );
  return rows.map(toRental);
}

/** The members of a group link that its owner still owns, in id order. */
export async function rentalsOfGroup(q: Queryable, groupId: number, ownerId: number): Promise<Rental[]> {
  const rows = await q.query<RentalRow>(
    `${RENTAL_SELECT} join rental_group_members gm on gm.rental_id = r.id
     where gm.group_id = $1 and r.user_id = $2 order by r.id`,
    [groupId, ownerId],
  );
  return rows.map(toRental);
}

export async function findRentalByToken(q: Queryable, token: string): Promise<Rental | null> {
  const rows = await q.query<RentalRow>(`${RENTAL_SELECT} where r.token = $1`, [token]);
  return rows[0] ? toRental(rows[0]) : null;
}

export async function findOrderByToken(q: Queryable, token: string) {
  const rows = await q.query<{ id: number; order_no: string; user_id: number }>(
    'select id, order_no, user_id from store_orders where token = $1',
    [token],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- state changes

/** What the state changes need of a rental, read under its lock. */
export type LockedRental = {
  id: number;
  order_id: number;
  order_no: string;
  phone_number: string;
  user_id: number;
  phone_number_id: number | null;
  kind: ValidityKind;
  price: string;
  status: RentalStatus;
  starts_at: Date;
  expires_at: Date;
  refunded_at: Date | null;
  has_message: boolean;
  /** Seconds until an activation may be cancelled (0: now), by the database's clock. */
  cancel_wait_seconds: number;
};

const LOCKED_COLUMNS = `r.id, r.order_id, (select order_no from store_orders where id = r.order_id) as order_no, r.phone_number,
  r.user_id, r.phone_number_id, r.kind, r.price::text as price, r.status, r.starts_at, r.expires_at, r.refunded_at,
  exists (select 1 from sms_messages m where m.rental_id = r.id) as has_message,
  greatest(0, ceil(extract(epoch from r.starts_at + make_interval(secs => ${ACTIVATION_CANCEL_LOCK_SECONDS}) - now())))::int
    as cancel_wait_seconds`;

/**
 * Locks a rental's order, then the rental (the order every state change takes: order, rentals,
 * numbers, balances), for its owner or, with `userId` null, for an administrator.
 */
export async function lockRental(
  q: Queryable,
  id: number,
  userId: number | null,
): Promise<LockedRental | null> {
  const orders = await q.query<{ id: number }>(
    `select o.id from store_orders o
     where o.id = (select order_id from rentals where id = $1 and ($2::int is null or user_id = $2::int))
     for update`,
    [id, userId],
  );
  if (!orders[0]) return null;
  const rows = await q.query<LockedRental>(
    `select ${LOCKED_COLUMNS} from rentals r where r.id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

/** Every rental of an order, locked in id order (the order row is already locked by the caller). */
export function lockRentalsOfOrder(q: Queryable, orderId: number) {
  return q.query<LockedRental>(
    `select ${LOCKED_COLUMNS} from rentals r where r.order_id = $1 order by r.id for update`,
    [orderId],
  );
}

/**
 * Due rentals (holding, past their end) claimed for this transaction with their orders. SKIP
 * LOCKED: several sweepers (server processes) take different rows, and a rental an owner or an
 * administrator is changing right now is left for the next round.
 */
export function claimDueRentals(q: Queryable, limit: number) {
  return q.query<LockedRental>(
    `select ${LOCKED_COLUMNS} from rentals r join store_orders o on o.id = r.order_id
     where r.status in ${HOLDING} and r.expires_at <= now()
       -- A provider's number ends with the provider (number-sources/upstream/relay.ts), never on our clock alone.
       and not exists (select 1 from upstream_activations ua where ua.rental_id = r.id and ua.state = 'active')
     order by r.expires_at, r.id limit $1
     for update of r, o skip locked`,
    [limit],
  );
}

/** Locks numbers in id order, before any balance: every transaction takes them in the same order. */
export async function lockNumbers(q: Queryable, ids: number[]) {
  if (ids.length === 0) return;
  await q.query('select id from phone_numbers where id = any($1::int[]) order by id for update', [ids]);
}

/** Locks balances in id order, so a transaction refunding several users cannot deadlock another. */
export async function lockUsers(q: Queryable, ids: number[]) {
  if (ids.length < 2) return;
  await q.query('select id from users where id = any($1::int[]) order by id for update', [ids]);
}

export type RentalEnd = { id: number; status: RentalStatus; refund: boolean };

/** Ends rentals (each with its final status), marking the refunded ones. */
export async function markEnded(q: Queryable, ends: RentalEnd[]) {
  if (ends.length === 0) return;
  await q.query(
    `update rentals r set status = e.status, ended_at = now(), updated_at = now(),
       refunded_at = case when e.refund then now() else r.refunded_at end,
       refund_amount = case when e.refund then r.price else r.refund_amount end
     from unnest($1::int[], $2::text[], $3::boolean[]) as e(id, status, refund)
     where r.id = e.id`,
    [ends.map((e) => e.id), ends.map((e) => e.status), ends.map((e) => e.refund)],
  );
}

/**
 * After rentals ended: a number still held for another application stays in use; otherwise it cools
 * down (or is available at once without a cooldown). Disabled numbers stay disabled. The numbers are
 * locked by the caller, so every rental committed on them is seen here.
 */
export async function releaseNumbers(q: Queryable, ids: number[], cooldownMinutes: number) {
  if (ids.length === 0) return;
  await q.query(
    `update phone_numbers p set
       state = case when exists (select 1 from rentals r where r.phone_number_id = p.id and r.status in ${HOLDING}) then 'in_use'
                    when $2::int > 0 then 'cooling_down' else 'available' end,
       cooldown_until = case when exists (select 1 from rentals r where r.phone_number_id = p.id and r.status in ${HOLDING}) then null
                    when $2::int > 0 then now() + make_interval(mins => $2::int) end,
       updated_at = now()
     where p.id = any($1::int[]) and p.state <> 'disabled'`,
    [ids, cooldownMinutes],
  );
}

/** Numbers whose cooldown is over become available; rows someone holds are left for the next round. */
export async function endCooldowns(q: Queryable): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `update phone_numbers set state = 'available', cooldown_until = null, updated_at = now()
     where id in (
       select id from phone_numbers where state = 'cooling_down' and cooldown_until <= now()
       for update skip locked
     ) returning id`,
  );
  return rows.length;
}

/**
 * Adds refunds to orders and settles the pending ones that hold no number any more: cancelled when
 * every number was refunded, else completed.
 */
export async function settleOrders(q: Queryable, refunds: Map<number, string>, orderIds: number[]) {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return;
  await q.query(
    `update store_orders o set
       refunded_amount = o.refunded_amount + coalesce(x.refund, 0),
       status = case
         when o.status <> 'pending' then o.status
         when exists (select 1 from rentals r where r.order_id = o.id and r.status in ${HOLDING}) then 'pending'
         when not exists (select 1 from rentals r where r.order_id = o.id and r.refunded_at is null) then 'cancelled'
         else 'completed' end,
       updated_at = now()
     from (select id, refund from unnest($1::int[], $2::numeric[]) as t(id, refund)) x
     where o.id = x.id`,
    [ids, ids.map((id) => refunds.get(id) ?? '0')],
  );
  await q.query(
    `update store_orders set
       completed_at = case when status = 'completed' and completed_at is null then now() else completed_at end,
       cancelled_at = case when status = 'cancelled' and cancelled_at is null then now() else cancelled_at end
     where id = any($1::int[])`,
    [ids],
  );
}

export async function setRentalStatus(
  q: Queryable,
  id: number,
  userId: number | null,
  from: readonly RentalStatus[],
  to: RentalStatus,
): Promise<boolean> {
  const rows = await q.query(
    `update rentals set status = $4, updated_at = now()
     where id = $1 and ($2::int is null or user_id = $2::int) and status = any($3::text[]) returning id`,
    [id, userId, from, to],
  );
  return rows.length > 0;
}

export async function requestAnotherSms(q: Queryable, id: number) {
  await q.query('update rentals set resend_requested_at = now(), updated_at = now() where id = $1', [id]);
}
