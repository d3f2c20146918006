import type {
  CardType,
  RenewableListQuery,
  RenewableRental,
  RentalStatus,
  ValidityKind,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

export const iso = (d: Date | string) => new Date(d).toISOString();
const digitsOf = (keyword: string) => keyword.replace(/[^\d+]/g, '');

// ---------------------------------------------------------------- choices

export function renewalOptions(q: Queryable) {
  return q.query<{ id: number; minutes: number; nameZh: string; nameEn: string }>(
    `select id, minutes, name_zh as "nameZh", name_en as "nameEn" from validity_options
     where enabled and kind = 'rental' order by sort_order asc, minutes asc, id asc`,
  );
}

export function renewalApplications(q: Queryable) {
  return q.query<{ id: number; code: string; nameZh: string; nameEn: string }>(
    `select id, code, name_zh as "nameZh", name_en as "nameEn" from applications
     where enabled order by sort_order asc, code asc`,
  );
}

export async function findOption(q: Queryable, id: number) {
  const rows = await q.query<{
    id: number;
    kind: ValidityKind;
    minutes: number;
    enabled: boolean;
    nameZh: string;
    nameEn: string;
  }>(
    `select id, kind, minutes, enabled, name_zh as "nameZh", name_en as "nameEn" from validity_options where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- renewable rentals

type RenewableRow = {
  id: number;
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
  status: RentalStatus;
  starts_at: Date;
  expires_at: Date;
  renewal_count: number;
};

const RENEWABLE_SORTABLE: Record<string, string> = {
  expiresAt: 'r.expires_at',
  phoneNumber: 'r.phone_number',
  startsAt: 'r.starts_at',
};

/** The caller's open day rentals not yet past their end: what the renewal center can renew. */
export async function listRenewable(q: Queryable, userId: number, query: RenewableListQuery) {
  const filter = new SqlFilter()
    .add('r.user_id = ?', userId)
    .add(`r.kind = 'rental' and r.status in ('active', 'inactive') and r.expires_at > now()`);
  filter.addIf(query.applicationId, 'r.application_id = ?', query.applicationId);
  if (query.keyword) filter.add('r.phone_number like ?', `%${digitsOf(query.keyword)}%`);
  const [rows, count] = await Promise.all([
    q.query<RenewableRow>(
      `select r.id, r.phone_number, r.application_id, a.code as application_code, a.name_zh as application_name_zh,
         a.name_en as application_name_en, trim(r.country_code) as country_code, c.name_zh as country_name_zh,
         c.name_en as country_name_en, c.flag as country_flag,
         case when op.code = 'any' then null else op.name end as operator_name, r.card_type, r.status,
         r.starts_at, r.expires_at,
         (select count(*)::int from rental_renewals rr where rr.rental_id = r.id) as renewal_count
       from rentals r
       join applications a on a.id = r.application_id
       join countries c on c.code = r.country_code
       left join operators op on op.id = r.operator_id
       ${filter.where} ${orderBy(query, RENEWABLE_SORTABLE, 'r.expires_at asc', 'r.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(`select count(*)::int as total from rentals r ${filter.where}`, filter.values),
  ]);
  const list: RenewableRental[] = rows.map((row) => ({
    id: row.id,
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
    status: row.status,
    startsAt: iso(row.starts_at),
    expiresAt: iso(row.expires_at),
    renewalCount: row.renewal_count,
  }));
  return { list, total: count[0]?.total ?? 0 };
}

// ---------------------------------------------------------------- the renewal

/** What a renewal needs of a rental; `due`: past its end by the database's clock (the sweep's rule). */
export type RenewalTarget = {
  id: number;
  phone_number: string;
  application_id: number;
  country_code: string;
  operator_id: number | null;
  card_type: CardType;
  kind: ValidityKind;
  status: RentalStatus;
  expires_at: Date;
  due: boolean;
};

const TARGET_COLUMNS = `r.id, r.phone_number, r.application_id, trim(r.country_code) as country_code, r.operator_id,
  r.card_type, r.kind, r.status, r.expires_at, r.expires_at <= now() as due`;

export type QuotedTarget = RenewalTarget & {
  application_code: string;
  application_name_zh: string;
  application_name_en: string;
  country_name_zh: string;
  country_name_en: string;
  country_flag: string;
};

/** The owner's rentals among `ids` with their names, unlocked (a quote); others' are simply missing. */
export function readTargets(q: Queryable, userId: number, ids: readonly number[]) {
  return q.query<QuotedTarget>(
    `select ${TARGET_COLUMNS}, a.code as application_code, a.name_zh as application_name_zh,
       a.name_en as application_name_en, c.name_zh as country_name_zh, c.name_en as country_name_en,
       c.flag as country_flag
     from rentals r
     join applications a on a.id = r.application_id
     join countries c on c.code = r.country_code
     where r.id = any($1::int[]) and r.user_id = $2 order by r.id`,
    [ids, userId],
  );
}

/**
 * Locks the owner's rentals among `ids` the way every state change of a rental does: their orders
 * first, then the rentals, each in id order, so that a renewal cannot deadlock an owner's action,
 * an administrator's or another renewal. The expiry sweep claims with SKIP LOCKED, so it leaves
 * them alone until this commits and then sees the new expiry.
 */
export async function lockTargets(q: Queryable, userId: number, ids: readonly number[]) {
  await q.query(
    `select o.id from store_orders o
     where o.id in (select order_id from rentals where id = any($1::int[]) and user_id = $2)
     order by o.id for update`,
    [ids, userId],
  );
  return q.query<RenewalTarget>(
    `select ${TARGET_COLUMNS} from rentals r where r.id = any($1::int[]) and r.user_id = $2 order by r.id for update`,
    [ids, userId],
  );
}

export type InsertedBatch = { id: number; batch_no: string; created_at: Date };

/** Writes the batch; null when the user's idempotency key is taken (a concurrent retry won). */
export async function insertBatch(
  q: Queryable,
  batch: { userId: number; optionId: number; minutes: number; amount: string; key: string | null },
): Promise<InsertedBatch | null> {
  const rows = await q.query<InsertedBatch>(
    `insert into renewal_batches (user_id, validity_option_id, validity_minutes, amount, idempotency_key)
     values ($1, $2, $3, $4, $5) on conflict (user_id, idempotency_key) do nothing
     returning id, batch_no, created_at`,
    [batch.userId, batch.optionId, batch.minutes, batch.amount, batch.key],
  );
  return rows[0] ?? null;
}

/**
 * Extends the rentals by `minutes` from their current expiry and records each extension, in two
 * statements whatever the count. The callers hold the rentals' locks.
 */
export async function extendAndRecord(
  q: Queryable,
  batch: { id: number; userId: number; optionId: number; minutes: number },
  items: { rentalId: number; price: string }[],
) {
  await q.query(
    `with extended as (
       update rentals r set expires_at = r.expires_at + make_interval(mins => $2::int), updated_at = now()
       where r.id = any($1::int[])
       returning r.id, r.expires_at - make_interval(mins => $2::int) as before, r.expires_at as after
     )
     insert into rental_renewals
       (batch_id, rental_id, user_id, validity_option_id, validity_minutes, price, expires_before, expires_after)
     select $3, e.id, $4, $5, $2, p.price, e.before, e.after
     from extended e join unnest($1::int[], $6::numeric[]) as p(id, price) on p.id = e.id`,
    [
      items.map((i) => i.rentalId),
      batch.minutes,
      batch.id,
      batch.userId,
      batch.optionId,
      items.map((i) => i.price),
    ],
  );
}

export async function findBatchByKey(q: Queryable, userId: number, key: string) {
  const rows = await q.query<{ id: number; validity_option_id: number }>(
    'select id, validity_option_id from renewal_batches where user_id = $1 and idempotency_key = $2',
    [userId, key],
  );
  return rows[0] ?? null;
}

export async function findBatch(q: Queryable, id: number) {
  const rows = await q.query<{ batch_no: string; amount: string; created_at: Date }>(
    'select batch_no, amount::text as amount, created_at from renewal_batches where id = $1',
    [id],
  );
  return rows[0] ? { ...rows[0], created_at: iso(rows[0].created_at) } : null;
}
