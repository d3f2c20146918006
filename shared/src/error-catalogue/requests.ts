import type { ErrorCatalogue } from './types';

/** Errors about the shape of a request that no schema can express (list sorting). */
export const REQUESTS_ERRORS = {
  SORT_FIELD_UNKNOWN: {
    status: 400,
    'zh-CN': '不支持按“{field}”排序，可选：{fields}',
    'en-US': 'This list cannot be sorted by "{field}"; choose one of: {fields}',
  },
} as const satisfies ErrorCatalogue;
