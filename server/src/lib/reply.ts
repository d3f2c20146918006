import type { Envelope } from '@jiema/shared';
import type { FastifyRequest } from 'fastify';

const OK_MESSAGE = { 'zh-CN': '操作成功', 'en-US': 'Success' } as const;

/** The success envelope of spec §7: HTTP 200, `{ code: 200, message, data }`. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, message: OK_MESSAGE[request.locale], data };
}
