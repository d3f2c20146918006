import type { Queryable } from '../../db/client';
import { HOLDING } from '../store/store.repository';

/**
 * A rental that had ended unrefunded is refunded after all (its number's provider refunded late):
 * cancelled, refunded, the refund added to its order, which is cancelled when no rental of it is left
 * unrefunded (as an administrator's refund of a whole order leaves it). False: refunded already.
 */
export async function markRefundedAfterEnd(q: Queryable, rental: { id: number; order_id: number }) {
  const rows = await q.query<{ price: string }>(
    `update rentals set status = 'cancelled', refunded_at = now(), refund_amount = price, updated_at = now()
     where id = $1 and refunded_at is null and status not in ${HOLDING} returning price::text as price`,
    [rental.id],
  );
  if (rows.length === 0) return false;
  await q.query(
    `update store_orders o set refunded_amount = o.refunded_amount + $2::numeric, updated_at = now(),
       status = case when o.status = 'completed'
         and not exists (select 1 from rentals r where r.order_id = o.id and r.refunded_at is null)
         then 'cancelled' else o.status end
     where o.id = $1`,
    [rental.order_id, rows[0]!.price],
  );
  await q.query(
    `update store_orders set cancelled_at = coalesce(cancelled_at, now()), completed_at = null
     where id = $1 and status = 'cancelled'`,
    [rental.order_id],
  );
  return true;
}
