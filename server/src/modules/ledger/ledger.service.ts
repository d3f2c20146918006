import { formatMoney, LEDGER_DIRECTION, type LedgerType, toMicros } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { applyChange, type LedgerEntry } from './ledger.repository';

export type BalanceChange = {
  userId: number;
  type: LedgerType;
  /** The size of the change, positive; the type gives the direction (spec §4 transaction types). */
  amount: string;
  /** Unique per business event ('order:42', 'deposit:<txid>', 'adjust:<uuid>'): the same one never applies twice. */
  reference: string;
  note?: string;
  actorId?: number | null;
  /** What to say when the balance does not cover a debit: a purchase names the needed amount. */
  onInsufficient?: (balance: string) => AppError;
};

export type AppliedChange = { entry: LedgerEntry; applied: boolean };

/**
 * The one way a balance changes. Call it inside the caller's transaction: it locks the user's
 * balance row, returns the existing entry if this reference was applied before (idempotent), else
 * moves the balance (never below zero) and writes the entry with the balance after, atomically
 * with whatever else the caller's transaction does. The work is the SQL function
 * `ledger_apply_change` (one round trip); the store purchase calls that same function inside its
 * one statement (`ledgerChangeCall`), so the rules live in one place.
 */
export async function applyBalanceChange(tx: Queryable, change: BalanceChange): Promise<AppliedChange> {
  const magnitude = formatMoney(change.amount);
  if (toMicros(magnitude) <= 0n) throw new AppError('BAD_REQUEST');
  const signed = LEDGER_DIRECTION[change.type] === 1 ? magnitude : `-${magnitude}`;

  const { outcome, balanceBefore, entry } = await applyChange(tx, {
    userId: change.userId,
    type: change.type,
    signedAmount: signed,
    reference: change.reference,
    note: change.note ?? '',
    actorId: change.actorId ?? null,
  });
  if (outcome === 'not_found') throw new AppError('NOT_FOUND');
  if (outcome === 'existing') {
    const same =
      entry!.userId === change.userId &&
      entry!.type === change.type &&
      toMicros(entry!.amount) === toMicros(signed);
    if (!same) throw new AppError('LEDGER_REFERENCE_CONFLICT');
    return { entry: entry!, applied: false };
  }
  if (outcome === 'insufficient') {
    throw (
      change.onInsufficient?.(balanceBefore!) ??
      new AppError('BALANCE_WOULD_BE_NEGATIVE', { balance: formatMoney(balanceBefore!) })
    );
  }
  return { entry: entry!, applied: true };
}
