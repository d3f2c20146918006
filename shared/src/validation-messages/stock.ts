/** Messages of the stock rules: numbers, batch add and add records. */
export const STOCK_VALIDATION_MESSAGES = {
  'validation.stockCountryRequired': { 'zh-CN': '请选择国家', 'en-US': 'Please choose a country' },
  'validation.stockIdFormat': {
    'zh-CN': '编号必须是正整数',
    'en-US': 'The id must be a positive whole number',
  },
  'validation.stockSourceRequired': {
    'zh-CN': '请填写号码来源（网关或供应商）',
    'en-US': 'Please enter the source of the numbers (gateway or supplier)',
  },
  'validation.stockSourceLength': {
    'zh-CN': '来源最多 64 个字符',
    'en-US': 'The source must be at most 64 characters',
  },
  'validation.stockPrefixFormat': {
    'zh-CN': '号段为 + 加 1 到 15 位数字（如 +7912）',
    'en-US': 'A prefix is + and 1 to 15 digits (e.g. +7912)',
  },
  'validation.stockStateFormat': {
    'zh-CN': '状态只能是可用、使用中、已禁用或冷却中',
    'en-US': 'The state is available, in use, disabled or cooling down',
  },
  'validation.stockCardUseFormat': {
    'zh-CN': '卡类型只能是新卡或旧卡',
    'en-US': 'The card use is new or used',
  },
  'validation.stockEnabledFormat': {
    'zh-CN': '请选择启用或禁用',
    'en-US': 'Please choose enable or disable',
  },
  'validation.stockSelectionRequired': {
    'zh-CN': '请至少选择一个号码',
    'en-US': 'Please select at least one number',
  },
  'validation.stockSelectionTooLarge': {
    'zh-CN': '一次最多选择 1000 个号码，更多请用“全部符合筛选条件”',
    'en-US': 'At most 1000 selected numbers at once; use "all matching the filter" for more',
  },
  'validation.stockTargetRequired': {
    'zh-CN': '请选择号码，或选择全部符合筛选条件的号码（二选一）',
    'en-US': 'Select numbers, or all numbers matching the filter (one of the two)',
  },
  'validation.stockLineStatusFormat': {
    'zh-CN': '行状态只能是有效、无效、文件内重复或库存已有',
    'en-US': 'The line status is valid, invalid, duplicate in the file or already in stock',
  },
  'validation.stockKeywordLength': {
    'zh-CN': '关键字最多 64 个字符',
    'en-US': 'The keyword must be at most 64 characters',
  },
  'validation.stockNumbersRequired': {
    'zh-CN': '请粘贴号码或上传文件',
    'en-US': 'Please paste numbers or upload a file',
  },
} as const;
