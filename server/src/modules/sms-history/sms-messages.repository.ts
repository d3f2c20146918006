import type {
  PageQuery,
  SmsApplication,
  SmsHistoryFilter,
  SmsHistoryItem,
  SmsRecord,
  SmsRecordFilter,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { listTotal } from '../../lib/row-counts';
import {
  APPLICATION_COLUMNS,
  type ApplicationColumns,
  application,
  containsPattern,
  iso,
  phonePattern,
} from './sql';

type MessageRow = ApplicationColumns & {
  id: number;
  received_at: Date;
  phone_number: string;
  sender: string;
  text: string;
  code: string | null;
  source: string;
  rental_id: number | null;
  user_id: number | null;
  username: string | null;
  demo: boolean;
};

const SORTABLE: Record<string, string> = { receivedAt: 'm.received_at' };
/** Newest first: the order of sms_messages_received_idx (and of the per-rental index). */
const NEWEST = 'm.received_at desc';

/** DEMO=on: an SMS to a demo number (the simulated gateway's, or a test SMS), labelled demo on screen. */
const DEMO_NUMBER = `coalesce((select p.demo from phone_numbers p where p.id = m.phone_number_id), false) as demo`;

// ---------------------------------------------------------------- the owner's code receive history

/**
 * Only SMS attributed to a rental the user owns: the inner join to rentals drops unmatched ones and
 * the user condition is always the first one, whatever the filters say.
 */
const HISTORY_FROM = `from sms_messages m
  join rentals r on r.id = m.rental_id
  join applications a on a.id = r.application_id`;
const HISTORY_SELECT = `select m.id, m.received_at, m.phone_number, m.sender, m.text, m.code, m.source, m.rental_id,
    r.user_id, null as username, ${APPLICATION_COLUMNS}, ${DEMO_NUMBER}
  ${HISTORY_FROM}`;

function historyFilter(userId: number, query: SmsHistoryFilter): SqlFilter {
  const filter = new SqlFilter().add('r.user_id = ?', userId);
  const phone = phonePattern(query.phoneNumber);
  if (phone) filter.add('m.phone_number like ?', phone);
  filter.addIf(query.applicationId, 'r.application_id = ?', query.applicationId);
  if (query.hasCode !== undefined) filter.add(query.hasCode ? 'm.code is not null' : 'm.code is null');
  filter.addIf(query.from, 'm.received_at >= ?', query.from);
  filter.addIf(query.to, 'm.received_at < ?', query.to);
  return filter;
}

const toHistoryItem = (row: MessageRow): SmsHistoryItem => ({
  id: row.id,
  receivedAt: iso(row.received_at),
  phoneNumber: row.phone_number,
  rentalId: row.rental_id!,
  application: application(row)!,
  sender: row.sender,
  text: row.text,
  code: row.code,
  demo: row.demo,
});

export async function listHistory(q: Queryable, userId: number, query: PageQuery & SmsHistoryFilter) {
  const filter = historyFilter(userId, query);
  const [rows, count] = await Promise.all([
    q.query<MessageRow>(
      `${HISTORY_SELECT} ${filter.where} ${orderBy(query, SORTABLE, NEWEST, 'm.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from sms_messages m join rentals r on r.id = m.rental_id ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toHistoryItem), total: count[0]?.total ?? 0 };
}

export async function exportHistory(q: Queryable, userId: number, query: SmsHistoryFilter, limit: number) {
  const filter = historyFilter(userId, query);
  const rows = await q.query<MessageRow>(
    `${HISTORY_SELECT} ${filter.where} order by ${NEWEST}, m.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return rows.map(toHistoryItem);
}

// ---------------------------------------------------------------- every SMS, for administrators

/** Left joins: an SMS that matched no rental is listed too, with its own attributed application if any. */
const RECORD_FROM = `from sms_messages m
  left join rentals r on r.id = m.rental_id
  left join users u on u.id = r.user_id
  left join applications a on a.id = coalesce(r.application_id, m.application_id)`;
const RECORD_SELECT = `select m.id, m.received_at, m.phone_number, m.sender, m.text, m.code, m.source, m.rental_id,
    r.user_id, u.username, ${APPLICATION_COLUMNS}, ${DEMO_NUMBER}
  ${RECORD_FROM}`;

function recordFilter(query: SmsRecordFilter): SqlFilter {
  const filter = new SqlFilter();
  const phone = phonePattern(query.phoneNumber);
  if (phone) filter.add('m.phone_number like ?', phone);
  if (query.sender) filter.add('m.sender ilike ?', containsPattern(query.sender));
  if (query.match) filter.add(query.match === 'matched' ? 'm.rental_id is not null' : 'm.rental_id is null');
  filter.addIf(query.applicationId, 'coalesce(r.application_id, m.application_id) = ?', query.applicationId);
  filter.addIf(query.from, 'm.received_at >= ?', query.from);
  filter.addIf(query.to, 'm.received_at < ?', query.to);
  return filter;
}

const toRecord = (row: MessageRow): SmsRecord => ({
  id: row.id,
  receivedAt: iso(row.received_at),
  phoneNumber: row.phone_number,
  sender: row.sender,
  text: row.text,
  code: row.code,
  source: row.source,
  matched: row.rental_id !== null,
  rentalId: row.rental_id,
  userId: row.user_id,
  username: row.username,
  application: application(row),
  demo: row.demo,
});

export async function listRecords(q: Queryable, query: PageQuery & SmsRecordFilter) {
  const filter = recordFilter(query);
  const [rows, total] = await Promise.all([
    q.query<MessageRow>(
      `${RECORD_SELECT} ${filter.where} ${orderBy(query, SORTABLE, NEWEST, 'm.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    listTotal(
      q,
      'sms_messages',
      filter,
      `select count(*)::int as total from sms_messages m left join rentals r on r.id = m.rental_id ${filter.where}`,
    ),
  ]);
  return { list: rows.map(toRecord), total };
}

export async function exportRecords(q: Queryable, query: SmsRecordFilter, limit: number) {
  const filter = recordFilter(query);
  const rows = await q.query<MessageRow>(
    `${RECORD_SELECT} ${filter.where} order by ${NEWEST}, m.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return rows.map(toRecord);
}

// ---------------------------------------------------------------- applications of the filters

/** The applications the user has rented numbers for (the history's filter offers nothing else). */
export async function applicationsOfUser(q: Queryable, userId: number): Promise<SmsApplication[]> {
  const rows = await q.query<ApplicationColumns>(
    `select ${APPLICATION_COLUMNS} from applications a
     where a.id in (select application_id from rentals where user_id = $1)
     order by a.sort_order, a.id`,
    [userId],
  );
  return rows.map((row) => application(row)!);
}

/** Every application, disabled ones too: old records still name them. */
export async function allApplications(q: Queryable): Promise<SmsApplication[]> {
  const rows = await q.query<ApplicationColumns>(
    `select ${APPLICATION_COLUMNS} from applications a order by a.sort_order, a.id`,
  );
  return rows.map((row) => application(row)!);
}
