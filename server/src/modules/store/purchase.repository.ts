import { ANY_OPERATOR_CODE, type CardType, type ValidityKind } from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { ledgerChangeCall } from '../ledger/ledger.repository';
import { FREE_FOR_APP, HOLDING } from './store.repository';

export type PurchaseContext = {
  app_id: number | null;
  app_code: string | null;
  app_name_zh: string | null;
  app_name_en: string | null;
  app_enabled: boolean | null;
  country_code: string | null;
  dial_code: string | null;
  country_name_zh: string | null;
  country_name_en: string | null;
  country_flag: string | null;
  country_enabled: boolean | null;
  op_id: number | null;
  op_code: string | null;
  op_name: string | null;
  op_country: string | null;
  op_enabled: boolean | null;
  validity_id: number | null;
  validity_kind: ValidityKind | null;
  validity_minutes: number | null;
  validity_enabled: boolean | null;
  balance: string | null;
  /** The buyer is the demo customer (DEMO=on): only demo numbers are picked, else only real ones. */
  buyer_demo: boolean | null;
  /** The price of one number, or null when no enabled rule applies. */
  price: string | null;
  /** price x quantity, exactly (numeric). */
  amount: string | null;
  /** Everything is on sale, priced, and the balance covers the amount: the order may be written. */
  ok: boolean;
};

export type PurchaseRequest = {
  userId: number;
  applicationId: number;
  countryCode: string;
  /** As asked; the country's "any" operator counts as none. */
  operatorId: number | null;
  prefix: string | null;
  /** Numbers starting with none of these (sms-activate's `phoneException`); null: no condition. */
  excludePrefixes?: string[] | null;
  cardType: CardType;
  validityOptionId: number;
  smsType: string;
  quantity: number;
  token: string;
  idempotencyKey: string | null;
  cooldownMinutes: number;
  /** One code-link token per number. */
  tokens: string[];
};

export type InsertedOrder = {
  id: number;
  order_no: string;
  status: string;
  created_at: string;
  completed_at: string | null;
  operator_id: number | null;
  country_code: string;
  prefix: string;
  validity_kind: ValidityKind;
  validity_minutes: number;
  unit_price: string;
  amount: string;
};

export type BoundRental = {
  id: number;
  phone_number_id: number;
  phone_number: string;
  token: string;
  starts_at: string;
  expires_at: string;
};

export type PurchaseResult = {
  ctx: PurchaseContext;
  /**
   * Null when nothing was written: a check failed (see `ctx.ok`), or this buyer already has an order
   * with this idempotency key (the unique key refused the insert; found without a lookup of its own).
   */
  order: InsertedOrder | null;
  /** Every number of the order, bound and charged for. */
  bound: BoundRental[];
};

/** The ledger reference of a purchase: one charge per order, whatever is retried. */
export const ORDER_CHARGE_PREFIX = 'order:';

/** Numbered parameters with explicit types, so one statement can be assembled from parts. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string) {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

export const ORDER_RETURNING = `id, order_no, status, created_at, completed_at, operator_id, country_code, prefix, validity_kind,
  validity_minutes, unit_price::text as unit_price, amount::text as amount`;

type Args = Record<'app' | 'country' | 'operator' | 'validity' | 'quantity' | 'user' | 'card', string>;

/**
 * Everything a purchase checks: application, country, operator, validity, the buyer's balance and
 * the price. The price is the most specific enabled rule, in the
 * catalog's order (`findApplicablePriceRule`: operator, then country, then application, then the lowest
 * id); the "any" operator prices as no operator. The store's tests hold the two to the same answers.
 */
function contextSql(a: Args) {
  return `select x.*, x.price::numeric * ${a.quantity} as amount_n, (x.price::numeric * ${a.quantity})::text as amount,
      coalesce(x.app_enabled and x.country_enabled and x.validity_enabled
        and (${a.operator} is null or (x.op_enabled and x.op_country = x.country_code))
        and x.price is not null and x.balance::numeric >= x.price::numeric * ${a.quantity}, false) as ok
    from (
      select a.id as app_id, a.code as app_code, a.name_zh as app_name_zh, a.name_en as app_name_en, a.enabled as app_enabled,
        c.code::text as country_code, c.dial_code, c.name_zh as country_name_zh, c.name_en as country_name_en,
        c.flag as country_flag, c.enabled as country_enabled,
        o.id as op_id, o.code as op_code, o.name as op_name, o.country_code::text as op_country, o.enabled as op_enabled,
        case when o.code = '${ANY_OPERATOR_CODE}' then null else o.id end as op_chosen,
        v.id as validity_id, v.kind as validity_kind, v.minutes as validity_minutes, v.enabled as validity_enabled,
        u.balance::text as balance, u.demo as buyer_demo, pr.price
      from (select 1) one
      left join applications a on a.id = ${a.app}
      left join countries c on c.code = ${a.country}
      left join operators o on o.id = ${a.operator}
      left join validity_options v on v.id = ${a.validity}
      left join users u on u.id = ${a.user}
      left join lateral (
        select pr.price::text as price from price_rules pr
        where pr.enabled and pr.validity_option_id = ${a.validity} and pr.card_type = ${a.card}
          and (pr.application_id is null or pr.application_id = ${a.app})
          and (pr.country_code is null or pr.country_code = ${a.country})
          and (pr.operator_id is null or pr.operator_id = (case when o.code = '${ANY_OPERATOR_CODE}' then null else o.id end))
        order by (pr.operator_id is not null) desc, (pr.country_code is not null) desc, (pr.application_id is not null) desc, pr.id asc
        limit 1
      ) pr on true
    ) x`;
}

/**
 * The order's numbers of its country, operator and prefix that are not disabled, whose operator is on
 * sale, and that are demo numbers exactly when the buyer is the demo customer (DEMO=on): demo stock
 * and real stock never mix, whichever path buys (web store, compat APIs). No prefix, no condition (rather than `$n is null or …`): a cached generic plan cannot fold that
 * away, would expect to walk many more numbers and cost more than a custom one, so PostgreSQL would
 * plan the statement again on every purchase.
 */
const candidates = (
  prefix: string | null,
  extra: string,
  exclude: string | null = null,
) => `select p.id, p.number, p.operator_id from phone_numbers p
      join operators o on o.id = p.operator_id and o.enabled
      where exists (select 1 from the_order)
        and p.country_code = (select country_code from the_order)
        and ((select operator_id from the_order) is null or p.operator_id = (select operator_id from the_order))
        ${prefix === null ? '' : `and p.number like ${prefix} || '%'`}
        ${exclude === null ? '' : `and not (p.number like any (${exclude}))`}
        and p.state <> 'disabled' and p.demo = (select buyer_demo from ctx) and ${extra}`;

/**
 * Free numbers, locked with FOR UPDATE SKIP LOCKED (buyers racing for the same stock each take
 * different numbers instead of queueing). A `new` card walks the country's numbers in id order from a
 * random point, wrapping around: buyers rarely meet, and the walk passes only the few numbers sold for
 * the application near that point instead of all of them. The check per number is a primary-key probe
 * (OFFSET 0 keeps it a per-row subplan, whatever the table's size when the plan was cached).
 * `limit` is the literal 1 for one number: PostgreSQL then prices the cached generic plan like a
 * custom one and keeps it, instead of planning this statement again on every purchase.
 */
function pickedSql(p: Params, a: Args, r: PurchaseRequest, limit: string) {
  const prefix = r.prefix === null ? null : p.add(r.prefix, 'text');
  const exclude = r.excludePrefixes?.length
    ? p.add(
        r.excludePrefixes.map((x) => `${x}%`),
        'text[]',
      )
    : null;
  if (r.cardType === 'used') {
    const free = `exists (select 1 from phone_number_app_usage u where u.phone_number_id = p.id and u.application_id = ${a.app})
        and ${FREE_FOR_APP(a.app, p.add(r.cooldownMinutes, 'int'))}`;
    return `picked as (${candidates(prefix, free, exclude)}
      limit ${limit} for update of p skip locked
    )`;
  }
  const never = `not exists (select 1 from phone_number_app_usage u
          where u.phone_number_id = p.id and u.application_id = ${a.app} offset 0)`;
  return `start as (
      select b.lo + floor(random() * (b.hi - b.lo + 1))::int as id
      from (select min(p.id) as lo, max(p.id) as hi from phone_numbers p
            where p.country_code = (select country_code from the_order)) b
    ),
    picked_after as (${candidates(prefix, `${never} and p.id >= (select id from start)`, exclude)}
      order by p.id limit ${limit} for update of p skip locked
    ),
    picked_before as (${candidates(prefix, `${never} and p.id < (select id from start)`, exclude)}
      order by p.id limit ${limit} for update of p skip locked
    ),
    -- Read lazily: the numbers before the start are walked (and locked) only as far as still needed.
    picked as (select * from picked_after union all select * from picked_before limit ${limit})`;
}

/**
 * A whole purchase in ONE statement (in a transaction of its own after the planner settings of
 * `WALK_IN_ID_ORDER`): checks everything
 * (`contextSql`) and writes the order only when all is well; picks and locks free numbers
 * (`pickedSql`); writes the card use row (for `new`, inserted: a number is sold as new for an
 * application once; for `used`, bumped), the rentals with their tokens; marks the numbers in use; and
 * charges the order through the ledger (`ledger_apply_change`). ON CONFLICT DO NOTHING leaves out a
 * number someone else bound between this statement's snapshot and its lock; then, or when numbers or
 * the balance fall short, `abort_statement` undoes everything (SQLSTATE JM001, reason
 * `short:<picked>`, `conflict:<bound>` or `ledger:<outcome>:<amount>`).
 */
export async function purchase(db: Db, r: PurchaseRequest): Promise<PurchaseResult> {
  const { sql, values, prepare } = purchaseStatement(r);
  return db.transaction(
    async (tx) => {
      const [row] = await tx.query<PurchaseResult>(sql, values, prepare);
      return row!;
    },
    { settings: WALK_IN_ID_ORDER },
  );
}

/**
 * The free numbers are found by walking the country's numbers in id order from the random start
 * (`pickedSql`), which stops at the first free one. PostgreSQL cannot tell how many numbers a country
 * has when the plan is made (the country comes from the order being written, and a cached plan is
 * made for any country), so where the stock spans many countries it guessed a handful and chose a
 * bitmap scan: every number of the country after the start read, sorted, the first taken; a cost that
 * grew with the stock (bench/history-growth.mjs: 77 buffers a purchase on one country, 500 to 2,800
 * with 1,620 numbers in 40). Without bitmap scans the walk along the (country, id) index is the plan.
 * Sorts stay allowed: with them off too, every plan of this statement cost alike and PostgreSQL took
 * 1.5 s to plan it.
 *
 * The plan is generic from the first run on (`plan_cache_mode`): PostgreSQL otherwise plans this large
 * statement afresh for each of a connection's first five runs (5 to 25 ms each on a small machine),
 * and a purchase that finds no own stock and goes on to an upstream provider paid that every time.
 */
export const WALK_IN_ID_ORDER = `select set_config('enable_bitmapscan', 'off', true),
  set_config('plan_cache_mode', 'force_generic_plan', true)`;

type ContextRequest = Pick<
  PurchaseRequest,
  'userId' | 'applicationId' | 'countryCode' | 'operatorId' | 'validityOptionId' | 'cardType' | 'quantity'
>;

/** The parameters `contextSql` reads, added to `p` in the order both statements use. */
function contextArgs(p: Params, r: ContextRequest): Args {
  return {
    app: p.add(r.applicationId, 'int'),
    country: p.add(r.countryCode, 'text'),
    operator: p.add(r.operatorId, 'int'),
    validity: p.add(r.validityOptionId, 'int'),
    quantity: p.add(r.quantity, 'int'),
    user: p.add(r.userId, 'int'),
    card: p.add(r.cardType, 'text'),
  };
}

/**
 * What a purchase would check (`contextSql`), read without writing: choices on sale, the price of one
 * number (no operator: the country's "any" operator prices as none) and the buyer's balance. A
 * purchase served by another source checks exactly what our own stock's statement checks.
 */
export async function purchaseContext(q: Queryable, r: ContextRequest): Promise<PurchaseContext> {
  const p = new Params();
  const a = contextArgs(p, r);
  const [row] = await q.query<PurchaseContext>(`select * from (${contextSql(a)}) ctx`, p.values, {
    prepare: 'store-purchase-context',
  });
  return row!;
}

/** The purchase statement (see `purchase`), its values, and its prepared statement's name if it has one. */
export function purchaseStatement(r: PurchaseRequest) {
  const p = new Params();
  const a = contextArgs(p, r);
  const limit = r.quantity === 1 ? '1' : a.quantity;
  const usage = `usage as (
      insert into phone_number_app_usage as u (phone_number_id, application_id)
      select id, ${a.app} from numbered
      on conflict (phone_number_id, application_id) do nothing
      returning u.phone_number_id
    )`;
  const bumped = `usage as (
      update phone_number_app_usage u set last_used_at = now(), use_count = u.use_count + 1
      from bound where u.phone_number_id = bound.phone_number_id and u.application_id = ${a.app}
    )`;
  const sql = `with ctx as materialized (${contextSql(a)}),
    the_order as (
      insert into store_orders (user_id, application_id, country_code, operator_id, prefix, card_type,
        validity_option_id, validity_kind, validity_minutes, sms_type, quantity, unit_price, amount, status,
        completed_at, token, idempotency_key)
      select ${a.user}, ctx.app_id, ctx.country_code, ctx.op_chosen,
        coalesce(${p.add(r.prefix, 'text')}, ctx.dial_code), ${a.card}, ctx.validity_id,
        ctx.validity_kind, ctx.validity_minutes, ${p.add(r.smsType, 'text')}, ${a.quantity},
        ctx.price::numeric, ctx.amount_n,
        case when ctx.validity_kind = 'rental' then 'completed' else 'pending' end,
        case when ctx.validity_kind = 'rental' then now() end, ${p.add(r.token, 'text')}, ${p.add(r.idempotencyKey, 'text')}
      from ctx where ctx.ok
      on conflict (user_id, idempotency_key) do nothing
      returning ${ORDER_RETURNING}
    ),
    ${pickedSql(p, a, r, limit)},
    numbered as (select picked.*, row_number() over (order by picked.id) as rn from picked),
    ${r.cardType === 'new' ? `${usage},` : ''}
    bound as (
      insert into rentals (order_id, user_id, phone_number_id, phone_number, application_id, country_code, operator_id,
        card_type, kind, validity_minutes, price, token, expires_at)
      select o.id, ${a.user}, n.id, n.number, ${a.app}, o.country_code, n.operator_id,
        ${a.card}, o.validity_kind, o.validity_minutes, o.unit_price::numeric, t.token,
        now() + make_interval(mins => o.validity_minutes)
      from ${r.cardType === 'new' ? 'numbered n join usage on usage.phone_number_id = n.id' : 'numbered n'}
      cross join the_order o
      join unnest(${p.add(r.tokens, 'text[]')}) with ordinality as t(token, rn) on t.rn = n.rn
      on conflict (phone_number_id, application_id) where status in ${HOLDING} do nothing
      returning id, phone_number_id, phone_number, token, starts_at, expires_at
    ),
    ${r.cardType === 'used' ? `${bumped},` : ''}
    -- A number already in use (held for another application) is left as it is: no new row version.
    marked as (
      update phone_numbers p set state = 'in_use', cooldown_until = null, updated_at = now()
      from bound where p.id = bound.phone_number_id and p.state <> 'disabled'
        and (p.state <> 'in_use' or p.cooldown_until is not null)
    ),
    charged as materialized (
      select case
        when (select count(*) from picked) < ${a.quantity}
          then abort_statement('short:' || (select count(*) from picked))
        when (select count(*) from bound) < ${a.quantity}
          then abort_statement('conflict:' || (select count(*) from bound))
        when o.amount::numeric = 0 then 'free'
        else (select case when l.outcome = 'applied' then l.outcome
                else abort_statement('ledger:' || l.outcome || ':' || o.amount) end
              from ${ledgerChangeCall(a.user, `'consume'`, '-(o.amount::numeric)', `'${ORDER_CHARGE_PREFIX}' || o.id`, 'o.order_no', 'null')} l)
        end as outcome
      from the_order o
    )
    select (select row_to_json(c) from ctx c) as ctx,
      (select row_to_json(o) from the_order o) as "order",
      (select outcome from charged) as charged,
      coalesce((select json_agg(b order by b.id) from bound b), '[]'::json) as bound`;
  // One number (nearly every purchase): four texts in all (new or used card, with a prefix or not), each a prepared statement
  // that every pooled connection parses and plans once, which is most of this statement's cost
  // otherwise. Several numbers: planned each time, for their quantity (one cached plan per quantity
  // would hold a plan for each of them in every connection).
  const name = `store-purchase-${r.cardType}-one${r.prefix === null ? '' : '-prefix'}${r.excludePrefixes?.length ? '-except' : ''}`;
  const prepare = r.quantity === 1 ? { prepare: name } : undefined;
  return { sql, values: p.values, prepare };
}

/** Why a purchase statement undid itself (see `purchase`), or null for any other error. */
export function purchaseAborted(
  error: unknown,
):
  | { kind: 'short'; count: number }
  | { kind: 'conflict'; count: number }
  | { kind: 'ledger'; outcome: string; amount: string }
  | null {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code !== 'JM001' || typeof e.message !== 'string') return null;
  const [kind, first, second] = e.message.split(':');
  if (kind === 'short') return { kind, count: Number(first) };
  if (kind === 'conflict') return { kind, count: Number(first) };
  if (kind === 'ledger') return { kind, outcome: first ?? '', amount: second ?? '0' };
  return null;
}
