/** Messages of the recharge page and the recharge log filters. */
export const DEPOSITS_VALIDATION_MESSAGES = {
  'validation.depositStatusInvalid': {
    'zh-CN': '请选择有效的充值状态',
    'en-US': 'Please choose a valid deposit status',
  },
  'validation.depositKeywordLength': {
    'zh-CN': '关键词最多 100 个字符',
    'en-US': 'The keyword must be at most 100 characters',
  },
  'validation.depositIdFormat': { 'zh-CN': '充值记录编号无效', 'en-US': 'Invalid deposit id' },
  'validation.depositUsernameRequired': {
    'zh-CN': '请输入入账用户名（最多 64 个字符）',
    'en-US': 'Please enter the username to credit (at most 64 characters)',
  },
} as const;
