import {
  type AdminTransferFilter,
  type PageQuery,
  RENTAL_CHOICES_LIMIT,
  type RentalChoice,
  type RentalStatus,
  type Transfer,
  type TransferItem,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, type SqlFilter } from '../../lib/pagination';
import { iso, likePattern } from '../catalog/sql';

// ---------------------------------------------------------------- the move

/** The receiver, found as at login (usernames are unique case-insensitively). */
export async function findUserByUsername(q: Queryable, username: string) {
  const rows = await q.query<{ id: number; username: string; enabled: boolean }>(
    'select id, username, enabled from users where lower(username) = lower($1)',
    [username],
  );
  return rows[0] ?? null;
}

export type TransferRentalRow = {
  id: number;
  user_id: number;
  status: RentalStatus;
  kind: 'activation' | 'rental';
  phone_number: string;
  application_id: number;
};

/**
 * Locks the rentals' orders, then the rentals, each in id order: the order every state change of a
 * rental takes (rentals.repository lockRental), so a transfer cannot deadlock a pause or a sweep.
 * Rows are read after the locks: a rental another transfer just moved shows its new owner.
 */
export async function lockRentals(q: Queryable, ids: readonly number[]) {
  await q.query(
    `select o.id from store_orders o
     where o.id in (select order_id from rentals where id = any($1::int[])) order by o.id for update`,
    [ids],
  );
  return q.query<TransferRentalRow>(
    `select id, user_id, status, kind, phone_number, application_id from rentals
     where id = any($1::int[]) order by id for update`,
    [ids],
  );
}

/** New owner and a new token for each moved rental: the old owner's links stop working. */
export async function moveRentals(q: Queryable, ids: readonly number[], toUserId: number, tokens: string[]) {
  await q.query(
    `update rentals r set user_id = $3, token = t.token, updated_at = now()
     from unnest($1::int[], $2::text[]) as t(id, token) where r.id = t.id`,
    [ids, tokens, toUserId],
  );
}

/** Writes the record; null when a transfer with this key exists already (a concurrent retry). */
export async function insertTransfer(
  q: Queryable,
  t: { fromUserId: number; toUserId: number; note: string; idempotencyKey: string | null },
  rentals: readonly TransferRentalRow[],
): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `insert into api_transfers (from_user_id, to_user_id, count, note, idempotency_key)
     values ($1, $2, $3, $4, $5) on conflict (from_user_id, idempotency_key) do nothing returning id`,
    [t.fromUserId, t.toUserId, rentals.length, t.note, t.idempotencyKey],
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  await q.query(
    `insert into api_transfer_items (transfer_id, rental_id, phone_number, application_id)
     select $1, * from unnest($2::int[], $3::text[], $4::int[])`,
    [id, rentals.map((r) => r.id), rentals.map((r) => r.phone_number), rentals.map((r) => r.application_id)],
  );
  return id;
}

export async function findTransferIdByKey(q: Queryable, fromUserId: number, key: string) {
  const rows = await q.query<{ id: number }>(
    'select id from api_transfers where from_user_id = $1 and idempotency_key = $2',
    [fromUserId, key],
  );
  return rows[0]?.id ?? null;
}

// ---------------------------------------------------------------- the records

type TransferRow = {
  id: number;
  from_user_id: number;
  from_username: string;
  to_user_id: number;
  to_username: string;
  count: number;
  note: string;
  created_at: Date;
};

const TRANSFER_SELECT = `select t.id, t.from_user_id, fu.username as from_username, t.to_user_id,
    tu.username as to_username, t.count, t.note, t.created_at
  from api_transfers t
  join users fu on fu.id = t.from_user_id
  join users tu on tu.id = t.to_user_id`;

const SORTABLE: Record<string, string> = { createdAt: 't.created_at', count: 't.count' };

/** The items of these transfers, by transfer. */
async function itemsOf(q: Queryable, ids: number[]) {
  const byTransfer = new Map<number, TransferItem[]>();
  if (ids.length === 0) return byTransfer;
  const rows = await q.query<{
    transfer_id: number;
    rental_id: number;
    phone_number: string;
    application_id: number;
    code: string;
    name_zh: string;
    name_en: string;
  }>(
    `select i.transfer_id, i.rental_id, i.phone_number, i.application_id, a.code, a.name_zh, a.name_en
     from api_transfer_items i join applications a on a.id = i.application_id
     where i.transfer_id = any($1::int[]) order by i.transfer_id, i.rental_id`,
    [ids],
  );
  for (const r of rows) {
    const list = byTransfer.get(r.transfer_id) ?? [];
    list.push({
      rentalId: r.rental_id,
      phoneNumber: r.phone_number,
      applicationId: r.application_id,
      applicationCode: r.code,
      applicationNameZh: r.name_zh,
      applicationNameEn: r.name_en,
    });
    byTransfer.set(r.transfer_id, list);
  }
  return byTransfer;
}

async function withItems(q: Queryable, rows: TransferRow[]): Promise<Transfer[]> {
  const items = await itemsOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    fromUserId: r.from_user_id,
    fromUsername: r.from_username,
    toUserId: r.to_user_id,
    toUsername: r.to_username,
    count: r.count,
    note: r.note,
    createdAt: iso(r.created_at),
    items: items.get(r.id) ?? [],
  }));
}

export async function findTransfer(q: Queryable, id: number): Promise<Transfer | null> {
  const rows = await q.query<TransferRow>(`${TRANSFER_SELECT} where t.id = $1`, [id]);
  return rows[0] ? (await withItems(q, rows))[0]! : null;
}

/** The filters both lists share; `username` is matched on the given side(s). */
export function addTransferFilters(filter: SqlFilter, query: AdminTransferFilter, usernameSides: string[]) {
  if (query.username) {
    const pattern = likePattern(query.username);
    const sides = usernameSides.map((side) => `${side}.username ilike ? escape '\\'`);
    filter.add(`(${sides.join(' or ')})`, ...usernameSides.map(() => pattern));
  }
  if (query.phoneNumber) {
    filter.add(
      `exists (select 1 from api_transfer_items i where i.transfer_id = t.id and i.phone_number like ?)`,
      `%${query.phoneNumber.replace(/[^\d+]/g, '')}%`,
    );
  }
  filter.addIf(query.from, 't.created_at >= ?', query.from);
  filter.addIf(query.to, 't.created_at < ?', query.to);
  return filter;
}

export async function listTransfers(q: Queryable, filter: SqlFilter, query: PageQuery) {
  const [rows, count] = await Promise.all([
    q.query<TransferRow>(
      `${TRANSFER_SELECT} ${filter.where} ${orderBy(query, SORTABLE, 't.created_at desc', 't.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from api_transfers t
       join users fu on fu.id = t.from_user_id join users tu on tu.id = t.to_user_id ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: await withItems(q, rows), total: count[0]?.total ?? 0 };
}

export async function exportTransfers(q: Queryable, filter: SqlFilter, limit: number) {
  const rows = await q.query<TransferRow>(
    `${TRANSFER_SELECT} ${filter.where} order by t.created_at desc, t.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return withItems(q, rows);
}

// ---------------------------------------------------------------- choosing rentals

/**
 * The user's rentals in these statuses that a picker offers (transfer, group link), newest first,
 * searched by number, application code or name.
 */
export async function rentalChoices(
  q: Queryable,
  userId: number,
  statuses: readonly RentalStatus[],
  keyword: string | undefined,
  kinds: readonly ('activation' | 'rental')[] = ['activation', 'rental'],
): Promise<RentalChoice[]> {
  const pattern = keyword ? likePattern(keyword) : null;
  const rows = await q.query<{
    id: number;
    phone_number: string;
    code: string;
    name_zh: string;
    name_en: string;
    country_code: string;
    flag: string;
    status: RentalStatus;
    expires_at: Date;
  }>(
    `select r.id, r.phone_number, a.code, a.name_zh, a.name_en, r.country_code, c.flag, r.status, r.expires_at
     from rentals r join applications a on a.id = r.application_id join countries c on c.code = r.country_code
     where r.user_id = $1 and r.status = any($2::text[]) and r.kind = any($4::text[])
       and ($3::text is null or r.phone_number like $3 escape '\\' or a.code ilike $3 escape '\\'
            or a.name_zh ilike $3 escape '\\' or a.name_en ilike $3 escape '\\')
     order by r.created_at desc, r.id desc limit ${RENTAL_CHOICES_LIMIT}`,
    [userId, statuses, pattern, kinds],
  );
  return rows.map((r) => ({
    id: r.id,
    phoneNumber: r.phone_number,
    applicationCode: r.code,
    applicationNameZh: r.name_zh,
    applicationNameEn: r.name_en,
    countryCode: r.country_code.trim(),
    countryFlag: r.flag,
    status: r.status,
    expiresAt: iso(r.expires_at),
  }));
}

/** The user's open numbers a transfer cannot take, by reason (see `ZUntransferable`). */
export async function untransferableCounts(q: Queryable, userId: number) {
  const [row] = await q.query<{ activations: number; suspended: number }>(
    `select count(*) filter (where kind = 'activation' and status in ('active', 'inactive'))::int as activations,
       count(*) filter (where kind = 'rental' and status = 'suspended')::int as suspended
     from rentals where user_id = $1 and status in ('active', 'inactive', 'suspended')`,
    [userId],
  );
  return { activations: row?.activations ?? 0, suspended: row?.suspended ?? 0 };
}
