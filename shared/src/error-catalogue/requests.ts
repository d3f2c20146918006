import type { ErrorCatalogue } from './types';

/**
 * Errors about the shape of a request that no schema can express (list sorting), and the answers
 * Node's HTTP parser and a stopping server give, in the envelope like every other.
 */
export const REQUESTS_ERRORS = {
  MALFORMED_REQUEST: {
    status: 400,
    'zh-CN': '请求格式错误，无法解析',
    'en-US': 'The request is malformed and cannot be read',
  },
  HEADERS_TOO_LARGE: { status: 431, 'zh-CN': '请求头过大', 'en-US': 'The request headers are too large' },
  REQUEST_TIMEOUT: {
    status: 408,
    'zh-CN': '请求超时，请重试',
    'en-US': 'The request took too long, please try again',
  },
  SERVER_STOPPING: {
    status: 503,
    'zh-CN': '服务器正在重启，请稍后重试',
    'en-US': 'The server is restarting, please try again shortly',
  },
  SORT_FIELD_UNKNOWN: {
    status: 400,
    'zh-CN': '不支持按“{field}”排序，可选：{fields}',
    'en-US': 'This list cannot be sorted by "{field}"; choose one of: {fields}',
  },
} as const satisfies ErrorCatalogue;
