import type { ErrorCatalogue } from './types';

/** Errors of mass SMS (issue 11): sending, campaigns, quotas, connectors. */
export const MASS_SMS_ERRORS = {
  MASS_SMS_NO_RECIPIENTS: {
    status: 400,
    'zh-CN': '没有有效的收件人号码',
    'en-US': 'There is no valid recipient number',
  },
  MASS_SMS_TEMPLATE_NOT_FOUND: {
    status: 404,
    'zh-CN': '模板不存在',
    'en-US': 'The template does not exist',
  },
  MASS_SMS_TEMPLATE_NOT_APPROVED: {
    status: 409,
    'zh-CN': '只能使用已审核通过的模板发送',
    'en-US': 'Only approved templates can be sent',
  },
  MASS_SMS_INVALID_RECIPIENTS: {
    status: 400,
    'zh-CN': '有 {count} 个收件人无效或缺少模板变量，请先修正',
    'en-US': '{count} recipients are invalid or miss template variables: fix them first',
  },
  MASS_SMS_TOO_LONG: {
    status: 400,
    'zh-CN': '有 {count} 条短信超过 {max} 段，请缩短内容',
    'en-US': '{count} messages are longer than {max} parts: shorten the content',
  },
  MASS_SMS_SCHEDULE_INVALID: {
    status: 400,
    'zh-CN': '定时发送时间须在未来 30 天内',
    'en-US': 'The scheduled time must be in the next 30 days',
  },
  MASS_SMS_DAILY_LIMIT: {
    status: 429,
    'zh-CN': '超过每日发送限额：今日还可发送 {left} 条',
    'en-US': 'Over the daily limit: {left} messages left today',
  },
  MASS_SMS_MONTHLY_LIMIT: {
    status: 429,
    'zh-CN': '超过每月发送限额：本月还可发送 {left} 条',
    'en-US': 'Over the monthly limit: {left} messages left this month',
  },
  MASS_SMS_COST_CHANGED: {
    status: 409,
    'zh-CN': '费用已变化（现为 {amount} USDT），请重新预览后确认',
    'en-US': 'The cost changed (now {amount} USDT): preview again, then confirm',
  },
  MASS_SMS_CAMPAIGN_NOT_FOUND: {
    status: 404,
    'zh-CN': '发送任务不存在',
    'en-US': 'The send order does not exist',
  },
  MASS_SMS_CAMPAIGN_STATE: {
    status: 409,
    'zh-CN': '发送任务当前状态（{status}）不允许此操作',
    'en-US': 'The send order is {status}: this action is not possible now',
  },
  MASS_SMS_CONNECTOR_NOT_FOUND: {
    status: 404,
    'zh-CN': '通道不存在',
    'en-US': 'The connector does not exist',
  },
  MASS_SMS_CONNECTOR_KIND: {
    status: 400,
    'zh-CN': '通道配置与其类型不符：{detail}',
    'en-US': 'The configuration does not fit the connector kind: {detail}',
  },
  MASS_SMS_WEBHOOK_UNAUTHORIZED: {
    status: 401,
    'zh-CN': '状态回调签名或令牌无效',
    'en-US': 'Invalid signature or token on the status webhook',
  },
} as const satisfies ErrorCatalogue;
