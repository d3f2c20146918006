import type { RechargeOrder } from '@jiema/shared';
import type { Queryable } from '../../db/client';

type OrderRow = {
  id: number;
  address: string;
  requested_amount: string;
  amount: string;
  status: RechargeOrder['status'];
  expires_at: Date;
  paid_at: Date | null;
  created_at: Date;
};

const COLUMNS = `id, address, requested_amount::text as requested_amount, amount::text as amount, status,
  expires_at, paid_at, created_at`;

const toOrder = (r: OrderRow): RechargeOrder => ({
  id: r.id,
  address: r.address,
  requestedAmount: r.requested_amount,
  amount: r.amount,
  status: r.status,
  expiresAt: r.expires_at.toISOString(),
  paidAt: r.paid_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** Orders past their time stop reserving their amount (a late payment of it still finds them). */
export async function expireDueOrders(q: Queryable): Promise<void> {
  await q.query(
    `update recharge_orders set status = 'expired' where status = 'open' and expires_at <= now()`,
  );
}

export async function findOpenOrder(q: Queryable, userId: number): Promise<RechargeOrder | null> {
  const rows = await q.query<OrderRow>(
    `select ${COLUMNS} from recharge_orders where user_id = $1 and status = 'open' and expires_at > now()`,
    [userId],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function findOwnOrder(q: Queryable, userId: number, id: number): Promise<RechargeOrder | null> {
  const rows = await q.query<OrderRow>(
    `select ${COLUMNS} from recharge_orders where user_id = $1 and id = $2`,
    [userId, id],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function listSharedAddresses(q: Queryable): Promise<Array<{ id: number; address: string }>> {
  return q.query(`select id, address from tron_addresses where shared and enabled order by id`);
}

/**
 * Amounts that would make a payment ambiguous on these addresses: those of open orders, and those of
 * orders that expired unpaid in the last day (their late payment must still find one order only).
 */
export async function reservedAmounts(
  q: Queryable,
  addressIds: number[],
  min: string,
  max: string,
): Promise<Set<string>> {
  const rows = await q.query<{ address_id: number; amount: string }>(
    `select address_id, amount::text as amount from recharge_orders
     where address_id = any($1::int[]) and amount between $2 and $3
       and (status = 'open' or (status = 'expired' and created_at > now() - interval '1 day'))`,
    [addressIds, min, max],
  );
  return new Set(rows.map((r) => `${r.address_id}:${r.amount}`));
}

export async function insertOrder(
  q: Queryable,
  input: {
    userId: number;
    addressId: number;
    address: string;
    requested: string;
    amount: string;
    minutes: number;
  },
): Promise<RechargeOrder> {
  const rows = await q.query<OrderRow>(
    `insert into recharge_orders (user_id, address_id, address, requested_amount, amount, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6)) returning ${COLUMNS}`,
    [input.userId, input.addressId, input.address, input.requested, input.amount, input.minutes],
  );
  return toOrder(rows[0]!);
}

export async function cancelOpenOrder(q: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await q.query(
    `update recharge_orders set status = 'cancelled' where id = $1 and user_id = $2 and status = 'open' returning id`,
    [id, userId],
  );
  return rows.length > 0;
}

/** The orders a payment of `amount` to a shared address could be for: placed before it, not paid or cancelled. */
export async function lockCandidateOrders(
  q: Queryable,
  addressId: number,
  amount: string,
  blockAt: Date,
): Promise<Array<{ id: number; user_id: number }>> {
  return q.query(
    `select id, user_id from recharge_orders
     where address_id = $1 and amount = $2 and status in ('open', 'expired')
       and created_at <= $3::timestamptz + interval '2 minutes'
     order by id for update`,
    [addressId, amount, blockAt],
  );
}

export async function markOrderPaid(q: Queryable, id: number): Promise<void> {
  await q.query(`update recharge_orders set status = 'paid', paid_at = now() where id = $1`, [id]);
}
