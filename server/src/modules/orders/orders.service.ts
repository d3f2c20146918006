import {
  type AdminOrderFilter,
  type AdminOrderListQuery,
  fromMicros,
  HOLDING_RENTAL_STATUSES,
  type Order,
  type OrderDetail,
  type OrderListQuery,
  type Rental,
  toMicros,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import { applyBalanceChange } from '../ledger/ledger.service';
import { endElsewhereToo } from '../number-sources/number-source';
import { withServedBy } from '../number-sources/upstream/served-by';
import { endRentals } from '../rentals/rental-endings';
import { lockRentalsOfOrder, rentalsOfOrder } from '../rentals/rentals.repository';
import { storeTransaction } from '../store/transaction';
import {
  exportOrders,
  findOrder,
  listOrders,
  lockOrder,
  markOrderCompleted,
  markOrderRefunded,
} from './orders.repository';

export type OrdersService = ReturnType<typeof createOrdersService>;

/** The most rows one export answers. */
export const ORDER_EXPORT_LIMIT = 20_000;

/** The ledger reference of an administrator's cancellation: the order is refunded once. */
export const orderRefundReference = (orderId: number) => `refund:order:${orderId}`;

const holding = (status: string) => (HOLDING_RENTAL_STATUSES as readonly string[]).includes(status);

export const orderPhones = (rentals: Rental[]) =>
  rentals.map((r) => ({
    rentalId: r.id,
    phoneNumber: r.phoneNumber,
    status: r.status,
    expiresAt: r.expiresAt,
    token: r.token,
    latestCode: r.latestCode,
    latestCodeAt: r.latestCodeAt,
    refunded: r.refundedAt !== null,
  }));

/** Orders of the SMS center: the buyer's list and details, the administrators' logs and their complete/cancel. */
export function createOrdersService({ db, cooldownMinutes }: { db: Db; cooldownMinutes: number }) {
  /** The buyer sees only the numbers they still own (a transferred one's new token is not theirs). */
  const detail = async (order: Order | null, buyerView = false): Promise<OrderDetail> => {
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const rentals = await rentalsOfOrder(db, order.id, buyerView ? order.userId : undefined);
    return { ...order, phones: orderPhones(rentals) };
  };

  return {
    async list(userId: number | null, query: OrderListQuery | AdminOrderListQuery) {
      const { list, total } = await listOrders(db, query, userId);
      return paged(list, total, query);
    },

    get: async (userId: number | null, id: number) =>
      detail(await findOrder(db, id, userId), userId !== null),

    export: (userId: number | null, query: Partial<AdminOrderFilter>) =>
      exportOrders(db, query, userId, ORDER_EXPORT_LIMIT),

    /** Administrators' views: each order with the provider that served it (null: our own stock). */
    async adminList(query: AdminOrderListQuery) {
      const { list, total } = await listOrders(db, query, null);
      return paged(await withServedBy(db, 'order', list), total, query);
    },

    async adminGet(id: number) {
      const [order] = await withServedBy(db, 'order', [await detail(await findOrder(db, id, null))]);
      return order!;
    },

    adminExport: async (query: Partial<AdminOrderFilter>) =>
      withServedBy(db, 'order', await exportOrders(db, query, null, ORDER_EXPORT_LIMIT)),

    /**
     * Spec §4: an administrator completes a pending order after a confirmation: its open numbers are
     * finished (no refund) and the order is completed.
     */
    async complete(actor: Actor, id: number) {
      await storeTransaction(db, async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        if (order.status !== 'pending') throw new AppError('ORDER_NOT_PENDING');
        const open = (await lockRentalsOfOrder(tx, id)).filter((r) => holding(r.status));
        await endRentals(
          tx,
          open.map((rental) => ({ rental, status: 'finished', refund: false })),
          cooldownMinutes,
        );
        await endElsewhereToo(
          tx,
          open.map((r) => r.id),
        );
        await markOrderCompleted(tx, id);
        await audit(tx, actor, {
          action: 'complete',
          entity: 'store_order',
          entityId: id,
          before: { status: order.status },
          after: { status: 'completed', finishedNumbers: open.length },
        });
      });
      return detail(await findOrder(db, id, null));
    },

    /**
     * Spec §4: an administrator cancels a pending order after a confirmation: its open numbers are
     * released and whatever was not refunded yet goes back in one ledger entry, `refund:order:<id>`,
     * so a repeated cancel (or one racing the sweep) never pays twice.
     */
    async cancel(actor: Actor, id: number) {
      await storeTransaction(db, async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        if (order.status !== 'pending') throw new AppError('ORDER_NOT_PENDING');
        const open = (await lockRentalsOfOrder(tx, id)).filter((r) => holding(r.status));
        await endRentals(
          tx,
          open.map((rental) => ({ rental, status: 'cancelled', refund: false })),
          cooldownMinutes,
        );
        await endElsewhereToo(
          tx,
          open.map((r) => r.id),
        );
        const remaining = toMicros(order.amount) - toMicros(order.refunded_amount);
        if (remaining > 0n) {
          await applyBalanceChange(tx, {
            userId: order.user_id,
            type: 'refund',
            amount: fromMicros(remaining),
            reference: orderRefundReference(id),
            note: order.order_no,
            actorId: actor.id,
          });
        }
        await markOrderRefunded(tx, id);
        await audit(tx, actor, {
          action: 'cancel',
          entity: 'store_order',
          entityId: id,
          before: { status: order.status, refundedAmount: order.refunded_amount },
          after: { status: 'cancelled', refund: fromMicros(remaining > 0n ? remaining : 0n) },
        });
      });
      return detail(await findOrder(db, id, null));
    },
  };
}
