/** Messages of the catalog rules: countries, operators, applications, validity options and prices. */
export const CATALOG_VALIDATION_MESSAGES = {
  'validation.countryCodeFormat': {
    'zh-CN': '国家代码为 2 位英文字母（ISO 3166-1，如 US）',
    'en-US': 'The country code is 2 letters (ISO 3166-1, e.g. US)',
  },
  'validation.dialCodeFormat': {
    'zh-CN': '区号为 + 加 1 到 4 位数字（如 +86）',
    'en-US': 'The dial code is + and 1 to 4 digits (e.g. +86)',
  },
  'validation.nameZhRequired': { 'zh-CN': '请输入中文名称', 'en-US': 'Please enter the Chinese name' },
  'validation.nameEnRequired': { 'zh-CN': '请输入英文名称', 'en-US': 'Please enter the English name' },
  'validation.nameRequired': { 'zh-CN': '请输入名称', 'en-US': 'Please enter a name' },
  'validation.nameLength': {
    'zh-CN': '名称最多 64 个字符',
    'en-US': 'The name must be at most 64 characters',
  },
  'validation.flagLength': {
    'zh-CN': '旗帜最多 16 个字符',
    'en-US': 'The flag must be at most 16 characters',
  },
  'validation.smsActivateIdFormat': {
    'zh-CN': 'sms-activate 编号为 0 到 99999 的整数',
    'en-US': 'The sms-activate id is a whole number from 0 to 99999',
  },
  'validation.slugFormat': {
    'zh-CN': '标识为 1 到 40 位小写字母、数字或下划线',
    'en-US': 'The slug is 1 to 40 lower-case letters, digits or underscores',
  },
  'validation.operatorCodeFormat': {
    'zh-CN': '运营商代码为 1 到 40 位小写字母、数字或下划线',
    'en-US': 'The operator code is 1 to 40 lower-case letters, digits or underscores',
  },
  'validation.appCodeFormat': {
    'zh-CN': '应用代码为 1 到 16 位小写字母或数字（如 tg）',
    'en-US': 'The application code is 1 to 16 lower-case letters or digits (e.g. tg)',
  },
  'validation.sortOrderFormat': {
    'zh-CN': '排序为 0 到 1000000 的整数',
    'en-US': 'The sort order is a whole number from 0 to 1000000',
  },
  'validation.enabledFormat': { 'zh-CN': '启用状态必须为是或否', 'en-US': 'Enabled must be yes or no' },
  'validation.patternLength': {
    'zh-CN': '正则表达式最多 200 个字符',
    'en-US': 'The pattern must be at most 200 characters',
  },
  'validation.patternInvalid': {
    'zh-CN': '不是有效的正则表达式（RE2 语法，不支持反向引用 \\1 和环视 (?=…)）',
    'en-US':
      'This is not a valid regular expression (RE2 syntax: back-references such as \\1 and look-arounds such as (?=…) are not supported)',
  },
  'validation.patternMatchesEmpty': {
    'zh-CN': '正则表达式不能匹配空文本（留空表示不使用）',
    'en-US': 'The pattern must not match an empty text (leave it empty for none)',
  },
  'validation.patternTooComplex': {
    'zh-CN':
      '正则表达式过于复杂：计数重复的次数过大（如重复 1000 次，或多个、嵌套的计数重复），请减小重复次数',
    'en-US':
      'The pattern is too complex: its counted repeats are too large (such as 1000 times, or several or nested ones); use smaller counts',
  },
  'validation.codePatternRequired': {
    'zh-CN': '请输入验证码提取规则',
    'en-US': 'Please enter the code-extraction pattern',
  },
  'validation.iconPathFormat2': {
    'zh-CN': '图标地址必须以 http 或 / 开头',
    'en-US': 'The icon address must start with http or /',
  },
  'validation.validityKind': {
    'zh-CN': '类型必须为激活或租用',
    'en-US': 'The kind must be activation or rental',
  },
  'validation.validityMinutes': {
    'zh-CN': '时长为 1 分钟到 366 天',
    'en-US': 'The duration is from 1 minute to 366 days',
  },
  'validation.cardType': { 'zh-CN': '卡类型必须为新卡或旧卡', 'en-US': 'The card type must be new or used' },
  'validation.idFormat': { 'zh-CN': '请选择有效的项目', 'en-US': 'Please choose a valid item' },
  'validation.priceFormat': {
    'zh-CN': '价格为大于 0 的数字，最多 6 位小数',
    'en-US': 'The price is a number above 0 with at most 6 decimals',
  },
  'validation.percentFormat': {
    'zh-CN': '百分比为 -100 到 10000 之间的数字，最多 4 位小数',
    'en-US': 'The percentage is a number from -100 to 10000 with at most 4 decimals',
  },
  'validation.operatorNeedsCountry': {
    'zh-CN': '指定运营商时必须同时指定国家',
    'en-US': 'An operator can only be chosen together with its country',
  },
  'validation.bulkModeFormat': {
    'zh-CN': '调整方式必须为百分比或固定价格',
    'en-US': 'The change must be a percentage or a fixed price',
  },
  'validation.selectionRequired': { 'zh-CN': '请至少选择一项', 'en-US': 'Please choose at least one item' },
  'validation.keywordLength': {
    'zh-CN': '关键词最多 64 个字符',
    'en-US': 'The keyword must be at most 64 characters',
  },
} as const;
