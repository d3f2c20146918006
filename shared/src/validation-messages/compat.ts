/** Messages of the compat APIs' settings. */
export const COMPAT_VALIDATION_MESSAGES = {
  'validation.compatWebhookUrl': {
    'zh-CN': '请填写以 http:// 或 https:// 开头的网址（最多 500 个字符），或留空关闭',
    'en-US':
      'Enter an address starting with http:// or https:// (at most 500 characters), or leave it empty to turn it off',
  },
} as const;
