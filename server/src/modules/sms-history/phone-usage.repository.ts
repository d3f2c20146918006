import type {
  CardType,
  PageQuery,
  PhoneUsageFilter,
  PhoneUsageOutcome,
  PhoneUsageRecord,
  RentalStatus,
  ValidityKind,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import {
  APPLICATION_COLUMNS,
  type ApplicationColumns,
  application,
  iso,
  isoOrNull,
  phonePattern,
} from './sql';

type UsageRow = ApplicationColumns & {
  id: number;
  phone_number: string;
  country_code: string;
  country_name_zh: string | null;
  country_name_en: string | null;
  country_flag: string | null;
  user_id: number;
  username: string;
  kind: ValidityKind;
  card_type: CardType;
  order_id: number;
  order_no: string;
  price: string;
  refund_amount: string | null;
  starts_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  status: RentalStatus;
  outcome: PhoneUsageOutcome;
  sms_count: number;
  last_code: string | null;
};

/**
 * How a use ended, most telling first: a cancellation, then a refund (an activation without a code;
 * a code arriving after it changes nothing), then a code received, then still held, else the final
 * status (finished early without a code, or expired). Only `r` is referenced, so the count query
 * and the filter use it without the joins.
 */
const OUTCOME = `(case
    when r.status = 'cancelled' then 'cancelled'
    when r.refunded_at is not null then 'refunded'
    when exists (select 1 from sms_messages c where c.rental_id = r.id and c.code is not null) then 'code_received'
    when r.status in ('active', 'inactive', 'suspended') then 'in_use'
    else r.status end)`;

const SMS_COUNT = '(select count(*)::int from sms_messages n where n.rental_id = r.id)';

const USAGE_SELECT = `select r.id, r.phone_number, r.country_code, c.name_zh as country_name_zh,
    c.name_en as country_name_en, c.flag as country_flag, r.user_id, u.username, r.kind, r.card_type, r.order_id,
    o.order_no, r.price::text as price, r.refund_amount::text as refund_amount, r.starts_at, r.expires_at,
    r.ended_at, r.status, ${OUTCOME} as outcome, ${SMS_COUNT} as sms_count,
    (select l.code from sms_messages l where l.rental_id = r.id and l.code is not null
     order by l.received_at desc, l.id desc limit 1) as last_code,
    ${APPLICATION_COLUMNS}
  from rentals r
  join store_orders o on o.id = r.order_id
  join users u on u.id = r.user_id
  join applications a on a.id = r.application_id
  left join countries c on c.code = r.country_code`;

const SORTABLE: Record<string, string> = {
  startsAt: 'r.starts_at',
  expiresAt: 'r.expires_at',
  endedAt: 'r.ended_at',
  smsCount: SMS_COUNT,
  phoneNumber: 'r.phone_number',
};

function usageFilter(query: PhoneUsageFilter): SqlFilter {
  const filter = new SqlFilter();
  const phone = phonePattern(query.phoneNumber);
  if (phone) filter.add('r.phone_number like ?', phone);
  // Through the user's id, so the rentals_user_idx index answers it.
  filter.addIf(
    query.username,
    'r.user_id in (select id from users where lower(username) = lower(?))',
    query.username,
  );
  filter.addIf(query.applicationId, 'r.application_id = ?', query.applicationId);
  filter.addIf(query.status, 'r.status = ?', query.status);
  filter.addIf(query.outcome, `${OUTCOME} = ?`, query.outcome);
  filter.addIf(query.kind, 'r.kind = ?', query.kind);
  filter.addIf(query.from, 'r.starts_at >= ?', query.from);
  filter.addIf(query.to, 'r.starts_at < ?', query.to);
  return filter;
}

const toUsage = (row: UsageRow): PhoneUsageRecord => ({
  rentalId: row.id,
  phoneNumber: row.phone_number,
  countryCode: row.country_code,
  countryNameZh: row.country_name_zh ?? row.country_code,
  countryNameEn: row.country_name_en ?? row.country_code,
  countryFlag: row.country_flag ?? '',
  application: application(row)!,
  userId: row.user_id,
  username: row.username,
  kind: row.kind,
  cardType: row.card_type,
  orderId: row.order_id,
  orderNo: row.order_no,
  price: row.price,
  refundedAmount: row.refund_amount,
  startsAt: iso(row.starts_at),
  expiresAt: iso(row.expires_at),
  endedAt: isoOrNull(row.ended_at),
  status: row.status,
  outcome: row.outcome,
  smsCount: row.sms_count,
  lastCode: row.last_code,
});

/** Newest use first, by rentals_starts_idx (migration 0009), which also serves the date range. */
const NEWEST = 'r.starts_at desc';

export async function listUsage(q: Queryable, query: PageQuery & PhoneUsageFilter) {
  const filter = usageFilter(query);
  const [rows, count] = await Promise.all([
    q.query<UsageRow>(
      `${USAGE_SELECT} ${filter.where} ${orderBy(query, SORTABLE, NEWEST, 'r.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(`select count(*)::int as total from rentals r ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toUsage), total: count[0]?.total ?? 0 };
}

export async function exportUsage(q: Queryable, query: PhoneUsageFilter, limit: number) {
  const filter = usageFilter(query);
  const rows = await q.query<UsageRow>(
    `${USAGE_SELECT} ${filter.where} order by ${NEWEST}, r.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return rows.map(toUsage);
}
