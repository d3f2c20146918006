import type { Socket } from 'node:net';
import { type ErrorBody, type ErrorCode, errorMessage, LOCALE_HEADER, resolveLocale } from '@jiema/shared';
import type { ConnectionError, FastifyInstance } from 'fastify';
import type { App } from '../app-types';
import { AppError } from '../lib/app-error';

/** Node's parser errors (`clientError`) that have their own status; every other one is a 400. */
const PARSER_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/** A header's value read from the raw bytes of a request Node could not parse (best effort). */
function rawHeader(raw: unknown, name: string): string | undefined {
  if (!Buffer.isBuffer(raw)) return undefined;
  const match = new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]{0,200})`, 'i').exec(raw.toString('latin1'));
  return match?.[1];
}

/**
 * Answers a request Node's HTTP parser refused (bad request line, bad header, header too large, a
 * bad chunked body, a timeout) with the envelope in the caller's language, written straight to the
 * socket as Fastify's own handler does, instead of Fastify's `{"error":"Bad Request",...}`.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = PARSER_CODES[error.code ?? ''] ?? 'MALFORMED_REQUEST';
  const appError = new AppError(code);
  const locale = resolveLocale(
    rawHeader(error.rawPacket, LOCALE_HEADER),
    rawHeader(error.rawPacket, 'accept-language'),
  );
  const body: ErrorBody = {
    code: appError.status,
    message: errorMessage(code, locale),
    data: null,
    error: code,
  };
  const json = JSON.stringify(body);
  this.log.info({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_TEXT[appError.status] ?? 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * While the server stops, requests still arriving on open keep-alive connections get a 503 envelope
 * and `Connection: close` (Fastify's own answer, `return503OnClosing`, is outside the envelope).
 */
export function registerClosingGuard(app: App) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    done(new AppError('SERVER_STOPPING'));
  });
}
