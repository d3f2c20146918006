import type { ErrorCatalogue } from './types';

/** Errors of the user administration and balance adjustments. */
export const USERS_ERRORS = {
  USER_NOT_FOUND: { status: 404, 'zh-CN': '用户不存在', 'en-US': 'The user does not exist' },
  ADMIN_ACCOUNT_PROTECTED: {
    status: 400,
    'zh-CN': '系统内置管理员账号不能由其他用户修改，只能由其本人在个人中心修改',
    'en-US':
      'The built-in administrator account cannot be changed by anyone else; only its owner can change it, in their own profile',
  },
  SELF_ACCOUNT_PROTECTED: {
    status: 400,
    'zh-CN': '不能禁用、降级或删除自己的账号',
    'en-US': 'You cannot disable, demote or delete your own account',
  },
  USER_IN_USE: {
    status: 409,
    'zh-CN': '该用户已有资金流水或业务记录，不能删除，请改为禁用',
    'en-US':
      'This user has ledger entries or other records and cannot be deleted; disable the account instead',
  },
  BALANCE_TOO_LARGE: {
    status: 400,
    'zh-CN': '调整后的余额超出允许的范围',
    'en-US': 'The balance after this change would be too large',
  },
} as const satisfies ErrorCatalogue;
