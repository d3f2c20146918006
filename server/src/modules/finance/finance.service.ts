import {
  type AdminLedgerEntry,
  type AdminLedgerQuery,
  EXPORT_MAX_ROWS,
  type FinanceRecord,
  type FinanceRecordQuery,
  type Reconciliation,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { agentEarningsTotals, findAgentEarningsMismatches } from './agent-earnings-check.repository';
import {
  exportEntries,
  findEntry,
  findMismatches,
  type LedgerFilter,
  ledgerTotals,
  listEntries,
  ownFilter,
} from './finance.repository';

export type FinanceService = ReturnType<typeof createFinanceService>;

const MISMATCHES_SHOWN = 1000;

/** What a customer sees of their own entry: not who made it. */
export const toFinanceRecord = (e: AdminLedgerEntry): FinanceRecord => ({
  id: e.id,
  type: e.type,
  amount: e.amount,
  balanceAfter: e.balanceAfter,
  reference: e.reference,
  note: e.note,
  createdAt: e.createdAt,
});

export function createFinanceService({ db }: { db: Db }) {
  return {
    /** The caller's own entries only: the user id comes from the session, never from the request. */
    async listOwn(userId: number, query: FinanceRecordQuery) {
      const { list, total } = await listEntries(db, { ...query, ...ownFilter(userId, query) });
      return paged(list.map(toFinanceRecord), total, query);
    },

    async exportOwn(userId: number, query: FinanceRecordQuery) {
      return (await exportEntries(db, ownFilter(userId, query), EXPORT_MAX_ROWS)).map(toFinanceRecord);
    },

    /** One of the caller's entries; someone else's is "not found", never shown. */
    async findOwn(userId: number, id: number) {
      const entry = await findEntry(db, id);
      if (!entry || entry.userId !== userId) throw new AppError('NOT_FOUND');
      return toFinanceRecord(entry);
    },

    async listAll(query: AdminLedgerQuery) {
      const { list, total } = await listEntries(db, query);
      return paged(list, total, query);
    },

    exportAll: (query: LedgerFilter) => exportEntries(db, query, EXPORT_MAX_ROWS),

    /**
     * PRODUCT.md §4: for every user, balance == sum of entries; and what we owe SIM-farm agents agrees
     * with their activations (a credit per sale, a reversal per refunded sale, no agent paid out more than
     * it earned). Read in one repeatable-read snapshot, so writes committing meanwhile cannot make
     * consistent books look wrong.
     */
    async reconcile(): Promise<Reconciliation> {
      return db.transaction(async (tx) => {
        await tx.query('set transaction isolation level repeatable read');
        const totals = await ledgerTotals(tx);
        const mismatches = await findMismatches(tx, MISMATCHES_SHOWN);
        const agentTotals = await agentEarningsTotals(tx);
        const agentMismatches = await findAgentEarningsMismatches(tx, MISMATCHES_SHOWN);
        return {
          checkedAt: new Date().toISOString(),
          ...totals,
          mismatchCount: mismatches.total,
          mismatches: mismatches.list,
          agents: {
            ...agentTotals,
            mismatchCount: agentMismatches.total,
            mismatches: agentMismatches.list,
          },
        };
      });
    },
  };
}
