/** Messages of the inbound gateway and test SMS schemas (schemas/inbound.ts). */
export const INBOUND_VALIDATION_MESSAGES = {
  'validation.gatewayNumberFormat': {
    'zh-CN': '号码格式为 + 加 6 到 15 位数字',
    'en-US': 'A number is + and 6 to 15 digits',
  },
  'validation.gatewayNameRequired': { 'zh-CN': '请输入网关名称', 'en-US': 'Please enter the gateway name' },
  'validation.gatewayNameLength': {
    'zh-CN': '网关名称最多 64 个字符',
    'en-US': 'The gateway name must be at most 64 characters',
  },
  'validation.gatewayKind': { 'zh-CN': '请选择网关类型', 'en-US': 'Please choose the gateway kind' },
  'validation.testSmsNumber': {
    'zh-CN': '请选择号码（+ 加 6 到 15 位数字）',
    'en-US': 'Please choose a number (+ and 6 to 15 digits)',
  },
  'validation.testSmsSenderLength': {
    'zh-CN': '发送方最多 64 个字符',
    'en-US': 'The sender must be at most 64 characters',
  },
  'validation.testSmsTextRequired': { 'zh-CN': '请输入短信内容', 'en-US': 'Please enter the SMS text' },
  'validation.testSmsTextLength': {
    'zh-CN': '短信内容最多 1000 个字符',
    'en-US': 'The SMS text must be at most 1000 characters',
  },
} as const;
