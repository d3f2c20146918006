/** Messages of the SMS center rules: buying in the API store (spec §5), orders and rentals. */
export const STORE_VALIDATION_MESSAGES = {
  'validation.storeApplicationRequired': { 'zh-CN': '请选择应用', 'en-US': 'Please choose an application' },
  'validation.storeCountryRequired': { 'zh-CN': '请选择国家', 'en-US': 'Please choose a country' },
  'validation.storeOperatorFormat': {
    'zh-CN': '请选择有效的运营商',
    'en-US': 'Please choose a valid operator',
  },
  'validation.storeCardTypeRequired': {
    'zh-CN': '请选择卡类型（新卡或旧卡）',
    'en-US': 'Please choose the card type (new or used)',
  },
  'validation.storeValidityRequired': { 'zh-CN': '请选择有效期', 'en-US': 'Please choose a validity' },
  'validation.storeQuantityMin': {
    'zh-CN': '购买数量必须是大于 0 的整数',
    'en-US': 'The quantity must be a whole number above 0',
  },
  'validation.storeQuantityTooLarge': { 'zh-CN': '购买数量过大', 'en-US': 'The quantity is too large' },
  'validation.storeExcludePrefix': {
    'zh-CN': '排除的号码前缀为国家代码加数字（如 7918），最多 50 个',
    'en-US': 'Excluded prefixes are a country code and digits (e.g. 7918), at most 50',
  },
  'validation.storeSmsType': {
    'zh-CN': '短信类型必须为文本或语音',
    'en-US': 'The SMS type must be text or voice',
  },
  'validation.storePrefixFormat': {
    'zh-CN': '号段为 + 加 1 到 15 位数字（如 +7912）',
    'en-US': 'The prefix is + and 1 to 15 digits (e.g. +7912)',
  },
  'validation.storeIdempotencyKey': {
    'zh-CN': '幂等键为 8 到 64 位字母、数字、-、_、: 或 .',
    'en-US': 'The idempotency key is 8 to 64 letters, digits, -, _, : or .',
  },
  'validation.storeOrderStatus': {
    'zh-CN': '订单状态必须为待处理、已完成或已取消',
    'en-US': 'The order status must be pending, completed or cancelled',
  },
  'validation.storeRentalStatus': {
    'zh-CN': '请选择有效的号码状态',
    'en-US': 'Please choose a valid number status',
  },
  'validation.storeKind': {
    'zh-CN': '类型必须为激活（按次）或租用（按天）',
    'en-US': 'The kind must be activation or rental',
  },
  'validation.storeKeywordLength': {
    'zh-CN': '搜索内容最多 64 个字符',
    'en-US': 'The search text must be at most 64 characters',
  },
  'validation.storeExportFormat': {
    'zh-CN': '导出格式必须为 TXT 或 CSV',
    'en-US': 'The export format must be TXT or CSV',
  },
  'validation.storeIdFormat': { 'zh-CN': '请选择有效的项目', 'en-US': 'Please choose a valid item' },
} as const;
