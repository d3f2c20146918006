import type { Queryable } from '../../../db/client';
import { ledgerChangeCall } from '../../ledger/ledger.repository';
import {
  type BoundRental,
  type InsertedOrder,
  ORDER_CHARGE_PREFIX,
  ORDER_RETURNING,
} from '../../store/purchase.repository';

/** A number a provider sold us, to be sold to the buyer. */
export type RelayedSale = {
  activationId: number;
  providerId: number;
  upstreamId: string;
  phone: string;
  /** What the provider charged, in its currency and in USDT. */
  cost: string;
  costUsdt: string;
  userId: number;
  applicationId: number;
  countryCode: string;
  validityOptionId: number;
  /** What the buyer pays, once. */
  price: string;
  token: string;
  rentalToken: string;
  idempotencyKey: string | null;
  /** When the relay first reads the provider's status. */
  firstPollMs: number;
};

/** Why the sale statement undid itself: see `commitRelayedSale`. */
export type SaleRefusal = 'own-number' | 'order' | 'voided';

/**
 * The sale of one number a provider sold us, in ONE statement (so one round trip, and atomic without a
 * transaction around it):
 *
 * - the number gets a stock row (`source` upstream:<id>, state `disabled`, so our own sales never pick
 *   it), so the inbound path attributes its SMS as for our own numbers; a number of our own stock is
 *   refused;
 * - the order and its rental; the activation `active` with the provider's id, the number and the cost
 *   (from `buying` or `bought`: the write of `bought` runs beside this statement, for a crash in
 *   between); the cost ledger's `paid` entry;
 * - the charge through the ledger (`ledger_apply_change`).
 *
 * Anything short (own number, idempotency key already used, the activation voided meanwhile, a
 * balance short of the price) raises `abort_statement` and nothing is written: reason `relay:<why>`
 * or `ledger:<outcome>:<amount>` (see `saleRefusal` and `purchaseAborted`).
 */
export async function commitRelayedSale(q: Queryable, s: RelayedSale) {
  const [row] = await q.query<{ order: InsertedOrder; rental: BoundRental }>(
    `with num as (
       insert into phone_numbers (number, country_code, operator_id, prefix, source, state)
       select $1::text, c.code, o.id, c.dial_code || substr($1::text, length(c.dial_code) + 1, 3), $2::text, 'disabled'
       from countries c join operators o on o.country_code = c.code and o.code = 'any' where c.code = $3::text
       on conflict (number) do update set source = excluded.source, updated_at = now()
         where phone_numbers.source like 'upstream:%' or phone_numbers.source like 'agent:%'
       returning id, operator_id
     ),
     the_order as (
       insert into store_orders (user_id, application_id, country_code, operator_id, prefix, card_type,
         validity_option_id, validity_kind, validity_minutes, sms_type, quantity, unit_price, amount, status, token,
         idempotency_key)
       select $4::int, $5::int, c.code, null, c.dial_code, 'new', v.id, v.kind, v.minutes, 'text', 1, $7::numeric,
         $7::numeric, 'pending', $8::text, $9::text
       from countries c, validity_options v
       where c.code = $3::text and v.id = $6::int and v.kind = 'activation' and exists (select 1 from num)
       on conflict (user_id, idempotency_key) do nothing
       returning ${ORDER_RETURNING}
     ),
     rental as (
       insert into rentals (order_id, user_id, phone_number_id, phone_number, application_id, country_code,
         operator_id, card_type, kind, validity_minutes, price, token, expires_at)
       select o.id, $4::int, n.id, $1::text, $5::int, o.country_code, n.operator_id, 'new', 'activation',
         o.validity_minutes, o.unit_price::numeric, $10::text, now() + make_interval(mins => o.validity_minutes)
       from the_order o, num n
       returning id, order_id, phone_number_id, phone_number, token, starts_at, expires_at
     ),
     act as (
       update upstream_activations a set state = 'active', upstream_id = $12::text, phone_number = $1::text,
         cost = $13::numeric, cost_usdt = $14::numeric, order_id = r.order_id, rental_id = r.id, updated_at = now(),
         next_poll_at = now() + make_interval(secs => $15::float8 / 1000), poll_interval_ms = $15::int
       from rental r
       where a.id = $11::int and a.state in ('buying', 'bought')
       returning a.id
     ),
     paid as (
       insert into upstream_cost_entries (provider_id, activation_id, kind, amount, amount_usdt)
       select $16::int, id, 'paid', $13::numeric, $14::numeric from act
       on conflict (activation_id, kind) do nothing
     ),
     charged as materialized (
       select case
         when not exists (select 1 from num) then abort_statement('relay:own-number')
         when o.id is null then abort_statement('relay:order')
         when not exists (select 1 from act) then abort_statement('relay:voided')
         when o.amount::numeric = 0 then 'free'
         else (select case when l.outcome = 'applied' then l.outcome
                 else abort_statement('ledger:' || l.outcome || ':' || o.amount) end
               from ${ledgerChangeCall('$4::int', `'consume'`, '-(o.amount::numeric)', `'${ORDER_CHARGE_PREFIX}' || o.id`, 'o.order_no', 'null')} l)
         end as outcome
       from (select 1) one left join the_order o on true
     )
     select (select outcome from charged) as charged, (select row_to_json(o) from the_order o) as "order",
       (select row_to_json(r) from rental r) as rental`,
    [
      s.phone,
      `upstream:${s.providerId}`,
      s.countryCode,
      s.userId,
      s.applicationId,
      s.validityOptionId,
      s.price,
      s.token,
      s.idempotencyKey,
      s.rentalToken,
      s.activationId,
      s.upstreamId,
      s.cost,
      s.costUsdt,
      s.firstPollMs,
      s.providerId,
    ],
    { prepare: 'upstream-relayed-sale' },
  );
  return { order: row!.order, rental: row!.rental };
}

/** Why `commitRelayedSale` undid itself, or null for any other error (a ledger refusal included). */
export function saleRefusal(error: unknown): SaleRefusal | null {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code !== 'JM001' || typeof e.message !== 'string') return null;
  const [kind, why] = e.message.split(':');
  if (kind !== 'relay') return null;
  return why === 'own-number' || why === 'order' || why === 'voided' ? why : null;
}
