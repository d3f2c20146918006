import type { ErrorCatalogue } from './types';

/** Errors of the stock of numbers: batch add (imports) and bulk actions. */
export const STOCK_ERRORS = {
  STOCK_COUNTRY_UNKNOWN: {
    status: 400,
    'zh-CN': '国家 {country} 不在国家列表中',
    'en-US': 'The country {country} is not in the country list',
  },
  STOCK_OPERATOR_UNKNOWN: {
    status: 400,
    'zh-CN': '该运营商不属于所选国家',
    'en-US': 'This operator does not belong to the chosen country',
  },
  STOCK_NO_ANY_OPERATOR: {
    status: 400,
    'zh-CN': '国家 {country} 没有“任意”运营商，请先选择运营商',
    'en-US': 'The country {country} has no "any" operator, please choose an operator',
  },
  PHONE_IMPORT_EMPTY: {
    status: 400,
    'zh-CN': '文件中没有号码',
    'en-US': 'The file has no numbers in it',
  },
  PHONE_IMPORT_TOO_MANY_LINES: {
    status: 400,
    'zh-CN': '一次最多导入 {max} 行，本文件有 {lines} 行',
    'en-US': 'At most {max} lines per batch; this file has {lines}',
  },
  PHONE_IMPORT_NOT_READY: {
    status: 409,
    'zh-CN': '该批次当前不能导入（状态：{state}）',
    'en-US': 'This batch cannot be imported now (state: {state})',
  },
  PHONE_IMPORT_NOTHING_TO_ADD: {
    status: 400,
    'zh-CN': '该批次没有可添加的新号码',
    'en-US': 'This batch has no new numbers to add',
  },
  PHONE_IMPORT_FAILED: {
    status: 500,
    'zh-CN': '导入失败，没有写入任何号码，请重试',
    'en-US': 'The import failed and wrote nothing, please try again',
  },
  PHONE_IMPORT_INTERRUPTED: {
    status: 500,
    'zh-CN': '导入被中断（服务重启），没有写入任何号码，请重新上传',
    'en-US': 'The import was interrupted (server restart) and wrote nothing, please upload again',
  },
  PHONE_IN_USE: {
    status: 409,
    'zh-CN': '号码正在使用中，不能修改运营商',
    'en-US': 'The number is in use; its operator cannot change',
  },
} as const satisfies ErrorCatalogue;
