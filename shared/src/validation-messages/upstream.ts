/** Messages of the upstream providers' schemas (schemas/upstream.ts). */
export const UPSTREAM_VALIDATION_MESSAGES = {
  'validation.upstreamName': { 'zh-CN': '名称为 1 到 64 个字符', 'en-US': 'The name is 1 to 64 characters' },
  'validation.upstreamUrl': {
    'zh-CN': '请输入 http(s) 接口地址',
    'en-US': 'Please enter an http(s) base URL',
  },
  'validation.upstreamKey': {
    'zh-CN': 'API 密钥为 1 到 500 个字符',
    'en-US': 'The API key is 1 to 500 characters',
  },
  'validation.upstreamCurrency': {
    'zh-CN': '币种为 3 个大写字母（如 USD、RUB）',
    'en-US': 'The currency is 3 capital letters (USD, RUB…)',
  },
  'validation.upstreamNumber': {
    'zh-CN': '请输入不小于 0 的数字，最多 6 位小数',
    'en-US': 'Please enter a number of at least 0 with at most 6 decimals',
  },
  'validation.upstreamPriority': {
    'zh-CN': '优先级为 -1000 到 1000 的整数',
    'en-US': 'The priority is a whole number from -1000 to 1000',
  },
  'validation.upstreamRuleTarget': {
    'zh-CN': '请选择应用或国家（至少一个）',
    'en-US': 'Choose an application or a country (at least one)',
  },
  'validation.upstreamDays': {
    'zh-CN': '天数为 1 到 366 的整数',
    'en-US': 'The number of days is a whole number from 1 to 366',
  },
  'validation.upstreamRuleEmpty': {
    'zh-CN': '请至少填写利润百分比、固定利润或价格上限之一',
    'en-US': 'Fill in at least one of the margin percentage, the fixed margin or the ceiling',
  },
} as const;
