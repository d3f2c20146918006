import { LOCALE_HEADER, type Locale, resolveLocale } from '@jiema/shared';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the X-Locale header the web app sends, else Accept-Language, else zh-CN. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers[LOCALE_HEADER];
  return resolveLocale(Array.isArray(header) ? header[0] : header, request.headers['accept-language']);
}
