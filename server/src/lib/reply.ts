import type { Envelope, Locale } from '@jiema/shared';
import type { FastifyRequest } from 'fastify';

const OK_MESSAGE = { 'zh-CN': '操作成功', 'en-US': 'Success' } as const;

/** The success envelope of spec §7: HTTP 200, `{ code: 200, message, data }`. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, message: OK_MESSAGE[request.locale], data };
}

const sharedEnvelopes = new WeakMap<object, Partial<Record<Locale, Envelope<unknown>>>>();
const shared = new WeakSet<object>();

/**
 * `ok()` for data that is one unchanging object answered many times (the current user of a cached
 * session, which every open page polls): the same envelope object for the same data and language,
 * which the serializer then turns into text once (`serializingSharedOnce`). The data must never be
 * changed after it is first answered.
 */
export function okShared<T extends object>(request: FastifyRequest, data: T): Envelope<T> {
  const byLocale = sharedEnvelopes.get(data) ?? {};
  let envelope = byLocale[request.locale] as Envelope<T> | undefined;
  if (!envelope) {
    envelope = ok(request, data);
    byLocale[request.locale] = envelope;
    sharedEnvelopes.set(data, byLocale);
    shared.add(envelope);
  }
  return envelope;
}

/**
 * Wraps a serializer compiler so that an envelope made by `okShared` is validated and serialized
 * once per route; every other answer goes through the serializer as before.
 */
export function serializingSharedOnce<R>(compile: (route: R) => (data: unknown) => string) {
  return (route: R) => {
    const serialize = compile(route);
    const texts = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !shared.has(data)) return serialize(data);
      let text = texts.get(data);
      if (text === undefined) {
        text = serialize(data);
        texts.set(data, text);
      }
      return text;
    };
  };
}
