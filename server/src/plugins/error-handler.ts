import { type ErrorBody, type ErrorCode, errorMessage, TOKEN_ERROR_CODES } from '@jiema/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { AppError } from '../lib/app-error';
import { requestLocale } from '../lib/request-locale';
import { describeIssues, RequestValidationError } from '../lib/request-validation';

/** Fastify's own client errors (bad JSON, wrong content type, too large) mapped to catalogue codes. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function send(reply: FastifyReply, request: FastifyRequest, error: AppError, extra: Partial<ErrorBody> = {}) {
  const isTokenError = (TOKEN_ERROR_CODES as readonly string[]).includes(error.code);
  const body: ErrorBody = {
    code: isTokenError ? error.code : error.status,
    message: errorMessage(error.code, request.locale, error.params),
    data: null,
    error: error.code,
    ...extra,
  };
  if (error.status === 429) reply.header('retry-after', String(error.params.seconds ?? 60));
  return reply.status(error.status).send(body);
}

/** The one place errors become the envelope: no stack traces, SQL or internals ever reach the caller. */
export function registerErrorHandler(app: App) {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    if (error instanceof AppError) return send(reply, request, error);
    if (error instanceof RequestValidationError) {
      const errors = describeIssues(error.issues, request.locale);
      const details = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
      return send(reply, request, new AppError('VALIDATION_FAILED', { details }), { errors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500 && !isResponseSerializationError(error)) {
      request.log.info({ err: error }, 'client error');
      return send(reply, request, new AppError(FRAMEWORK_CODES[status] ?? 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, new AppError('INTERNAL'));
  });
}

/**
 * Errors Fastify raises before routing, where no hook has run (`frameworkErrors`): a malformed
 * percent-encoding in the path, a path parameter over the length limit. The same envelope as the rest.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.locale = requestLocale(request);
  request.log.info({ err: error }, 'client error');
  return send(reply, request, new AppError('BAD_REQUEST'));
}
