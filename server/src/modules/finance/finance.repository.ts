import {
  type AdminLedgerEntry,
  type AdminLedgerQuery,
  type FinanceRecordQuery,
  formatMoney,
  type LedgerType,
  type PageQuery,
  type ReconciliationMismatch,
} from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';
import { listTotal } from '../../lib/row-counts';

type EntryRow = {
  id: number;
  user_id: number;
  username: string;
  type: LedgerType;
  amount: string;
  balance_after: string;
  reference: string;
  note: string;
  actor_id: number | null;
  actor_name: string | null;
  created_at: Date | string;
};

const COLUMNS = `e.id, e.user_id, u.username, e.type, e.amount::text as amount, e.balance_after::text as balance_after,
  e.reference, e.note, e.actor_id, a.username as actor_name, e.created_at`;
const FROM = 'ledger_entries e join users u on u.id = e.user_id left join users a on a.id = e.actor_id';

const toEntry = (r: EntryRow): AdminLedgerEntry => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  type: r.type,
  amount: formatMoney(r.amount),
  balanceAfter: formatMoney(r.balance_after),
  reference: r.reference,
  note: r.note,
  actorId: r.actor_id,
  actorName: r.actor_name,
  createdAt: new Date(r.created_at).toISOString(),
});

const SORTABLE: Record<string, string> = {
  id: 'e.id',
  createdAt: 'e.created_at',
  amount: 'e.amount',
  balanceAfter: 'e.balance_after',
  type: 'e.type',
  username: 'lower(u.username)',
};

/** `%`, `_` and `\` typed by a person are searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type LedgerFilter = Omit<AdminLedgerQuery, keyof PageQuery>;

function ledgerFilter(query: LedgerFilter): SqlFilter {
  const filter = new SqlFilter();
  filter.addIf(query.userId, 'e.user_id = ?', query.userId);
  const user = query.user?.trim();
  if (user) filter.add('(u.username ilike ? or u.email ilike ?)', likePattern(user), likePattern(user));
  filter.addIf(query.type, 'e.type = ?', query.type);
  filter.addIf(query.from, 'e.created_at >= ?', query.from);
  filter.addIf(query.to, 'e.created_at < ?', query.to);
  const reference = query.reference?.trim();
  if (reference) filter.add('e.reference ilike ?', likePattern(reference));
  return filter;
}

/** Entries matching the filters (a `userId` filter restricts them to one user), newest first by default. */
export async function listEntries(
  q: Queryable,
  query: LedgerFilter & PageQuery,
): Promise<{ list: AdminLedgerEntry[]; total: number }> {
  const filter = ledgerFilter(query);
  const [rows, total] = await Promise.all([
    q.query<EntryRow>(
      `select ${COLUMNS} from ${FROM} ${filter.where}
       ${orderBy(query, SORTABLE, 'e.created_at desc', 'e.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    // Unfiltered: every entry has its user (a foreign key), so the join neither drops nor repeats one.
    listTotal(q, 'ledger_entries', filter, `select count(*)::int as total from ${FROM} ${filter.where}`),
  ]);
  return { list: rows.map(toEntry), total };
}

/** Every entry the filters match, newest first, at most `limit` (CSV export). */
export async function exportEntries(
  q: Queryable,
  query: LedgerFilter,
  limit: number,
): Promise<AdminLedgerEntry[]> {
  const filter = ledgerFilter(query);
  const rows = await q.query<EntryRow>(
    `select ${COLUMNS} from ${FROM} ${filter.where} order by e.created_at desc, e.id desc limit ${Math.trunc(limit)}`,
    filter.values,
  );
  return rows.map(toEntry);
}

export async function findEntry(q: Queryable, id: number): Promise<AdminLedgerEntry | null> {
  const rows = await q.query<EntryRow>(`select ${COLUMNS} from ${FROM} where e.id = $1`, [id]);
  return rows[0] ? toEntry(rows[0]) : null;
}

/** The own-entries filter of a customer: the user id is the caller's, never taken from the request. */
export const ownFilter = (
  userId: number,
  query: Omit<FinanceRecordQuery, keyof PageQuery>,
): LedgerFilter => ({
  userId,
  type: query.type,
  from: query.from,
  to: query.to,
});

type Totals = { user_count: number; entry_count: number; total_balance: string; total_entries: string };

/** Counts and sums of balances and of entries, in one statement (one snapshot). */
export async function ledgerTotals(q: Queryable) {
  const rows = await q.query<Totals>(
    `select (select count(*)::int from users) as user_count,
            (select count(*)::int from ledger_entries) as entry_count,
            (select coalesce(sum(balance), 0)::text from users) as total_balance,
            (select coalesce(sum(amount), 0)::text from ledger_entries) as total_entries`,
  );
  const r = rows[0]!;
  return {
    userCount: r.user_count,
    entryCount: r.entry_count,
    totalBalance: formatMoney(r.total_balance),
    totalEntries: formatMoney(r.total_entries),
  };
}

type MismatchRow = {
  user_id: number;
  username: string;
  balance: string;
  entry_sum: string;
  difference: string;
  entry_count: number;
  total: number;
};

/** Users whose balance is not the sum of their entries (at most `limit`), with how many there are. */
export async function findMismatches(
  q: Queryable,
  limit: number,
): Promise<{ list: ReconciliationMismatch[]; total: number }> {
  const rows = await q.query<MismatchRow>(
    `with sums as (
       select user_id, sum(amount) as total, count(*)::int as n from ledger_entries group by user_id
     ), bad as (
       select u.id as user_id, u.username, u.balance, coalesce(s.total, 0) as entry_sum, coalesce(s.n, 0) as entry_count
       from users u left join sums s on s.user_id = u.id
       where u.balance <> coalesce(s.total, 0)
     )
     select user_id, username, balance::text as balance, entry_sum::text as entry_sum,
            (balance - entry_sum)::text as difference, entry_count, count(*) over ()::int as total
     from bad order by user_id limit ${Math.trunc(limit)}`,
  );
  return {
    list: rows.map((r) => ({
      userId: r.user_id,
      username: r.username,
      balance: formatMoney(r.balance),
      entrySum: formatMoney(r.entry_sum),
      difference: formatMoney(r.difference),
      entryCount: r.entry_count,
    })),
    total: rows[0]?.total ?? 0,
  };
}
