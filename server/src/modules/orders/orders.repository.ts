import type {
  AdminOrderFilter,
  CardType,
  Order,
  OrderStatus,
  PageQuery,
  SmsType,
  ValidityKind,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { listTotal } from '../../lib/row-counts';

type OrderRow = {
  id: number;
  order_no: string;
  user_id: number;
  username: string;
  application_id: number;
  application_code: string;
  application_name_zh: string;
  application_name_en: string;
  country_code: string;
  country_name_zh: string;
  country_name_en: string;
  country_flag: string;
  operator_id: number | null;
  operator_name: string | null;
  prefix: string;
  quantity: number;
  unit_price: string;
  amount: string;
  refunded_amount: string;
  sms_type: SmsType;
  card_type: CardType;
  validity_option_id: number;
  validity_kind: ValidityKind;
  validity_minutes: number;
  status: OrderStatus;
  token: string;
  created_at: Date;
  completed_at: Date | null;
  cancelled_at: Date | null;
  phone_list: string[] | null;
  demo: boolean;
};

const ORDER_SELECT = `select o.id, o.order_no, o.user_id, u.username, o.application_id, a.code as application_code,
    a.name_zh as application_name_zh, a.name_en as application_name_en, o.country_code, c.name_zh as country_name_zh,
    c.name_en as country_name_en, c.flag as country_flag, o.operator_id, op.name as operator_name, o.prefix, o.quantity,
    o.unit_price::text as unit_price, o.amount::text as amount, o.refunded_amount::text as refunded_amount, o.sms_type,
    o.card_type, o.validity_option_id, o.validity_kind, o.validity_minutes, o.status, o.token, o.created_at,
    o.completed_at, o.cancelled_at, u.demo,
    (select array_agg(r.phone_number order by r.id) from rentals r where r.order_id = o.id) as phone_list
  from store_orders o
  join users u on u.id = o.user_id
  join applications a on a.id = o.application_id
  join countries c on c.code = o.country_code
  left join operators op on op.id = o.operator_id`;

const iso = (d: Date | string) => new Date(d).toISOString();

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  orderNo: row.order_no,
  userId: row.user_id,
  username: row.username,
  applicationId: row.application_id,
  applicationCode: row.application_code,
  applicationNameZh: row.application_name_zh,
  applicationNameEn: row.application_name_en,
  countryCode: row.country_code,
  countryNameZh: row.country_name_zh,
  countryNameEn: row.country_name_en,
  countryFlag: row.country_flag,
  operatorId: row.operator_id,
  operatorName: row.operator_name,
  prefix: row.prefix,
  quantity: row.quantity,
  unitPrice: row.unit_price,
  amount: row.amount,
  refundedAmount: row.refunded_amount,
  smsType: row.sms_type,
  cardType: row.card_type,
  validityOptionId: row.validity_option_id,
  validityKind: row.validity_kind,
  validityMinutes: row.validity_minutes,
  validDays: Math.round((row.validity_minutes / 1440) * 10_000) / 10_000,
  status: row.status,
  token: row.token,
  createdAt: iso(row.created_at),
  completedAt: row.completed_at === null ? null : iso(row.completed_at),
  cancelledAt: row.cancelled_at === null ? null : iso(row.cancelled_at),
  phoneList: row.phone_list ?? [],
  demo: row.demo,
});

const SORTABLE: Record<string, string> = {
  createdAt: 'o.created_at',
  amount: 'o.amount',
  quantity: 'o.quantity',
  status: 'o.status',
  completedAt: 'o.completed_at',
};

/** `userId` scopes to one buyer (the orders page); administrators may filter by buyer. */
function orderFilter(query: Partial<AdminOrderFilter>, userId: number | null): SqlFilter {
  const filter = new SqlFilter();
  if (userId !== null) filter.add('o.user_id = ?', userId);
  filter.addIf(query.userId, 'o.user_id = ?', query.userId);
  filter.addIf(
    query.username,
    'o.user_id in (select id from users where lower(username) = lower(?))',
    query.username,
  );
  filter.addIf(query.status, 'o.status = ?', query.status);
  filter.addIf(query.kind, 'o.validity_kind = ?', query.kind);
  filter.addIf(query.applicationId, 'o.application_id = ?', query.applicationId);
  filter.addIf(query.countryCode, 'o.country_code = ?', query.countryCode);
  filter.addIf(query.from, 'o.created_at >= ?', query.from);
  filter.addIf(query.to, 'o.created_at < ?', query.to);
  if (query.keyword) {
    const digits = query.keyword.replace(/[^\d+]/g, '');
    filter.add(
      `(o.order_no like ? or (? <> '' and exists (select 1 from rentals r where r.order_id = o.id and r.phone_number like ?)))`,
      `%${query.keyword.toUpperCase().replace(/[\\%_]/g, '')}%`,
      digits,
      `%${digits}%`,
    );
  }
  return filter;
}

export async function listOrders(
  q: Queryable,
  query: PageQuery & Partial<AdminOrderFilter>,
  userId: number | null,
) {
  const filter = orderFilter(query, userId);
  const [rows, total] = await Promise.all([
    q.query<OrderRow>(
      // A buyer's newest first by their index; everyone's by id (the same order, without another index to write).
      `${ORDER_SELECT} ${filter.where} ${orderBy(query, SORTABLE, userId === null ? 'o.id desc' : 'o.created_at desc', 'o.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    listTotal(q, 'store_orders', filter, `select count(*)::int as total from store_orders o ${filter.where}`),
  ]);
  return { list: rows.map(toOrder), total };
}

/** Every matching order, newest first, for an export (bounded). */
export async function exportOrders(
  q: Queryable,
  query: Partial<AdminOrderFilter>,
  userId: number | null,
  limit: number,
) {
  const filter = orderFilter(query, userId);
  const rows = await q.query<OrderRow>(
    `${ORDER_SELECT} ${filter.where} order by o.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return rows.map(toOrder);
}

export async function findOrder(q: Queryable, id: number, userId: number | null): Promise<Order | null> {
  const rows = await q.query<OrderRow>(
    `${ORDER_SELECT} where o.id = $1 and ($2::int is null or o.user_id = $2::int)`,
    [id, userId],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function findOrderByIdempotencyKey(
  q: Queryable,
  userId: number,
  key: string,
): Promise<Order | null> {
  const rows = await q.query<OrderRow>(`${ORDER_SELECT} where o.user_id = $1 and o.idempotency_key = $2`, [
    userId,
    key,
  ]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export type LockedOrder = {
  id: number;
  order_no: string;
  user_id: number;
  status: OrderStatus;
  amount: string;
  refunded_amount: string;
};

export async function lockOrder(q: Queryable, id: number): Promise<LockedOrder | null> {
  const rows = await q.query<LockedOrder>(
    `select id, order_no, user_id, status, amount::text as amount, refunded_amount::text as refunded_amount
     from store_orders where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

/** Rentals not refunded yet are marked as refunded by the order's own refund. */
export async function markOrderRefunded(q: Queryable, orderId: number) {
  await q.query(
    `update rentals set refunded_at = now(), refund_amount = price, updated_at = now()
     where order_id = $1 and refunded_at is null`,
    [orderId],
  );
  await q.query(
    `update store_orders set refunded_amount = amount, status = 'cancelled', cancelled_at = now(), completed_at = null,
       updated_at = now()
     where id = $1`,
    [orderId],
  );
}

export async function markOrderCompleted(q: Queryable, orderId: number) {
  await q.query(
    `update store_orders set status = 'completed', completed_at = coalesce(completed_at, now()), updated_at = now()
     where id = $1`,
    [orderId],
  );
}
