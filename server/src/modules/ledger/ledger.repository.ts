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

export type LedgerOutcome = 'not_found' | 'existing' | 'insufficient' | 'applied';

/**
 * Calls the ledger's one implementation of a balance change, the SQL function `ledger_apply_change`
 * (migration 0011), in one round trip: it locks the user's balance row until the transaction ends,
 * finds an entry of the same reference ('existing', nothing changed), refuses to go below zero
 * ('insufficient'), else moves the balance and writes the entry with the balance after ('applied').
 * Its queries each take a fresh snapshot, as separate statements would: the reference lookup sees
 * what the previous holder of the lock committed.
 */
export async function applyChange(
  q: Queryable,
  change: {
    userId: number;
    type: LedgerType;
    signedAmount: string;
    reference: string;
    note: string;
    actorId: number | null;
  },
): Promise<{ outcome: LedgerOutcome; balanceBefore: string | null; entry: LedgerEntry | null }> {
  const [row] = await q.query<LedgerRow & { outcome: LedgerOutcome; balance_before: string | null }>(
    `select * from ${ledgerChangeCall('$1::int', '$2::text', '$3::numeric', '$4::text', '$5::text', '$6::int')}`,
    [change.userId, change.type, change.signedAmount, change.reference, change.note, change.actorId],
    { prepare: 'ledger-apply-change' },
  );
  return {
    outcome: row!.outcome,
    balanceBefore: row!.balance_before,
    entry: row!.outcome === 'applied' || row!.outcome === 'existing' ? toLedgerEntry(row!) : null,
  };
}

/**
 * The call of `ledger_apply_change` inside a larger statement (the store purchase charges its order in
 * the same statement that writes it), with each argument an SQL expression; the caller must treat every
 * outcome but 'applied' as a failure of the whole statement.
 */
export const ledgerChangeCall = (
  userId: string,
  type: string,
  signedAmount: string,
  reference: string,
  note: string,
  actorId: string,
) => `ledger_apply_change(${userId}, ${type}, ${signedAmount}, ${reference}, ${note}, ${actorId})`;
