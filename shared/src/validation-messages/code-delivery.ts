/** Messages of the code link, the code retrieval settings and the customer webhook. */
export const CODE_DELIVERY_VALIDATION_MESSAGES = {
  'validation.codeTimeFormat': {
    'zh-CN': '时间须为带时区的 ISO 8601 时间（如 2024-05-01T00:00:00+08:00）',
    'en-US': 'The time must be an ISO 8601 time with a time zone (e.g. 2024-05-01T00:00:00+08:00)',
  },
  'validation.codeWait': {
    'zh-CN': '等待时间须为 0 到 60 秒的整数',
    'en-US': 'The wait must be a whole number of seconds from 0 to 60',
  },
  'validation.codeLimit': {
    'zh-CN': '条数须为 1 到 500 的整数',
    'en-US': 'The limit must be a whole number from 1 to 500',
  },
  'validation.codeAnswerFormat': {
    'zh-CN': '请选择返回格式：仅验证码、完整短信或 JSON',
    'en-US': 'Choose an answer format: code only, full text or JSON',
  },
  'validation.codeWindow': {
    'zh-CN': '时间窗口须为 1 到 10080 分钟的整数',
    'en-US': 'The time window must be a whole number of minutes from 1 to 10080',
  },
  'validation.codeTimeZone': {
    'zh-CN': '请选择列表中的时区',
    'en-US': 'Choose a time zone from the list',
  },
  'validation.webhookUrlLength': {
    'zh-CN': '回调地址最多 500 个字符',
    'en-US': 'The webhook URL is at most 500 characters',
  },
  'validation.webhookUrlScheme': {
    'zh-CN': '回调地址须以 http:// 或 https:// 开头',
    'en-US': 'The webhook URL must start with http:// or https://',
  },
  'validation.userPatternRequired': {
    'zh-CN': '请输入正则表达式',
    'en-US': 'Please enter a regular expression',
  },
  'validation.userPatternLength': {
    'zh-CN': '正则表达式最多 300 个字符',
    'en-US': 'The regular expression is at most 300 characters',
  },
  'validation.codeSampleLength': {
    'zh-CN': '示例短信最多 2000 个字符',
    'en-US': 'The sample text is at most 2000 characters',
  },
  'validation.eventTicket': {
    'zh-CN': '缺少事件票据',
    'en-US': 'The event ticket is missing',
  },
} as const;
