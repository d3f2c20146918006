import { toMicros, type UnmatchedReason } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { depositsCredited } from '../../lib/metrics';
import { applyBalanceChange } from '../ledger/ledger.service';
import { takeDepositRow, updateDeposit } from './deposits.repository';
import { lockCandidateOrders, markOrderPaid } from './recharge-orders.repository';
import type { ChainTransfer } from './usdt-transfer';

/** Chain time and our clock may differ a little: an assignment this much after the block still counts. */
const SKEW_MS = 2 * 60_000;

type Owner =
  | { kind: 'user'; userId: number; orderId: number | null }
  | { kind: 'none'; reason: UnmatchedReason };

/**
 * Whose deposit this is. A pool address: the user it was given to (before the block). A shared
 * address: the one recharge order of exactly this amount placed before it, open or expired (a late
 * payment still finds its order); none or several → nobody: the administrators decide, never a guess.
 */
async function findOwner(
  q: Queryable,
  t: ChainTransfer,
  minAmount: string,
  lockOrders: boolean,
): Promise<Owner> {
  const [address] = await q.query<{
    id: number;
    shared: boolean;
    assigned_user_id: number | null;
    assigned_at: Date | null;
  }>(
    `select a.id, a.shared, u.id as assigned_user_id, a.assigned_at
     from tron_addresses a left join users u on u.id = a.assigned_user_id where a.address = $1`,
    [t.to],
  );
  if (!address) return { kind: 'none', reason: 'unknown_address' };
  if (address.shared) {
    const orders = lockOrders
      ? await lockCandidateOrders(q, address.id, t.amount, t.blockAt)
      : await q.query<{ id: number; user_id: number }>(
          `select id, user_id from recharge_orders where address_id = $1 and amount = $2
             and status in ('open', 'expired') and created_at <= $3::timestamptz + interval '2 minutes'`,
          [address.id, t.amount, t.blockAt],
        );
    if (orders.length === 1) return { kind: 'user', userId: orders[0]!.user_id, orderId: orders[0]!.id };
    return { kind: 'none', reason: orders.length === 0 ? 'no_order' : 'ambiguous' };
  }
  const assignedInTime =
    address.assigned_user_id !== null &&
    address.assigned_at !== null &&
    address.assigned_at.getTime() <= t.blockMs + SKEW_MS;
  if (!assignedInTime) return { kind: 'none', reason: 'unassigned' };
  if (toMicros(t.amount) < toMicros(minAmount)) return { kind: 'none', reason: 'below_minimum' };
  return { kind: 'user', userId: address.assigned_user_id!, orderId: null };
}

export type SettleOutcome = 'credited' | 'unmatched' | 'already';

/**
 * A solidified Transfer event, inside the caller's transaction: its row is taken and locked (a second
 * watcher reading the same event waits here, then finds it settled), then credited through the ledger
 * with the transaction id and event index as reference, or left for the administrators. Once, ever.
 */
export async function settleConfirmedTransfer(
  tx: Queryable,
  t: ChainTransfer & { eventIndex: number },
  minAmount: string,
): Promise<SettleOutcome> {
  const row = await takeDepositRow(tx, t);
  if (row.status === 'credited' || row.status === 'unmatched') return 'already';
  const owner = await findOwner(tx, t, minAmount, true);
  if (owner.kind === 'none') {
    await updateDeposit(tx, row.id, {
      status: 'unmatched',
      reason: owner.reason,
      userId: null,
      confirmed: true,
    });
    return 'unmatched';
  }
  const { entry } = await applyBalanceChange(tx, {
    userId: owner.userId,
    type: 'recharge',
    amount: t.amount,
    reference: depositReference(t.txId, t.eventIndex),
    note: `USDT-TRC20 ${t.txId}`,
  });
  if (owner.orderId !== null) await markOrderPaid(tx, owner.orderId);
  await updateDeposit(tx, row.id, {
    status: 'credited',
    reason: '',
    userId: owner.userId,
    rechargeOrderId: owner.orderId,
    ledgerEntryId: entry.id,
    confirmed: true,
    credited: true,
  });
  // Counted as written: the watcher's transaction ends right after.
  depositsCredited.inc();
  return 'credited';
}

/**
 * The ledger reference of a deposit: the same Transfer event never pays twice. Rows credited before
 * deposits were keyed by event (no index) kept the transaction id alone.
 */
export const depositReference = (txId: string, eventIndex: number | null) =>
  eventIndex === null ? `deposit:${txId}` : `deposit:${txId}:${eventIndex}`;

/**
 * A transfer in a block not yet solidified: shown to its likely owner as `seen`, then `confirming`
 * when a later look still finds it unsolidified. Nothing is credited here; its row has no event index
 * (this API does not give one) until the solidified event takes it over, and none is written when the
 * event was settled already.
 */
export async function noteUnconfirmedTransfer(q: Queryable, t: ChainTransfer, minAmount: string) {
  const owner = await findOwner(q, t, minAmount, false);
  await q.query(
    `insert into usdt_deposits (tx_id, to_address, from_address, amount, block_at, status, user_id, recharge_order_id)
     select $1::text, $2::text, $3::text, $4::numeric, $5::timestamptz, 'seen', $6::int, $7::int
     where not exists (select 1 from usdt_deposits where tx_id = $1 and to_address = $2 and amount = $4
                       and event_index is not null)
     on conflict (tx_id, to_address, amount) where event_index is null
       do update set status = 'confirming', updated_at = now() where usdt_deposits.status = 'seen'`,
    [
      t.txId,
      t.to,
      t.from,
      t.amount,
      t.blockAt,
      owner.kind === 'user' ? owner.userId : null,
      owner.kind === 'user' ? owner.orderId : null,
    ],
  );
}
