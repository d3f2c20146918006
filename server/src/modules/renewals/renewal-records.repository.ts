import type { AdminRenewalFilter, PageQuery, RenewalRecord } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { iso } from './renewals.repository';

type RecordRow = {
  id: number;
  batch_no: string;
  rental_id: number;
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
  validity_option_id: number;
  validity_name_zh: string;
  validity_name_en: string;
  validity_minutes: number;
  price: string;
  expires_before: Date;
  expires_after: Date;
  created_at: Date;
};

const RECORD_SELECT = `select rr.id, b.batch_no, rr.rental_id, rr.user_id, u.username, r.phone_number, r.application_id,
    a.code as application_code, a.name_zh as application_name_zh, a.name_en as application_name_en,
    trim(r.country_code) as country_code, c.name_zh as country_name_zh, c.name_en as country_name_en,
    c.flag as country_flag, rr.validity_option_id, v.name_zh as validity_name_zh, v.name_en as validity_name_en,
    rr.validity_minutes, rr.price::text as price, rr.expires_before, rr.expires_after, rr.created_at
  from rental_renewals rr
  join renewal_batches b on b.id = rr.batch_id
  join rentals r on r.id = rr.rental_id
  join users u on u.id = rr.user_id
  join applications a on a.id = r.application_id
  join countries c on c.code = r.country_code
  join validity_options v on v.id = rr.validity_option_id`;

const toRecord = (row: RecordRow): RenewalRecord => ({
  id: row.id,
  batchNo: row.batch_no,
  rentalId: row.rental_id,
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
  validityOptionId: row.validity_option_id,
  validityNameZh: row.validity_name_zh,
  validityNameEn: row.validity_name_en,
  validityMinutes: row.validity_minutes,
  price: row.price,
  expiresBefore: iso(row.expires_before),
  expiresAfter: iso(row.expires_after),
  createdAt: iso(row.created_at),
});

const SORTABLE: Record<string, string> = {
  createdAt: 'rr.created_at',
  price: 'rr.price',
  expiresAfter: 'rr.expires_after',
};

/** `userId` scopes to one user (the renewal center); administrators may filter by username. */
function recordFilter(query: Partial<AdminRenewalFilter>, userId: number | null): SqlFilter {
  const filter = new SqlFilter();
  if (userId !== null) filter.add('rr.user_id = ?', userId);
  filter.addIf(
    query.username,
    'rr.user_id in (select id from users where lower(username) = lower(?))',
    query.username,
  );
  filter.addIf(query.applicationId, 'r.application_id = ?', query.applicationId);
  filter.addIf(query.from, 'rr.created_at >= ?', query.from);
  filter.addIf(query.to, 'rr.created_at < ?', query.to);
  if (query.keyword) {
    const digits = query.keyword.replace(/[^\d+]/g, '');
    filter.add(
      `(b.batch_no like ? or (? <> '' and r.phone_number like ?))`,
      `%${query.keyword.toUpperCase().replace(/[\\%_]/g, '')}%`,
      digits,
      `%${digits}%`,
    );
  }
  return filter;
}

/** The joins a filter may need, for the count. */
const COUNT_FROM = `from rental_renewals rr join renewal_batches b on b.id = rr.batch_id join rentals r on r.id = rr.rental_id`;

export async function listRecords(
  q: Queryable,
  query: PageQuery & Partial<AdminRenewalFilter>,
  userId: number | null,
) {
  const filter = recordFilter(query, userId);
  const [rows, count] = await Promise.all([
    q.query<RecordRow>(
      `${RECORD_SELECT} ${filter.where} ${orderBy(query, SORTABLE, 'rr.created_at desc', 'rr.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(`select count(*)::int as total ${COUNT_FROM} ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toRecord), total: count[0]?.total ?? 0 };
}

/** Every matching record, newest first, for an export (bounded). */
export async function exportRecords(
  q: Queryable,
  query: Partial<AdminRenewalFilter>,
  userId: number | null,
  limit: number,
) {
  const filter = recordFilter(query, userId);
  const rows = await q.query<RecordRow>(
    `${RECORD_SELECT} ${filter.where} order by rr.created_at desc, rr.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return rows.map(toRecord);
}

export async function recordsOfBatch(q: Queryable, batchId: number) {
  const rows = await q.query<RecordRow>(`${RECORD_SELECT} where rr.batch_id = $1 order by rr.rental_id`, [
    batchId,
  ]);
  return rows.map(toRecord);
}
