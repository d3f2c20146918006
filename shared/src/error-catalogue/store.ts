import type { ErrorCatalogue } from './types';

/** Errors of the SMS center: the API store (spec §5 store-order rules), orders, rentals, code links. */
export const STORE_ERRORS = {
  /** Spec §5/§8: stock must suffice; nothing at all is available for the choice. */
  STOCK_INSUFFICIENT: {
    status: 400,
    'zh-CN': '库存不足，请选择其他国家、运营商或卡类型',
    'en-US': 'Insufficient stock, please choose another country, operator or card type',
  },
  /** Spec §5/§8: some stock, but less than asked; partial orders are refused, never half-sold. */
  VALIDITY_STOCK_INSUFFICIENT: {
    status: 400,
    'zh-CN':
      '所选有效期库存不足：最多可购买 {max} 个，当前可用 {available} 个，需要 {needed} 个，请减少数量或选择其他有效期',
    'en-US':
      'Not enough stock for the chosen validity: at most {max} can be bought, {available} available, {needed} needed; reduce the quantity or pick another validity',
  },
  /** Spec §5: quantity not above the maximum purchasable. */
  QUANTITY_ABOVE_MAX: {
    status: 400,
    'zh-CN': '购买数量不能超过单次最大可购买数量 {max}',
    'en-US': 'The quantity cannot be above the maximum purchasable per order, {max}',
  },
  PRICE_NOT_SET: {
    status: 400,
    'zh-CN': '该应用、国家和有效期的组合暂未定价，暂不可购买',
    'en-US': 'This application, country and validity are not priced yet and cannot be bought',
  },
  /** An application, country, operator or validity that is unknown or not on sale (disabled). */
  STORE_CHOICE_UNAVAILABLE: {
    status: 400,
    'zh-CN': '所选的应用、国家、运营商或有效期不存在或已下架，请重新选择',
    'en-US':
      'The chosen application, country, operator or validity does not exist or is not on sale, please choose again',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    'zh-CN': '该幂等键已用于另一笔内容不同的订单',
    'en-US': 'This idempotency key was already used for a different order',
  },
  /** Spec §8: order failed, try again later (a conflict the database resolved by aborting us). */
  ORDER_FAILED: {
    status: 503,
    'zh-CN': '下单失败，请稍后重试',
    'en-US': 'The order failed, please try again later',
  },
  ORDER_NOT_FOUND: { status: 404, 'zh-CN': '订单不存在', 'en-US': 'The order does not exist' },
  /** Spec §4: an administrator completes or cancels pending orders only. */
  ORDER_NOT_PENDING: {
    status: 409,
    'zh-CN': '只有待处理的订单可以完成或取消',
    'en-US': 'Only a pending order can be completed or cancelled',
  },
  RENTAL_NOT_FOUND: { status: 404, 'zh-CN': '号码不存在', 'en-US': 'The number does not exist' },
  RENTAL_NOT_ACTIVE: {
    status: 409,
    'zh-CN': '该号码不在使用中，不能执行此操作',
    'en-US': 'This number is not active, so this cannot be done',
  },
  RENTAL_NOT_SUSPENDED: { status: 409, 'zh-CN': '该号码未被封停', 'en-US': 'This number is not suspended' },
  RENTAL_SUSPENDED: {
    status: 409,
    'zh-CN': '该号码已被管理员封停，请联系客服',
    'en-US': 'This number was suspended by an administrator, please contact support',
  },
  RENTAL_ENDED: {
    status: 409,
    'zh-CN': '该号码已结束（已过期、已完成或已取消）',
    'en-US': 'This number has ended (expired, finished or cancelled)',
  },
  ACTIVATION_ONLY: {
    status: 409,
    'zh-CN': '只有按次激活的号码可以执行此操作',
    'en-US': 'Only an activation can do this',
  },
  ACTIVATION_CANCEL_TOO_EARLY: {
    status: 409,
    'zh-CN': '购买 2 分钟后才能取消，请 {seconds} 秒后再试',
    'en-US': 'An activation can be cancelled 2 minutes after purchase; try again in {seconds} seconds',
  },
  ACTIVATION_CODE_RECEIVED: {
    status: 409,
    'zh-CN': '已收到短信，不能取消退款，请点击完成',
    'en-US': 'An SMS has arrived, so it cannot be cancelled for a refund; finish it instead',
  },
  ACTIVATION_NO_CODE_YET: {
    status: 409,
    'zh-CN': '尚未收到短信；未收到短信可在 2 分钟后取消并退款',
    'en-US': 'No SMS has arrived yet; without one, cancel after 2 minutes for a refund',
  },
  CODE_TOKEN_NOT_FOUND: {
    status: 404,
    'zh-CN': '取码链接无效',
    'en-US': 'This code link is not valid',
  },
} as const satisfies ErrorCatalogue;
