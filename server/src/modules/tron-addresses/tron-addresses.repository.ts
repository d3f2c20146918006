import type { TronAddress, TronAddressQuery } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

type TronAddressRow = {
  id: number;
  address: string;
  label: string;
  note: string;
  enabled: boolean;
  assigned_user_id: number | null;
  assigned_username: string | null;
  assigned_at: Date | null;
  shared: boolean;
  received_total: string;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `t.id, t.address, t.label, t.note, t.enabled, t.assigned_user_id, u.username as assigned_username,
  t.assigned_at, t.shared, t.created_at, t.updated_at,
  (select coalesce(sum(d.amount), 0)::numeric(20, 6)::text from usdt_deposits d
   where d.to_address = t.address and d.status = 'credited') as received_total`;
const FROM = 'from tron_addresses t left join users u on u.id = t.assigned_user_id';

const SORTABLE = {
  id: 't.id',
  address: 't.address',
  label: 't.label',
  enabled: 't.enabled',
  assignedAt: 't.assigned_at',
  createdAt: 't.created_at',
};

const toTronAddress = (r: TronAddressRow): TronAddress => ({
  id: r.id,
  address: r.address,
  label: r.label,
  note: r.note,
  enabled: r.enabled,
  assignedUserId: r.assigned_user_id,
  assignedUsername: r.assigned_username,
  assignedAt: r.assigned_at?.toISOString() ?? null,
  shared: r.shared,
  receivedTotal: r.received_total,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** A keyword matched literally: % and _ typed by the administrator are not wildcards. */
const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterOf(query: Omit<TronAddressQuery, 'page' | 'pageSize'>): SqlFilter {
  const filter = new SqlFilter();
  if (query.keyword) {
    const pattern = contains(query.keyword);
    filter.add('(t.address ilike ? or t.label ilike ?)', pattern, pattern);
  }
  filter.addIf(query.enabled, 't.enabled = ?', query.enabled);
  if (query.assigned !== undefined)
    filter.add(query.assigned ? 't.assigned_user_id is not null' : 't.assigned_user_id is null');
  return filter;
}

export async function listTronAddresses(
  q: Queryable,
  query: TronAddressQuery,
): Promise<{ list: TronAddress[]; total: number }> {
  const filter = filterOf(query);
  const [rows, count] = await Promise.all([
    q.query<TronAddressRow>(
      `select ${COLUMNS} ${FROM} ${filter.where} ${orderBy(query, SORTABLE, 't.id desc', 't.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(`select count(*)::int as n ${FROM} ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toTronAddress), total: count[0]?.n ?? 0 };
}

/** Every matching address, for the CSV export (no paging). */
export async function listAllTronAddresses(
  q: Queryable,
  query: Omit<TronAddressQuery, 'page' | 'pageSize'>,
): Promise<TronAddress[]> {
  const filter = filterOf(query);
  const rows = await q.query<TronAddressRow>(
    `select ${COLUMNS} ${FROM} ${filter.where} order by t.id`,
    filter.values,
  );
  return rows.map(toTronAddress);
}

export async function findTronAddressById(q: Queryable, id: number): Promise<TronAddress | null> {
  const rows = await q.query<TronAddressRow>(`select ${COLUMNS} ${FROM} where t.id = $1`, [id]);
  return rows[0] ? toTronAddress(rows[0]) : null;
}

/** Locks the row until the transaction ends, so a concurrent assignment cannot slip in. */
export async function lockTronAddress(q: Queryable, id: number): Promise<TronAddress | null> {
  const rows = await q.query<{ id: number }>('select id from tron_addresses where id = $1 for update', [id]);
  return rows[0] ? findTronAddressById(q, id) : null;
}

export async function tronAddressExists(q: Queryable, address: string, exceptId = 0): Promise<boolean> {
  const rows = await q.query('select 1 from tron_addresses where address = $1 and id <> $2', [
    address,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function insertTronAddress(
  q: Queryable,
  input: { address: string; label: string; note: string; enabled: boolean; shared: boolean },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    'insert into tron_addresses (address, label, note, enabled, shared) values ($1, $2, $3, $4, $5) returning id',
    [input.address, input.label, input.note, input.enabled, input.shared],
  );
  return rows[0]!.id;
}

export async function updateTronAddress(
  q: Queryable,
  id: number,
  input: { address: string; label: string; note: string; enabled: boolean; shared: boolean },
): Promise<void> {
  await q.query(
    `update tron_addresses set address = $2, label = $3, note = $4, enabled = $5, shared = $6, updated_at = now()
     where id = $1`,
    [id, input.address, input.label, input.note, input.enabled, input.shared],
  );
}

export async function setTronAddressEnabled(q: Queryable, id: number, enabled: boolean): Promise<void> {
  await q.query('update tron_addresses set enabled = $2, updated_at = now() where id = $1', [id, enabled]);
}

export async function deleteTronAddress(q: Queryable, id: number): Promise<void> {
  await q.query('delete from tron_addresses where id = $1', [id]);
}
