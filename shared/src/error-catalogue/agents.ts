import type { ErrorCatalogue } from './types';

/** Errors of the SIM-farm agents (the SMSHub agent protocol, Jiema on the hub's side). */
export const AGENT_ERRORS = {
  AGENT_NOT_FOUND: {
    status: 404,
    'zh-CN': '号码代理不存在',
    'en-US': 'The agent does not exist',
  },
  AGENT_NAME_TAKEN: {
    status: 409,
    'zh-CN': '已有同名的号码代理',
    'en-US': 'An agent with this name already exists',
  },
  /** The protocol key identifies the agent on PUSH_SMS: two agents cannot share one. */
  AGENT_KEY_TAKEN: {
    status: 409,
    'zh-CN': '该协议密钥已被另一个代理使用',
    'en-US': 'Another agent already uses this protocol key',
  },
  AGENT_URL_BLOCKED: {
    status: 400,
    'zh-CN': '代理地址必须是 http(s) 公网地址（内网或本机地址需服务器设置 UPSTREAM_ALLOW_PRIVATE=on）',
    'en-US':
      "The agent's URL must be a public http(s) address (private or local ones need UPSTREAM_ALLOW_PRIVATE=on on the server)",
  },
  AGENT_TEST_FAILED: {
    status: 502,
    'zh-CN': 'GET_SERVICES 测试失败：{reason}',
    'en-US': 'The GET_SERVICES test failed: {reason}',
  },
  AGENT_CODE_NOT_FOUND: {
    status: 404,
    'zh-CN': '该代理没有报过这个服务或国家名称',
    'en-US': 'This agent never answered with this service or country name',
  },
  AGENT_MAPPING_TARGET_UNKNOWN: {
    status: 400,
    'zh-CN': '映射目标不存在（应用或国家）',
    'en-US': 'The mapping target (application or country) does not exist',
  },
  AGENT_PAYOUT_TOO_LARGE: {
    status: 400,
    'zh-CN': '付款金额超过应付金额 {owed}',
    'en-US': 'The payout is more than what is owed ({owed})',
  },
} as const satisfies ErrorCatalogue;
