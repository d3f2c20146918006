import type { ErrorCatalogue } from './types';

/** Errors of inbound gateways (issue 8): the webhook answers and the gateway screen. */
export const INBOUND_ERRORS = {
  GATEWAY_NOT_FOUND: {
    status: 404,
    'zh-CN': '网关不存在',
    'en-US': 'The gateway does not exist',
  },
  INBOUND_GATEWAY_UNKNOWN: {
    status: 404,
    'zh-CN': '未知的网关：请检查 Webhook 地址中的网关编号',
    'en-US': 'Unknown gateway: check the gateway id in the webhook URL',
  },
  INBOUND_GATEWAY_DISABLED: {
    status: 403,
    'zh-CN': '该网关已停用，短信未被接收',
    'en-US': 'This gateway is disabled; the SMS was not accepted',
  },
  INBOUND_KIND_MISMATCH: {
    status: 400,
    'zh-CN': '该网关类型不通过 Webhook 接收短信',
    'en-US': 'This kind of gateway does not receive SMS by webhook',
  },
  INBOUND_SIGNATURE_INVALID: {
    status: 401,
    'zh-CN': '签名无效：请检查网关密钥',
    'en-US': 'Invalid signature: check the gateway secret',
  },
  INBOUND_TIMESTAMP_STALE: {
    status: 401,
    'zh-CN': '时间戳缺失或与服务器时间相差超过 300 秒',
    'en-US': 'The timestamp is missing or more than 300 seconds away from the server time',
  },
  INBOUND_BODY_INVALID: {
    status: 400,
    'zh-CN': '请求内容无效：{details}',
    'en-US': 'Invalid request body: {details}',
  },
  INBOUND_NUMBER_MISSING: {
    status: 400,
    'zh-CN': '缺少接收号码：请在请求中提供，或在网关设置中填写本机号码',
    'en-US': "The receiving number is missing: send it, or set the device's number in the gateway settings",
  },
  TEST_SMS_NUMBER_UNKNOWN: {
    status: 400,
    'zh-CN': '号码 {number} 不在号码库中',
    'en-US': 'The number {number} is not in the stock',
  },
} as const satisfies ErrorCatalogue;
