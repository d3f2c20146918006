/** Messages of the mass SMS schemas (schemas/mass-sms.ts). */
export const MASS_SMS_VALIDATION_MESSAGES = {
  'validation.massSmsId': { 'zh-CN': '编号无效', 'en-US': 'Invalid id' },
  'validation.massSmsTime': {
    'zh-CN': '时间格式无效（需带时区的 ISO 8601）',
    'en-US': 'Invalid time (ISO 8601 with a time zone)',
  },
  'validation.massSmsPhone': {
    'zh-CN': '请输入有效的手机号码',
    'en-US': 'Please enter a valid phone number',
  },
  'validation.massSmsSenderId': {
    'zh-CN': '发送方 ID 为 1 到 11 个字母数字，或最多 15 位数字',
    'en-US': 'The sender ID is 1 to 11 letters and digits, or up to 15 digits',
  },
  'validation.massSmsName': { 'zh-CN': '名称最多 64 个字符', 'en-US': 'The name is at most 64 characters' },
  'validation.massSmsRecipientsTooMany': {
    'zh-CN': '收件人过多（每次最多 100,000 个）',
    'en-US': 'Too many recipients (at most 100,000 at a time)',
  },
  'validation.massSmsCountryCode': {
    'zh-CN': '默认国家代码为 1 到 3 位数字',
    'en-US': 'The default country code is 1 to 3 digits',
  },
  'validation.massSmsContentLength': {
    'zh-CN': '短信内容最多 1600 个字符',
    'en-US': 'The message is at most 1,600 characters',
  },
  'validation.massSmsContentRequired': {
    'zh-CN': '群发需要填写内容或选择模板',
    'en-US': 'Mass send needs content: type a message or choose a template',
  },
  'validation.massSmsRequestKey': {
    'zh-CN': '请求标识无效（8 到 64 个字符）',
    'en-US': 'Invalid request key (8 to 64 characters)',
  },
  'validation.massSmsAmount': { 'zh-CN': '金额格式无效', 'en-US': 'Invalid amount' },
  'validation.massSmsStatus': { 'zh-CN': '状态无效', 'en-US': 'Invalid status' },
  'validation.massSmsLimit': {
    'zh-CN': '限额为 0 到 100,000,000 的整数，留空表示不限',
    'en-US': 'A limit is a whole number from 0 to 100,000,000, or empty for none',
  },
  'validation.massSmsPlan': { 'zh-CN': '套餐无效', 'en-US': 'Invalid plan' },
  'validation.massSmsUrl': {
    'zh-CN': '请输入 http:// 或 https:// 开头的地址',
    'en-US': 'Please enter an address starting with http:// or https://',
  },
  'validation.massSmsSecret': {
    'zh-CN': '密钥最多 200 个字符',
    'en-US': 'The secret is at most 200 characters',
  },
  'validation.massSmsWindow': {
    'zh-CN': '窗口为 1 到 1000 的整数',
    'en-US': 'The window is a whole number from 1 to 1,000',
  },
  'validation.massSmsUsername': {
    'zh-CN': '请输入用户名（最多 100 个字符）',
    'en-US': 'Please enter the user name (at most 100 characters)',
  },
  'validation.massSmsPrefix': {
    'zh-CN': '号码前缀为 1 到 8 位数字（可带 +），最多 200 个',
    'en-US': 'A prefix is 1 to 8 digits (optional +), at most 200 of them',
  },
  'validation.massSmsPriority': {
    'zh-CN': '优先级为 0 到 1000 的整数',
    'en-US': 'The priority is a whole number from 0 to 1,000',
  },
  'validation.massSmsThroughput': {
    'zh-CN': '每秒条数为 0 到 100,000 的整数（0 表示不限）',
    'en-US': 'Messages per second is a whole number from 0 to 100,000 (0 = unlimited)',
  },
} as const;
