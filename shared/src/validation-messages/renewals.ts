/** Messages of the renewal center's rules. */
export const RENEWALS_VALIDATION_MESSAGES = {
  'validation.renewalRentalsRequired': {
    'zh-CN': '请选择要续费的号码',
    'en-US': 'Please choose the numbers to renew',
  },
  'validation.renewalTooMany': {
    'zh-CN': '一次最多续费 200 个号码',
    'en-US': 'At most 200 numbers can be renewed at once',
  },
  'validation.renewalValidityRequired': {
    'zh-CN': '请选择续费时长',
    'en-US': 'Please choose how long to renew for',
  },
  'validation.renewalIdFormat': { 'zh-CN': '请选择有效的项目', 'en-US': 'Please choose a valid item' },
  'validation.renewalKeywordLength': {
    'zh-CN': '搜索内容最多 64 个字符',
    'en-US': 'The search text must be at most 64 characters',
  },
} as const;
