import type { ErrorCatalogue } from './types';

/** Errors of the links sent by mail: password reset and email verification. */
export const MAIL_ERRORS = {
  MAIL_NOT_CONFIGURED: {
    // Not a 5xx: the server works as configured; this site simply has no mail.
    status: 409,
    'zh-CN': '本站未配置邮件发送，请联系管理员重置密码或验证邮箱',
    'en-US':
      'This site does not send mail; please ask an administrator to reset your password or verify your email',
  },
  MAIL_LINK_INVALID: {
    status: 400,
    'zh-CN': '链接无效、已使用或已过期，请重新申请',
    'en-US': 'This link is invalid, already used or expired; please request a new one',
  },
  EMAIL_ALREADY_VERIFIED: {
    status: 409,
    'zh-CN': '邮箱已验证，无需再次验证',
    'en-US': 'Your email is already verified',
  },
  MAIL_SEND_FAILED: {
    status: 502,
    'zh-CN': '邮件发送失败，请稍后再试或联系管理员',
    'en-US': 'The mail could not be sent; please try again later or ask an administrator',
  },
} as const satisfies ErrorCatalogue;
