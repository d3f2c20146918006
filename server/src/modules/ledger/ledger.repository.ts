import type { LedgerType } from '@jiema/shared';
import type { Queryable } from '../../db/client';

export type LedgerEntry = {
  id: number;
  userId: number;
  type: LedgerType;
  amount: string;
  balanceAfter: string;
  reference: string;
  note: string;
  actorId: number | null;
  createdAt: Date;
};

type LedgerRow = {
  id: number;
  user_id: number;
  type: LedgerType;
  amount: string;
  balance_after: string;
  reference: string;
  note: string;
  actor_id: number | null;
  created_at: Date;
};

export const LEDGER_COLUMNS =
  'e.id, e.user_id, e.type, e.amount::text as amount, e.balance_after::text as balance_after, e.reference, e.note, e.actor_id, e.created_at';

export const toLedgerEntry = (r: LedgerRow): LedgerEntry => ({
  id: r.id,
  userId: r.user_id,
  type: r.type,
  amount: r.amount,
  balanceAfter: r.balance_after,
  reference: r.reference,
  note: r.note,
  actorId: r.actor_id,
  createdAt: r.created_at,
});

/** Locks the user's balance row until the transaction ends: balance changes of one user run one at a time. */
export async function lockBalance(q: Queryable, userId: number): Promise<string | null> {
  const rows = await q.query<{ balance: string }>(
    'select balance::text as balance from users where id = $1 for update',
    [userId],
  );
  return rows[0]?.balance ?? null;
}

export async function findEntryByReference(q: Queryable, reference: string): Promise<LedgerEntry | null> {
  const rows = await q.query<LedgerRow>(
    `select ${LEDGER_COLUMNS} from ledger_entries e where e.reference = $1`,
    [reference],
  );
  return rows[0] ? toLedgerEntry(rows[0]) : null;
}

/** Adds `amount` to the balance unless it would go below zero; returns the new balance, or null when refused. */
export async function addToBalance(q: Queryable, userId: number, amount: string): Promise<string | null> {
  const rows = await q.query<{ balance: string }>(
    `update users set balance = balance + $2::numeric, updated_at = now()
     where id = $1 and balance + $2::numeric >= 0 returning balance::text as balance`,
    [userId, amount],
  );
  return rows[0]?.balance ?? null;
}

export async function insertEntry(
  q: Queryable,
  entry: Omit<LedgerEntry, 'id' | 'createdAt'>,
): Promise<LedgerEntry> {
  const rows = await q.query<LedgerRow>(
    `insert into ledger_entries as e (user_id, type, amount, balance_after, reference, note, actor_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${LEDGER_COLUMNS}`,
    [entry.userId, entry.type, entry.amount, entry.balanceAfter, entry.reference, entry.note, entry.actorId],
  );
  return toLedgerEntry(rows[0]!);
}
