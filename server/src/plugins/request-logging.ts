import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const isStaticFile = (request: FastifyRequest) => request.routeOptions?.config?.staticFile === true;

/**
 * Fastify's request lines, with the web app's static files at debug: a page load fetches dozens
 * of scripts, styles and images, which would bury the API calls and page loads at the default
 * `info` level. Failures of a static file are logged as Fastify logs them.
 */
export class StaticFilesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isStaticFile(request)) return super.incomingRequest(request, reply, metadata);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error || !isStaticFile(request)) return super.requestCompleted(error, request, reply, metadata);
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
