import type { ErrorCatalogue } from './types';

/** Errors of the code link, the API-key code listing, the code settings and the live events. */
export const CODE_DELIVERY_ERRORS = {
  CODE_LINK_RATE_LIMITED: {
    status: 429,
    'zh-CN':
      '该取码链接请求过于频繁（每分钟最多 {limit} 次），请 {seconds} 秒后再试，或使用 wait 参数等待验证码',
    'en-US':
      'Too many requests to this code link (at most {limit} a minute); try again in {seconds} seconds, or use the wait parameter to wait for the code',
  },
  API_KEY_INVALID: {
    status: 403,
    'zh-CN': 'API 密钥无效，请在个人资料页查看您的 API 密钥',
    'en-US': 'Invalid API key; your API key is on your profile page',
  },
  CODE_PATTERN_INVALID: {
    status: 400,
    'zh-CN': '正则表达式无效：{reason}',
    'en-US': 'Invalid regular expression: {reason}',
  },
  CODE_APPLICATION_NOT_FOUND: {
    status: 404,
    'zh-CN': '应用不存在',
    'en-US': 'The application does not exist',
  },
  WEBHOOK_URL_BLOCKED: {
    status: 400,
    'zh-CN': '回调地址不能指向本机、内网或保留地址',
    'en-US': 'The webhook URL may not point to this machine, a private network or a reserved address',
  },
  EVENT_STREAMS_LIMIT: {
    status: 429,
    'zh-CN': '实时事件连接过多（每个用户最多 {max} 个），请关闭其他页面后刷新',
    'en-US': 'Too many live event connections (at most {max} per user): close other pages and reload',
  },
  EVENT_TICKET_INVALID: {
    status: 401,
    'zh-CN': '事件票据无效或已过期，请刷新页面',
    'en-US': 'The event ticket is invalid or has expired, please reload the page',
  },
} as const satisfies ErrorCatalogue;
