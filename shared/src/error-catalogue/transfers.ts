import type { ErrorCatalogue } from './types';

/**
 * Errors of API transfer and API merge (group links). Refusals the user can act on are 400/409 so
 * the web app shows the server's message (a 404 toast is spec §8's fixed "resource not found").
 */
export const TRANSFERS_ERRORS = {
  TRANSFER_TARGET_NOT_FOUND: {
    status: 400,
    'zh-CN': '接收方用户不存在，请检查用户名',
    'en-US': 'The receiving user does not exist, please check the username',
  },
  TRANSFER_TARGET_DISABLED: {
    status: 400,
    'zh-CN': '接收方账号已被禁用，不能接收转让',
    'en-US': 'The receiving account is disabled and cannot receive a transfer',
  },
  TRANSFER_TO_SELF: {
    status: 400,
    'zh-CN': '不能把号码转让给自己',
    'en-US': 'Numbers cannot be transferred to yourself',
  },
  TRANSFER_RENTAL_SUSPENDED: {
    status: 409,
    'zh-CN': '号码 {number} 已被管理员封停，不能转让',
    'en-US': 'The number {number} was suspended by an administrator and cannot be transferred',
  },
  TRANSFER_ACTIVATION: {
    status: 409,
    'zh-CN': '号码 {number} 是按次激活，只能转让按天租用的号码',
    'en-US': 'The number {number} is an activation; only day rentals can be transferred',
  },
  TRANSFER_RENTAL_ENDED: {
    status: 409,
    'zh-CN': '号码 {number} 已结束（已过期、已完成或已取消），不能转让',
    'en-US': 'The number {number} has ended (expired, finished or cancelled) and cannot be transferred',
  },
  TRANSFER_KEY_REUSED: {
    status: 409,
    'zh-CN': '该幂等键已用于另一笔内容不同的转让',
    'en-US': 'This idempotency key was already used for a different transfer',
  },
  RENTAL_GROUP_NOT_FOUND: { status: 404, 'zh-CN': '分组不存在', 'en-US': 'The group does not exist' },
  RENTAL_GROUP_LIMIT: {
    status: 409,
    'zh-CN': '最多可创建 {max} 个分组，请先删除不用的分组',
    'en-US': 'At most {max} groups can be kept; delete unused ones first',
  },
} as const satisfies ErrorCatalogue;
