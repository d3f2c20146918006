import { formatMoney, LEDGER_DIRECTION, type LedgerType, toMicros } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  addToBalance,
  findEntryByReference,
  insertEntry,
  type LedgerEntry,
  lockBalance,
} from './ledger.repository';

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
 * with whatever else the caller's transaction does.
 */
export async function applyBalanceChange(tx: Queryable, change: BalanceChange): Promise<AppliedChange> {
  const magnitude = formatMoney(change.amount);
  if (toMicros(magnitude) <= 0n) throw new AppError('BAD_REQUEST');
  const signed = LEDGER_DIRECTION[change.type] === 1 ? magnitude : `-${magnitude}`;

  const balance = await lockBalance(tx, change.userId);
  if (balance === null) throw new AppError('NOT_FOUND');

  const existing = await findEntryByReference(tx, change.reference);
  if (existing) {
    const same =
      existing.userId === change.userId &&
      existing.type === change.type &&
      toMicros(existing.amount) === toMicros(signed);
    if (!same) throw new AppError('LEDGER_REFERENCE_CONFLICT');
    return { entry: existing, applied: false };
  }

  const balanceAfter = await addToBalance(tx, change.userId, signed);
  if (balanceAfter === null) {
    throw (
      change.onInsufficient?.(balance) ??
      new AppError('BALANCE_WOULD_BE_NEGATIVE', { balance: formatMoney(balance) })
    );
  }
  const entry = await insertEntry(tx, {
    userId: change.userId,
    type: change.type,
    amount: signed,
    balanceAfter,
    reference: change.reference,
    note: change.note ?? '',
    actorId: change.actorId ?? null,
  });
  return { entry, applied: true };
}
