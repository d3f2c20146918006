/**
 * Messages that name what is actually wrong with a field (too long, too large, too many decimals,
 * zero, not an ISO code, unchanged), where one catch-all message used to say something untrue.
 */
export const FIELD_LIMIT_VALIDATION_MESSAGES = {
  'validation.accountTooLong': {
    'zh-CN': '用户名或邮箱最多 128 个字符',
    'en-US': 'The username or email must be at most 128 characters',
  },
  'validation.passwordSameAsOld': {
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'validation.amountDecimals': {
    'zh-CN': '金额最多 6 位小数',
    'en-US': 'The amount can have at most 6 decimals',
  },
  'validation.amountPositive': {
    'zh-CN': '金额必须大于 0',
    'en-US': 'The amount must be above 0',
  },
  'validation.priceDecimals': {
    'zh-CN': '价格最多 6 位小数',
    'en-US': 'The price can have at most 6 decimals',
  },
  'validation.priceTooLarge': {
    'zh-CN': '价格过大：整数部分最多 12 位',
    'en-US': 'The price is too large: at most 12 digits before the decimal point',
  },
  'validation.pricePositive': {
    'zh-CN': '价格必须大于 0',
    'en-US': 'The price must be above 0',
  },
  'validation.countryCodeNotIso': {
    'zh-CN': '这不是 ISO 3166-1 分配的国家或地区代码',
    'en-US': 'This is not a country code ISO 3166-1 assigns',
  },
  'validation.validityWholeMinutes': {
    'zh-CN': '时长必须是整数分钟（如 1.5 小时请填 90 分钟）',
    'en-US': 'The duration must be a whole number of minutes (1.5 hours: enter 90 minutes)',
  },
} as const;
