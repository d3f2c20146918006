import type { ErrorCatalogue } from './types';

/** Errors of the SMPP connector (issue 8): its settings and start/stop on the gateway screen. */
export const SMPP_ERRORS = {
  SMPP_NOT_SMPP_GATEWAY: {
    status: 400,
    'zh-CN': '该网关不是 SMPP 网关',
    'en-US': 'This gateway is not an SMPP gateway',
  },
  SMPP_NOT_CONFIGURED: {
    status: 409,
    'zh-CN': '请先填写并保存 SMPP 连接设置（主机、端口、system_id、密码）',
    'en-US': 'Save the SMPP connection settings (host, port, system_id, password) first',
  },
} as const satisfies ErrorCatalogue;
