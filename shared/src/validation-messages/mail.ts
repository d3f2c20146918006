/** Messages of the links sent by mail. */
export const MAIL_VALIDATION_MESSAGES = {
  'validation.mailTokenFormat': {
    'zh-CN': '链接不完整，请从邮件中完整复制链接后打开',
    'en-US': 'The link is incomplete; open the whole link from the mail',
  },
} as const;
