import type { Order, OrderDetail, PurchaseInput } from '@jiema/shared';
import type { BoundRental, InsertedOrder, PurchaseContext } from './purchase.repository';

/**
 * The order a purchase just wrote, as its buyer sees it, from what the writing statement returned
 * (the order, its rentals, and the context it checked): no read after the write. Our own stock and
 * numbers from other sources answer alike.
 */
export function purchasedOrderDetail(
  buyer: { id: number; username: string },
  input: Pick<PurchaseInput, 'applicationId' | 'quantity' | 'smsType' | 'cardType' | 'validityOptionId'>,
  ctx: PurchaseContext,
  order: InsertedOrder,
  bound: BoundRental[],
  token: string,
): OrderDetail {
  return {
    id: order.id,
    orderNo: order.order_no,
    userId: buyer.id,
    username: buyer.username,
    applicationId: input.applicationId,
    applicationCode: ctx.app_code!,
    applicationNameZh: ctx.app_name_zh!,
    applicationNameEn: ctx.app_name_en!,
    countryCode: order.country_code.trim(),
    countryNameZh: ctx.country_name_zh!,
    countryNameEn: ctx.country_name_en!,
    countryFlag: ctx.country_flag ?? '',
    operatorId: order.operator_id,
    operatorName: order.operator_id === null ? null : ctx.op_name,
    prefix: order.prefix,
    quantity: input.quantity,
    unitPrice: order.unit_price,
    amount: order.amount,
    refundedAmount: '0.000000',
    smsType: input.smsType,
    cardType: input.cardType,
    validityOptionId: input.validityOptionId,
    validityKind: order.validity_kind,
    validityMinutes: order.validity_minutes,
    validDays: Math.round((order.validity_minutes / 1440) * 10_000) / 10_000,
    status: order.status as Order['status'],
    token,
    demo: ctx.buyer_demo === true,
    createdAt: new Date(order.created_at).toISOString(),
    completedAt: order.completed_at ? new Date(order.completed_at).toISOString() : null,
    cancelledAt: null,
    phoneList: bound.map((b) => b.phone_number),
    phones: bound.map((b) => ({
      rentalId: b.id,
      phoneNumber: b.phone_number,
      status: 'active',
      expiresAt: new Date(b.expires_at).toISOString(),
      token: b.token,
      latestCode: null,
      latestCodeAt: null,
      refunded: false,
    })),
  };
}
