import { ANY_OPERATOR_CODE, type CardType, type ValidityKind } from '@jiema/shared';
import type { Queryable } from '../../db/client';

/** The statuses in which a rental holds its number (the partial unique index `rentals_holding_key`). */
export const HOLDING = `('active', 'inactive', 'suspended')`;

/**
 * A number can be sold for an application when it is not disabled, its operator is enabled, and:
 * `new` - it was never rented for that application (no usage row); `used` - it was, nobody holds it
 * for it now, and its last rental for it ended more than the cooldown ago.
 */
const FREE_FOR_APP = (app: string, cooldown: string) => `not exists (
    select 1 from rentals r
    where r.phone_number_id = p.id and r.application_id = ${app} and r.status in ${HOLDING}
  ) and not exists (
    select 1 from rentals r
    where r.phone_number_id = p.id and r.application_id = ${app} and r.ended_at is not null
      and r.ended_at > now() - make_interval(mins => ${cooldown})
  )`;

// ---------------------------------------------------------------- availability

export type StockRow = {
  country_code: string;
  dial_code: string;
  country_name_zh: string;
  country_name_en: string;
  flag: string;
  country_sort: number;
  operator_id: number;
  operator_code: string;
  operator_name: string;
  operator_sort: number;
  new_count: number;
  used_count: number;
};

/** Stock for one application, per country and operator, in one grouped pass over the numbers. */
export function stockByCountryAndOperator(q: Queryable, applicationId: number, cooldownMinutes: number) {
  return q.query<StockRow>(
    `select s.country_code, c.dial_code, c.name_zh as country_name_zh, c.name_en as country_name_en, c.flag,
       c.sort_order as country_sort, s.operator_id, o.code as operator_code, o.name as operator_name,
       o.sort_order as operator_sort, s.new_count, s.used_count
     from (
       select p.country_code, p.operator_id,
         count(*) filter (where u.phone_number_id is null)::int as new_count,
         count(*) filter (where u.phone_number_id is not null and ${FREE_FOR_APP('$1', '$2')})::int as used_count
       from phone_numbers p
       left join phone_number_app_usage u on u.phone_number_id = p.id and u.application_id = $1
       where p.state <> 'disabled'
       group by p.country_code, p.operator_id
     ) s
     join countries c on c.code = s.country_code and c.enabled
     join operators o on o.id = s.operator_id and o.enabled`,
    [applicationId, cooldownMinutes],
  );
}

export type PriceRuleRow = {
  id: number;
  application_id: number | null;
  country_code: string | null;
  operator_id: number | null;
  card_type: CardType;
  validity_option_id: number;
  price: string;
};

/** Every enabled rule that can price the application (its own and the defaults), in one query. */
export function priceRulesFor(q: Queryable, applicationId: number) {
  return q.query<PriceRuleRow>(
    `select r.id, r.application_id, r.country_code, r.operator_id, r.card_type, r.validity_option_id, r.price::text as price
     from price_rules r join validity_options v on v.id = r.validity_option_id and v.enabled
     where r.enabled and (r.application_id is null or r.application_id = $1)`,
    [applicationId],
  );
}

export function enabledValidityOptions(q: Queryable) {
  return q.query<{ id: number; kind: ValidityKind; minutes: number; nameZh: string; nameEn: string }>(
    `select id, kind, minutes, name_zh as "nameZh", name_en as "nameEn"
     from validity_options where enabled order by sort_order asc, kind asc, minutes asc, id asc`,
  );
}

export async function applicationEnabled(q: Queryable, id: number) {
  const rows = await q.query<{ enabled: boolean }>('select enabled from applications where id = $1', [id]);
  return rows[0]?.enabled ?? null;
}

// ---------------------------------------------------------------- purchase

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
  cardType: CardType;
  validityOptionId: number;
  smsType: string;
  quantity: number;
  token: string;
  idempotencyKey: string | null;
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

export type BuyRound = {
  /** What the purchase checked (first round only). */
  ctx: PurchaseContext | null;
  /**
   * The order; null when it was not written: a check failed (see `ctx.ok`), or this user already has
   * an order with this idempotency key (nothing else was done).
   */
  order: InsertedOrder | null;
  /** Free numbers found and locked this round. */
  picked: number;
  /** Of those, the ones bound to the order (a number someone else bound meanwhile is left out). */
  bound: BoundRental[];
};

/** Numbered parameters with explicit types, so one statement can be assembled from parts. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string) {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

const ORDER_RETURNING = `id, order_no, status, created_at, completed_at, operator_id, country_code, prefix, validity_kind,
  validity_minutes, unit_price::text as unit_price, amount::text as amount`;

/**
 * Everything a purchase checks: application, country, operator, validity, the buyer's balance and
 * the price. The price is the most specific enabled rule, in the catalog's order
 * (`findApplicablePriceRule`: operator, then country, then application, then the lowest id); the
 * "any" operator prices as no operator. The store's tests hold the two to the same answers.
 */
function contextSql(p: Params, r: PurchaseRequest) {
  const app = p.add(r.applicationId, 'int');
  const country = p.add(r.countryCode, 'text');
  const operator = p.add(r.operatorId, 'int');
  const validity = p.add(r.validityOptionId, 'int');
  const quantity = p.add(r.quantity, 'int');
  return `select x.*, x.price::numeric * ${quantity} as amount_n, (x.price::numeric * ${quantity})::text as amount,
      coalesce(x.app_enabled and x.country_enabled and x.validity_enabled
        and (${operator} is null or (x.op_enabled and x.op_country = x.country_code))
        and x.price is not null and x.balance::numeric >= x.price::numeric * ${quantity}, false) as ok
    from (
      select a.id as app_id, a.code as app_code, a.name_zh as app_name_zh, a.name_en as app_name_en, a.enabled as app_enabled,
        c.code::text as country_code, c.dial_code, c.name_zh as country_name_zh, c.name_en as country_name_en,
        c.flag as country_flag, c.enabled as country_enabled,
        o.id as op_id, o.code as op_code, o.name as op_name, o.country_code::text as op_country, o.enabled as op_enabled,
        case when o.code = '${ANY_OPERATOR_CODE}' then null else o.id end as op_chosen,
        v.id as validity_id, v.kind as validity_kind, v.minutes as validity_minutes, v.enabled as validity_enabled,
        u.balance::text as balance, pr.price
      from (select 1) one
      left join applications a on a.id = ${app}
      left join countries c on c.code = ${country}
      left join operators o on o.id = ${operator}
      left join validity_options v on v.id = ${validity}
      left join users u on u.id = ${p.add(r.userId, 'int')}
      left join lateral (
        select pr.price::text as price from price_rules pr
        where pr.enabled and pr.validity_option_id = ${validity} and pr.card_type = ${p.add(r.cardType, 'text')}
          and (pr.application_id is null or pr.application_id = ${app})
          and (pr.country_code is null or pr.country_code = ${country})
          and (pr.operator_id is null or pr.operator_id = (case when o.code = '${ANY_OPERATOR_CODE}' then null else o.id end))
        order by (pr.operator_id is not null) desc, (pr.country_code is not null) desc, (pr.application_id is not null) desc, pr.id asc
        limit 1
      ) pr on true
    ) x`;
}

/**
 * One round of a purchase in ONE statement. The first round checks everything (see `contextSql`)
 * and writes the order only when all is well; a later round (only when someone else bound some of
 * the numbers this one saw) reads the order back. Then: free numbers locked with FOR UPDATE SKIP
 * LOCKED (buyers racing for the same stock each take different numbers instead of queueing), the card
 * use row (inserted for `new`: a number is sold as new for an application once; bumped for `used`),
 * the rentals with their tokens, and the numbers marked in use. ON CONFLICT DO NOTHING leaves out a
 * number someone else bound between this statement's snapshot and its lock, rather than failing.
 */
export async function buyRound(
  q: Queryable,
  r: {
    order: PurchaseRequest | { id: number };
    applicationId: number;
    cardType: CardType;
    prefix: string | null;
    cooldownMinutes: number;
    userId: number;
    exclude: number[];
    tokens: string[];
  },
): Promise<BuyRound> {
  const p = new Params();
  let head: string;
  if ('id' in r.order) {
    head = `ctx as (select null::int as none),
      the_order as (select ${ORDER_RETURNING} from store_orders where id = ${p.add(r.order.id, 'int')})`;
  } else {
    const o = r.order;
    head = `ctx as (${contextSql(p, o)}),
      the_order as (
        insert into store_orders (user_id, application_id, country_code, operator_id, prefix, card_type,
          validity_option_id, validity_kind, validity_minutes, sms_type, quantity, unit_price, amount, status,
          completed_at, token, idempotency_key)
        select ${p.add(o.userId, 'int')}, ctx.app_id, ctx.country_code, ctx.op_chosen,
          coalesce(${p.add(o.prefix, 'text')}, ctx.dial_code), ${p.add(o.cardType, 'text')}, ctx.validity_id,
          ctx.validity_kind, ctx.validity_minutes, ${p.add(o.smsType, 'text')}, ${p.add(o.quantity, 'int')},
          ctx.price::numeric, ctx.amount_n,
          case when ctx.validity_kind = 'rental' then 'completed' else 'pending' end,
          case when ctx.validity_kind = 'rental' then now() end, ${p.add(o.token, 'text')}, ${p.add(o.idempotencyKey, 'text')}
        from ctx where ctx.ok
        on conflict (user_id, idempotency_key) do nothing
        returning ${ORDER_RETURNING}
      )`;
  }
  const app = p.add(r.applicationId, 'int');
  const card =
    r.cardType === 'new'
      ? `not exists (select 1 from phone_number_app_usage u where u.phone_number_id = p.id and u.application_id = ${app})`
      : `exists (select 1 from phone_number_app_usage u where u.phone_number_id = p.id and u.application_id = ${app})
         and ${FREE_FOR_APP(app, p.add(r.cooldownMinutes, 'int'))}`;
  const prefix = p.add(r.prefix, 'text');
  const rentalsFrom =
    r.cardType === 'new' ? 'numbered n join usage on usage.phone_number_id = n.id' : 'numbered n';
  const sql = `with ${head},
    picked as (
      select p.id, p.number, p.operator_id from phone_numbers p
      join operators o on o.id = p.operator_id and o.enabled
      where exists (select 1 from the_order)
        and p.country_code = (select country_code from the_order)
        and ((select operator_id from the_order) is null or p.operator_id = (select operator_id from the_order))
        and (${prefix} is null or p.number like ${prefix} || '%')
        and p.state <> 'disabled' and p.id <> all(${p.add(r.exclude, 'int[]')})
        and ${card}
      limit ${p.add(r.tokens.length, 'int')}
      for update of p skip locked
    ),
    numbered as (select picked.*, row_number() over (order by picked.id) as rn from picked),
    ${
      r.cardType === 'new'
        ? `usage as (
      insert into phone_number_app_usage as u (phone_number_id, application_id)
      select id, ${app} from numbered
      on conflict (phone_number_id, application_id) do nothing
      returning u.phone_number_id
    ),`
        : ''
    }
    bound as (
      insert into rentals (order_id, user_id, phone_number_id, phone_number, application_id, country_code, operator_id,
        card_type, kind, validity_minutes, price, token, expires_at)
      select o.id, ${p.add(r.userId, 'int')}, n.id, n.number, ${app}, o.country_code, n.operator_id,
        ${p.add(r.cardType, 'text')}, o.validity_kind, o.validity_minutes, o.unit_price::numeric, t.token,
        now() + make_interval(mins => o.validity_minutes)
      from ${rentalsFrom}
      cross join the_order o
      join unnest(${p.add(r.tokens, 'text[]')}) with ordinality as t(token, rn) on t.rn = n.rn
      on conflict (phone_number_id, application_id) where status in ${HOLDING} do nothing
      returning id, phone_number_id, phone_number, token, starts_at, expires_at
    ),
    ${
      r.cardType === 'used'
        ? `usage as (
      update phone_number_app_usage u set last_used_at = now(), use_count = u.use_count + 1
      from bound where u.phone_number_id = bound.phone_number_id and u.application_id = ${app}
    ),`
        : ''
    }
    marked as (
      update phone_numbers p set state = 'in_use', cooldown_until = null, updated_at = now()
      from bound where p.id = bound.phone_number_id and p.state <> 'disabled'
    )
    select ${'id' in r.order ? 'null::json' : '(select row_to_json(c) from ctx c)'} as ctx,
      (select row_to_json(o) from the_order o) as "order",
      (select count(*)::int from picked) as picked,
      coalesce((select json_agg(b order by b.id) from bound b), '[]'::json) as bound`;
  // Four texts in all (first or later round, new or used card): each is a prepared statement that every
  // pooled connection parses and plans once, which is most of this statement's cost otherwise.
  const name = `store-buy-${'id' in r.order ? 'more' : 'first'}-${r.cardType}`;
  const [row] = await q.query<BuyRound>(sql, p.values, { prepare: name });
  return row!;
}
