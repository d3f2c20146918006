import { z } from 'zod';
import { LEDGER_TYPES } from '../money';
import { ZPageQuery } from '../pagination';
import { ZMoney } from './user';

/**
 * The ledger as people see it: a customer's own entries (finance detail), every entry for the
 * administration (finance log), and the reconciliation of balances against their entries.
 */

const MAX_ID = 2_147_483_647;

/** A time filter: ISO 8601 with a time zone (the browser sends the start and end of the chosen days). */
export const ZDateTimeFilter = z.iso
  .datetime({ offset: true, error: 'validation.userDateFormat' })
  .optional();

export const ZLedgerType = z.enum(LEDGER_TYPES, { error: 'validation.ledgerTypeInvalid' });

/** Records list at most this many rows into one CSV file. */
export const EXPORT_MAX_ROWS = 100_000;

/** One of the caller's own entries (spec §3: finance record). */
export const ZFinanceRecord = z.object({
  id: z.number().int(),
  type: ZLedgerType,
  /** Signed: positive credits, negative debits. */
  amount: ZMoney,
  balanceAfter: ZMoney,
  reference: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type FinanceRecord = z.infer<typeof ZFinanceRecord>;

/** An entry of anyone, for administrators: who it belongs to and who made it (null: the system). */
export const ZAdminLedgerEntry = ZFinanceRecord.extend({
  userId: z.number().int(),
  username: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof ZAdminLedgerEntry>;

const ledgerFilters = {
  type: ZLedgerType.optional(),
  from: ZDateTimeFilter,
  to: ZDateTimeFilter,
};

/** The caller's own entries: type and date filters. */
export const ZFinanceRecordQuery = ZPageQuery.extend(ledgerFilters);
export type FinanceRecordQuery = z.infer<typeof ZFinanceRecordQuery>;

export const ZFinanceRecordParams = z.object({
  id: z.coerce.number({ error: 'validation.userIdFormat' }).int().min(1).max(MAX_ID),
});

/** Everyone's entries: also by user (id, or username / email text) and by reference. */
export const ZAdminLedgerQuery = ZPageQuery.extend({
  ...ledgerFilters,
  userId: z.coerce
    .number({ error: 'validation.userIdFormat' })
    .int('validation.userIdFormat')
    .min(1, 'validation.userIdFormat')
    .max(MAX_ID, 'validation.userIdFormat')
    .optional(),
  user: z.string().trim().max(64, 'validation.userKeywordLength').optional(),
  reference: z.string().trim().max(200, 'validation.ledgerReferenceLength').optional(),
});
export type AdminLedgerQuery = z.infer<typeof ZAdminLedgerQuery>;

/** A user whose balance differs from the sum of their entries (PRODUCT.md §4: never expected). */
export const ZReconciliationMismatch = z.object({
  userId: z.number().int(),
  username: z.string(),
  balance: ZMoney,
  entrySum: ZMoney,
  /** balance - entrySum */
  difference: ZMoney,
  entryCount: z.number().int(),
});
export type ReconciliationMismatch = z.infer<typeof ZReconciliationMismatch>;

/**
 * What is wrong in a SIM-farm agent's earnings ledger (never expected): a sold activation without its
 * credit (`sale_not_credited`), a credit for one not sold (`credit_without_sale`), a refunded sale
 * whose credit was not reversed (`refund_not_reversed`), a reversal without a credit
 * (`reversal_without_credit`), an entry that is not ± the activation's pay or of another agent
 * (`wrong_amount`, `wrong_agent`), or payouts above what was earned (`overpaid`).
 */
export const ZAgentEarningsProblem = z.enum([
  'sale_not_credited',
  'credit_without_sale',
  'refund_not_reversed',
  'reversal_without_credit',
  'wrong_amount',
  'wrong_agent',
  'overpaid',
]);
export type AgentEarningsProblem = z.infer<typeof ZAgentEarningsProblem>;

export const ZAgentEarningsMismatch = z.object({
  agentId: z.number().int(),
  agentName: z.string(),
  /** The activation concerned (null for `overpaid`, which is about the agent's total). */
  activationId: z.number().int().nullable(),
  problem: ZAgentEarningsProblem,
  /** In the agent's currency: what the ledger should hold and what it holds. */
  expected: ZMoney,
  actual: ZMoney,
});
export type AgentEarningsMismatch = z.infer<typeof ZAgentEarningsMismatch>;

/** Every agent's ledger against its activations: credited on a sale (3), reversed on a refund (5), paid out. */
export const ZAgentEarningsReconciliation = z.object({
  agentCount: z.number().int(),
  entryCount: z.number().int(),
  /** USDT (each entry at the rate of its day). */
  credited: ZMoney,
  reversed: ZMoney,
  paidOut: ZMoney,
  /** credited + reversed + paidOut (reversals and payouts are negative): what is still owed. */
  owed: ZMoney,
  mismatchCount: z.number().int(),
  /** The first mismatches (at most 1000). */
  mismatches: z.array(ZAgentEarningsMismatch),
});
export type AgentEarningsReconciliation = z.infer<typeof ZAgentEarningsReconciliation>;

/** For every user, balance == sum of entries; the totals checked and the users that do not match. */
export const ZReconciliation = z.object({
  checkedAt: z.string(),
  userCount: z.number().int(),
  entryCount: z.number().int(),
  /** Sum of every user's balance. */
  totalBalance: ZMoney,
  /** Sum of every ledger entry. */
  totalEntries: ZMoney,
  mismatchCount: z.number().int(),
  /** The first mismatches (at most 1000), by user id. */
  mismatches: z.array(ZReconciliationMismatch),
  /** What we owe SIM-farm agents, checked against their activations. */
  agents: ZAgentEarningsReconciliation,
});
export type Reconciliation = z.infer<typeof ZReconciliation>;
