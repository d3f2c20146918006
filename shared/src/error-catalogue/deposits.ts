import type { ErrorCatalogue } from './types';

/** Errors of recharges: deposit addresses, recharge orders and the administrators' queue. */
export const DEPOSITS_ERRORS = {
  RECHARGE_NO_ADDRESS: {
    status: 409,
    'zh-CN': '暂无可用的充值地址，请联系客服',
    'en-US': 'No deposit address is available right now; please contact support',
  },
  RECHARGE_ORDERS_UNAVAILABLE: {
    status: 409,
    'zh-CN': '您已有专属充值地址，直接转账到该地址即可',
    'en-US': 'You have your own deposit address: send to it directly',
  },
  RECHARGE_AMOUNT_TOO_SMALL: {
    status: 400,
    'zh-CN': '充值金额不能低于 {min} USDT',
    'en-US': 'The recharge amount must be at least {min} USDT',
  },
  RECHARGE_AMOUNT_TOO_LARGE: {
    status: 400,
    'zh-CN': '单笔充值订单最多 {max} USDT',
    'en-US': 'A recharge order can be at most {max} USDT',
  },
  RECHARGE_ORDER_OPEN: {
    status: 409,
    'zh-CN': '您已有一个未完成的充值订单，请先完成或取消',
    'en-US': 'You already have an open recharge order: pay or cancel it first',
  },
  RECHARGE_AMOUNTS_EXHAUSTED: {
    status: 409,
    'zh-CN': '当前充值人数过多，请稍后再试或更换金额',
    'en-US': 'Too many recharges are open right now; try again shortly or choose another amount',
  },
  RECHARGE_ORDER_NOT_FOUND: {
    status: 404,
    'zh-CN': '充值订单不存在或已结束',
    'en-US': 'The recharge order does not exist or is over',
  },
  DEPOSIT_NOT_FOUND: { status: 404, 'zh-CN': '充值记录不存在', 'en-US': 'The deposit does not exist' },
  DEPOSIT_NOT_UNMATCHED: {
    status: 409,
    'zh-CN': '该笔充值已入账或尚未确认，不能再分配',
    'en-US': 'This deposit is already credited or not yet confirmed; it cannot be attached',
  },
  DEPOSIT_USER_NOT_FOUND: {
    status: 404,
    'zh-CN': '用户 {username} 不存在',
    'en-US': 'User {username} does not exist',
  },
} as const satisfies ErrorCatalogue;
