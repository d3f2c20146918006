/** Messages of the code receive history and the SMS / phone usage record filters. */
export const SMS_HISTORY_VALIDATION_MESSAGES = {
  'validation.smsHistoryPhoneFormat': {
    'zh-CN': '号码最多 32 个字符，只能包含数字、空格、+、- 和括号',
    'en-US': 'The number is at most 32 characters: digits, spaces, +, - and brackets',
  },
  'validation.smsHistorySenderLength': {
    'zh-CN': '发送方最多 64 个字符',
    'en-US': 'The sender is at most 64 characters',
  },
  'validation.smsHistoryUsernameLength': {
    'zh-CN': '用户名最多 64 个字符',
    'en-US': 'The username is at most 64 characters',
  },
  'validation.smsHistoryDateFormat': {
    'zh-CN': '日期须为带时区的 ISO 8601 时间（如 2024-05-01T00:00:00+08:00）',
    'en-US': 'The date must be an ISO 8601 time with a time zone (e.g. 2024-05-01T00:00:00+08:00)',
  },
  'validation.smsHistoryDateRange': {
    'zh-CN': '结束时间必须晚于开始时间',
    'en-US': 'The end must be after the start',
  },
  'validation.smsHistoryHasCode': {
    'zh-CN': '“有验证码”须为 true 或 false',
    'en-US': '"Has code" must be true or false',
  },
  'validation.smsHistoryMatch': {
    'zh-CN': '匹配状态须为已匹配或未匹配',
    'en-US': 'The match state must be matched or unmatched',
  },
  'validation.smsHistoryOutcome': {
    'zh-CN': '请选择有效的使用结果',
    'en-US': 'Please choose a valid outcome',
  },
} as const;
