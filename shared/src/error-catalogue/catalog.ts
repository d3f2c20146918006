import type { ErrorCatalogue } from './types';

/** Errors of the catalog: countries, operators, applications, validity options and price rules. */
export const CATALOG_ERRORS = {
  COUNTRY_NOT_FOUND: { status: 404, 'zh-CN': '国家不存在', 'en-US': 'The country does not exist' },
  COUNTRY_EXISTS: {
    status: 409,
    'zh-CN': '国家代码 {code} 已存在',
    'en-US': 'The country code {code} already exists',
  },
  COUNTRY_IN_USE: {
    status: 409,
    'zh-CN': '该国家已有号码或订单在使用，不能删除，可以禁用',
    'en-US': 'Numbers or orders use this country, so it cannot be deleted; disable it instead',
  },
  SMS_ACTIVATE_ID_TAKEN: {
    status: 409,
    'zh-CN': 'sms-activate 编号 {id} 已被其他国家使用',
    'en-US': 'The sms-activate id {id} is already used by another country',
  },
  FIVESIM_SLUG_TAKEN: {
    status: 409,
    'zh-CN': '5sim 标识 {slug} 已被使用',
    'en-US': 'The 5sim slug {slug} is already in use',
  },
  OPERATOR_NOT_FOUND: { status: 404, 'zh-CN': '运营商不存在', 'en-US': 'The operator does not exist' },
  OPERATOR_EXISTS: {
    status: 409,
    'zh-CN': '该国家已有代码为 {code} 的运营商',
    'en-US': 'This country already has an operator with the code {code}',
  },
  OPERATOR_IN_USE: {
    status: 409,
    'zh-CN': '该运营商已有号码或订单在使用，不能删除，可以禁用',
    'en-US': 'Numbers or orders use this operator, so it cannot be deleted; disable it instead',
  },
  OPERATOR_ANY_PROTECTED: {
    status: 400,
    'zh-CN': '“任意运营商”是每个国家必备的，不能删除或修改代码',
    'en-US': 'The "any" operator every country has cannot be deleted or have its code changed',
  },
  OPERATOR_COUNTRY_MISMATCH: {
    status: 400,
    'zh-CN': '所选运营商不属于所选国家',
    'en-US': 'The chosen operator does not belong to the chosen country',
  },
  APPLICATION_NOT_FOUND: { status: 404, 'zh-CN': '应用不存在', 'en-US': 'The application does not exist' },
  APPLICATION_EXISTS: {
    status: 409,
    'zh-CN': '应用代码 {code} 已存在',
    'en-US': 'The application code {code} already exists',
  },
  APPLICATION_IN_USE: {
    status: 409,
    'zh-CN': '该应用已有号码或订单在使用，不能删除，可以禁用',
    'en-US': 'Numbers or orders use this application, so it cannot be deleted; disable it instead',
  },
  VALIDITY_OPTION_NOT_FOUND: {
    status: 404,
    'zh-CN': '有效期选项不存在',
    'en-US': 'The validity option does not exist',
  },
  VALIDITY_OPTION_EXISTS: {
    status: 409,
    'zh-CN': '相同类型和时长的有效期选项已存在',
    'en-US': 'A validity option of this kind and duration already exists',
  },
  VALIDITY_OPTION_IN_USE: {
    status: 409,
    'zh-CN': '该有效期选项已有订单在使用，不能删除，可以禁用',
    'en-US': 'Orders use this validity option, so it cannot be deleted; disable it instead',
  },
  PRICE_RULE_NOT_FOUND: { status: 404, 'zh-CN': '价格规则不存在', 'en-US': 'The price rule does not exist' },
  PRICE_RULE_EXISTS: {
    status: 409,
    'zh-CN': '相同范围（应用、国家、运营商、卡类型、有效期）的价格规则已存在',
    'en-US':
      'A price rule for the same application, country, operator, card type and validity already exists',
  },
} as const satisfies ErrorCatalogue;
