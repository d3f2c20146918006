import type { ErrorCatalogue } from './types';

/** Errors of the upstream providers (numbers bought from other platforms and resold). */
export const UPSTREAM_ERRORS = {
  /** The number's provider did not answer a cancel / another SMS in time: nothing changed. */
  UPSTREAM_UNAVAILABLE: {
    status: 503,
    'zh-CN': '号码供应方暂时没有响应，操作未执行，请稍后重试',
    'en-US': "The number's provider did not answer; nothing was changed, please try again shortly",
  },
  /** The address is the webhook's only credential: a wrong one is an address that does not exist. */
  UPSTREAM_WEBHOOK_UNKNOWN: {
    status: 404,
    'zh-CN': '供应方回调地址不存在',
    'en-US': 'Unknown provider webhook address',
  },
  UPSTREAM_PROVIDER_NOT_FOUND: {
    status: 404,
    'zh-CN': '上游供应商不存在',
    'en-US': 'The upstream provider does not exist',
  },
  UPSTREAM_PROVIDER_NAME_TAKEN: {
    status: 409,
    'zh-CN': '已有同名的上游供应商',
    'en-US': 'An upstream provider with this name already exists',
  },
  /** The base URL is not http(s) or points at this machine / a private network (without UPSTREAM_ALLOW_PRIVATE). */
  UPSTREAM_URL_BLOCKED: {
    status: 400,
    'zh-CN': '接口地址必须是 http(s) 公网地址（内网或本机地址需服务器设置 UPSTREAM_ALLOW_PRIVATE=on）',
    'en-US':
      'The base URL must be a public http(s) address (private or local ones need UPSTREAM_ALLOW_PRIVATE=on on the server)',
  },
  /** "Test" failed: the provider's answer, translated into what it means. */
  UPSTREAM_TEST_FAILED: {
    status: 502,
    'zh-CN': '连接测试失败：{reason}',
    'en-US': 'The connection test failed: {reason}',
  },
  UPSTREAM_CODE_NOT_FOUND: {
    status: 404,
    'zh-CN': '该供应商没有这个服务或国家代码',
    'en-US': 'This provider has no such service or country code',
  },
  UPSTREAM_MAPPING_TARGET_UNKNOWN: {
    status: 400,
    'zh-CN': '映射目标不存在（应用或国家）',
    'en-US': 'The mapping target (application or country) does not exist',
  },
  UPSTREAM_PRICE_RULE_NOT_FOUND: {
    status: 404,
    'zh-CN': '该供应商没有这条价格规则',
    'en-US': 'This provider has no such price rule',
  },
} as const satisfies ErrorCatalogue;
