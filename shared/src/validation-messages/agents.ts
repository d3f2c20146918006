/** Messages of the agents' schemas (schemas/agents.ts). */
export const AGENT_VALIDATION_MESSAGES = {
  'validation.agentName': { 'zh-CN': '名称为 1 到 64 个字符', 'en-US': 'The name is 1 to 64 characters' },
  'validation.agentUrl': {
    'zh-CN': '请输入代理的 http(s) 地址',
    'en-US': "Please enter the agent's http(s) URL",
  },
  'validation.agentKey': {
    'zh-CN': '协议密钥为 8 到 200 个字符',
    'en-US': 'The protocol key is 8 to 200 characters',
  },
  'validation.agentCurrency': {
    'zh-CN': '币种为 ISO 4217 数字代码：643（卢布）或 840（美元）',
    'en-US': 'The currency is ISO 4217 numeric: 643 (rubles) or 840 (dollars)',
  },
  'validation.agentNumber': {
    'zh-CN': '请输入不小于 0 的数字，最多 6 位小数',
    'en-US': 'Please enter a number of at least 0 with at most 6 decimals',
  },
  'validation.agentPriority': {
    'zh-CN': '优先级为 -1000 到 1000 的整数',
    'en-US': 'The priority is a whole number from -1000 to 1000',
  },
  'validation.agentPayRate': {
    'zh-CN': '每条付费规则需要应用、两位国家代码和金额',
    'en-US': 'Each pay line needs an application, a two-letter country code and an amount',
  },
} as const;
