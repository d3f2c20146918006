/** Messages of amounts and pages. */
export const MONEY_VALIDATION_MESSAGES = {
  'validation.amountFormat': {
    'zh-CN': '金额必须是大于 0 的数字，最多 6 位小数',
    'en-US': 'The amount must be a number above 0 with at most 6 decimals',
  },
  'validation.amountTooLarge': {
    'zh-CN': '金额过大：整数部分最多 12 位',
    'en-US': 'The amount is too large: at most 12 digits before the decimal point',
  },
  'validation.noteRequired': { 'zh-CN': '请填写备注', 'en-US': 'Please enter a note' },
  'validation.noteLength': {
    'zh-CN': '备注最多 500 个字符',
    'en-US': 'The note must be at most 500 characters',
  },
} as const;
