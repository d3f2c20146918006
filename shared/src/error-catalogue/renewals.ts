import type { ErrorCatalogue } from './types';

/**
 * Errors of the renewal center. Each refusal of a rental names its number, so a user who chose
 * many knows which one to take out.
 */
export const RENEWALS_ERRORS = {
  RENEWAL_ACTIVATION: {
    status: 409,
    'zh-CN': '号码 {number} 是按次激活的号码，不能续费；只有按天租用的号码可以续费',
    'en-US': 'The number {number} is an activation and cannot be renewed; only day rentals can be renewed',
  },
  RENEWAL_SUSPENDED: {
    status: 409,
    'zh-CN': '号码 {number} 已被管理员封停，不能续费，请联系客服',
    'en-US': 'The number {number} was suspended by an administrator and cannot be renewed; contact support',
  },
  RENEWAL_ENDED: {
    status: 409,
    'zh-CN': '号码 {number} 已结束（已过期、已完成或已取消），不能续费',
    'en-US': 'The number {number} has ended (expired, finished or cancelled) and cannot be renewed',
  },
  RENEWAL_OPTION_UNAVAILABLE: {
    status: 400,
    'zh-CN': '所选续费时长不存在或已下架，请重新选择',
    'en-US': 'The chosen renewal period does not exist or is not on sale, please choose again',
  },
  RENEWAL_OPTION_NOT_RENTAL: {
    status: 400,
    'zh-CN': '续费只能选择按天租用的时长，不能选择按次激活',
    'en-US': 'A renewal needs a day-rental period, not an activation',
  },
  RENEWAL_PRICE_NOT_SET: {
    status: 400,
    'zh-CN': '号码 {number} 的应用、国家和续费时长组合暂未定价，暂不可续费',
    'en-US':
      'The application, country and period of the number {number} are not priced yet, so it cannot be renewed',
  },
  RENEWAL_KEY_REUSED: {
    status: 409,
    'zh-CN': '该幂等键已用于另一笔内容不同的续费',
    'en-US': 'This idempotency key was already used for a different renewal',
  },
} as const satisfies ErrorCatalogue;
