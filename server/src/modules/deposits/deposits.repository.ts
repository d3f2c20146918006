import type { AdminDeposit, AdminDepositQuery, Deposit, DepositQuery, DepositStatus } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import type { ChainTransfer } from './usdt-transfer';

type DepositRow = {
  id: number;
  tx_id: string;
  to_address: string;
  from_address: string;
  amount: string;
  status: DepositStatus;
  reason: string;
  user_id: number | null;
  username: string | null;
  recharge_order_id: number | null;
  attached_by_name: string | null;
  block_at: Date;
  credited_at: Date | null;
  created_at: Date;
};

const COLUMNS = `d.id, d.tx_id, d.to_address, d.from_address, d.amount::text as amount, d.status, d.reason,
  d.user_id, u.username, d.recharge_order_id, a.username as attached_by_name, d.block_at, d.credited_at, d.created_at`;
const FROM = `from usdt_deposits d left join users u on u.id = d.user_id left join users a on a.id = d.attached_by`;

const SORTABLE = {
  id: 'd.id',
  amount: 'd.amount',
  blockAt: 'd.block_at',
  creditedAt: 'd.credited_at',
  status: 'd.status',
};

const toDeposit = (r: DepositRow): Deposit => ({
  id: r.id,
  txId: r.tx_id,
  toAddress: r.to_address,
  fromAddress: r.from_address,
  amount: r.amount,
  status: r.status,
  blockAt: r.block_at.toISOString(),
  creditedAt: r.credited_at?.toISOString() ?? null,
  rechargeOrderId: r.recharge_order_id,
});

const toAdminDeposit = (r: DepositRow): AdminDeposit => ({
  ...toDeposit(r),
  userId: r.user_id,
  username: r.username,
  reason: r.reason,
  attachedBy: r.attached_by_name,
  createdAt: r.created_at.toISOString(),
});

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listOwnDeposits(q: Queryable, userId: number, query: DepositQuery) {
  const filter = new SqlFilter().add('d.user_id = ?', userId).add("d.status <> 'dropped'");
  filter.addIf(query.status, 'd.status = ?', query.status);
  const [rows, count] = await Promise.all([
    q.query<DepositRow>(
      `select ${COLUMNS} ${FROM} ${filter.where} ${orderBy(query, SORTABLE, 'd.block_at desc', 'd.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(`select count(*)::int as n ${FROM} ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toDeposit), total: count[0]?.n ?? 0 };
}

function adminFilter(query: Omit<AdminDepositQuery, 'page' | 'pageSize'>): SqlFilter {
  const filter = new SqlFilter();
  filter.addIf(query.status, 'd.status = ?', query.status);
  if (query.keyword) {
    const p = contains(query.keyword);
    filter.add('(d.tx_id ilike ? or d.to_address ilike ? or d.from_address ilike ?)', p, p, p);
  }
  if (query.user) {
    const p = contains(query.user);
    filter.add('(u.username ilike ? or u.email ilike ?)', p, p);
  }
  filter.addIf(query.from, 'd.block_at >= ?', query.from);
  filter.addIf(query.to, 'd.block_at < ?', query.to);
  return filter;
}

export async function listAdminDeposits(q: Queryable, query: AdminDepositQuery) {
  const filter = adminFilter(query);
  const [rows, count] = await Promise.all([
    q.query<DepositRow>(
      `select ${COLUMNS} ${FROM} ${filter.where} ${orderBy(query, SORTABLE, 'd.block_at desc', 'd.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(`select count(*)::int as n ${FROM} ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toAdminDeposit), total: count[0]?.n ?? 0 };
}

export async function listAllAdminDeposits(
  q: Queryable,
  query: Omit<AdminDepositQuery, 'page' | 'pageSize'>,
) {
  const filter = adminFilter(query);
  const rows = await q.query<DepositRow>(
    `select ${COLUMNS} ${FROM} ${filter.where} order by d.block_at desc, d.id desc limit 100000`,
    filter.values,
  );
  return rows.map(toAdminDeposit);
}

export async function findAdminDeposit(q: Queryable, id: number): Promise<AdminDeposit | null> {
  const rows = await q.query<DepositRow>(`select ${COLUMNS} ${FROM} where d.id = $1`, [id]);
  return rows[0] ? toAdminDeposit(rows[0]) : null;
}

export type LockedDeposit = {
  id: number;
  tx_id: string;
  event_index: number | null;
  to_address: string;
  amount: string;
  status: DepositStatus;
  user_id: number | null;
  block_at: Date;
};

const LOCKED_COLUMNS =
  'id, tx_id, event_index, to_address, amount::text as amount, status, user_id, block_at';

/**
 * The row of a solidified Transfer event, locked: its own (transaction id, event index) row; else a
 * row of the same transaction, address and amount written without an index (seen before it solidified,
 * or credited before deposits were keyed by event), which it takes over; else a new one. Every row of
 * the transaction is locked first, so two watchers settling it take turns and the second finds it done.
 */
export async function takeDepositRow(q: Queryable, t: ChainTransfer & { eventIndex: number }) {
  const rows = await q.query<LockedDeposit>(
    `select ${LOCKED_COLUMNS} from usdt_deposits where tx_id = $1 order by id for update`,
    [t.txId],
  );
  const own = rows.find((r) => r.event_index === t.eventIndex);
  if (own) return own;
  const provisional = rows.find(
    (r) => r.event_index === null && r.to_address === t.to && r.amount === t.amount,
  );
  if (provisional) {
    await q.query(
      'update usdt_deposits set event_index = $2, block_number = $3, block_at = $4 where id = $1',
      [provisional.id, t.eventIndex, t.blockNumber, t.blockAt],
    );
    return { ...provisional, event_index: t.eventIndex, block_at: t.blockAt };
  }
  await q.query(
    `insert into usdt_deposits (tx_id, event_index, block_number, to_address, from_address, amount, block_at, status)
     values ($1, $2, $3, $4, $5, $6, $7, 'confirming') on conflict (tx_id, event_index) do nothing`,
    [t.txId, t.eventIndex, t.blockNumber, t.to, t.from, t.amount, t.blockAt],
  );
  const [row] = await q.query<LockedDeposit>(
    `select ${LOCKED_COLUMNS} from usdt_deposits where tx_id = $1 and event_index = $2 for update`,
    [t.txId, t.eventIndex],
  );
  return row!;
}

export async function lockDeposit(q: Queryable, by: 'id', value: number) {
  const rows = await q.query<LockedDeposit>(
    `select ${LOCKED_COLUMNS} from usdt_deposits where ${by} = $1 for update`,
    [value],
  );
  return rows[0] ?? null;
}

export async function updateDeposit(
  q: Queryable,
  id: number,
  change: {
    status: DepositStatus;
    reason?: string;
    userId?: number | null;
    rechargeOrderId?: number | null;
    ledgerEntryId?: number | null;
    attachedBy?: number | null;
    confirmed?: boolean;
    credited?: boolean;
  },
) {
  await q.query(
    `update usdt_deposits set status = $2, reason = coalesce($3, reason), user_id = case when $10 then $4::int else user_id end,
       recharge_order_id = coalesce($5, recharge_order_id), ledger_entry_id = coalesce($6, ledger_entry_id),
       attached_by = coalesce($7, attached_by),
       confirmed_at = case when $8 then coalesce(confirmed_at, now()) else confirmed_at end,
       credited_at = case when $9 then now() else credited_at end, updated_at = now()
     where id = $1`,
    [
      id,
      change.status,
      change.reason ?? null,
      change.userId ?? null,
      change.rechargeOrderId ?? null,
      change.ledgerEntryId ?? null,
      change.attachedBy ?? null,
      change.confirmed ?? false,
      change.credited ?? false,
      'userId' in change,
    ],
  );
}

/**
 * A transfer seen before it solidified whose block the solidified read has passed without finding it
 * was dropped by the chain: it is no longer shown as confirming (a later block may still bring it back,
 * then it is credited like any other). `olderThanMinutes` catches rows nobody reads the chain for.
 */
export async function markDroppedDeposits(
  q: Queryable,
  solidifiedBeforeMs: number,
  olderThanMinutes: number,
) {
  await q.query(
    `update usdt_deposits set status = 'dropped', updated_at = now()
     where status in ('seen', 'confirming')
       and (block_at < to_timestamp($1::float8 / 1000) or block_at < now() - make_interval(mins => $2))`,
    [solidifiedBeforeMs, olderThanMinutes],
  );
}

export async function countUnmatched(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `select count(*)::int as n from usdt_deposits where status = 'unmatched'`,
  );
  return rows[0]?.n ?? 0;
}
