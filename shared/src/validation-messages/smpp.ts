/** Messages of the SMPP bind schema (schemas/smpp.ts). */
export const SMPP_VALIDATION_MESSAGES = {
  'validation.smppHost': {
    'zh-CN': '请输入 SMSC 主机名或 IP 地址',
    'en-US': 'Please enter the SMSC host name or IP address',
  },
  'validation.smppPort': {
    'zh-CN': '端口为 1 到 65535 的整数',
    'en-US': 'The port is a whole number from 1 to 65535',
  },
  'validation.smppSystemId': {
    'zh-CN': 'system_id 为 1 到 15 个 ASCII 字符',
    'en-US': 'system_id is 1 to 15 ASCII characters',
  },
  'validation.smppSystemType': {
    'zh-CN': 'system_type 最多 12 个 ASCII 字符',
    'en-US': 'system_type is at most 12 ASCII characters',
  },
  'validation.smppPassword': {
    'zh-CN': '密码最多 8 个 ASCII 字符（SMPP 3.4）',
    'en-US': 'The password is at most 8 ASCII characters (SMPP 3.4)',
  },
  'validation.smppBindMode': { 'zh-CN': '请选择绑定方式', 'en-US': 'Please choose the bind mode' },
  'validation.smppEnquireLink': {
    'zh-CN': '心跳间隔为 5 到 600 秒',
    'en-US': 'The enquire_link interval is 5 to 600 seconds',
  },
  'validation.smppAddressRange': {
    'zh-CN': '地址范围最多 40 个字符',
    'en-US': 'The address range is at most 40 characters',
  },
} as const;
