import {
  CODE_ANSWER_FORMATS,
  envelopeOf,
  ZApiCodes,
  ZApiCodesQuery,
  ZCodeAnswer,
  ZCodeLinkQuery,
  ZCodeTokenParams,
} from '@jiema/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import type { CodeLinkService } from './code-link.service';

const tags = ['code link'];
const ZLinkQuery = ZCodeLinkQuery.extend({
  /** Answer in this format instead of the owner's (the `/code/<token>` page asks for JSON). */
  format: z.enum(CODE_ANSWER_FORMATS, { error: 'validation.codeAnswerFormat' }).optional(),
});

/** An AbortSignal that fires when the caller goes away before its answer (a long-poll stops waiting). */
function abortedWhenGone(raw: NodeJS.EventEmitter & { writableEnded: boolean }) {
  const controller = new AbortController();
  raw.once('close', () => {
    if (!raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

export function registerCodeLinkRoutes(app: App, { codeLinks }: { codeLinks: CodeLinkService }) {
  app.get(
    '/api/code/:token',
    {
      config: { auth: 'none', scriptsOnly: true },
      schema: {
        tags,
        summary: 'Public code link: the latest code of a rental, order or group token, in the owner’s format',
        description: [
          'No login: the token is the secret. The owner chooses the answer format in the code retrieval',
          'settings (`format` overrides it): `code` = the code alone (text/plain), `text` = the whole SMS',
          '(text/plain), `json` = the envelope below, each number with `number`, `sender`, `text`, `code` and',
          '`time` (ISO 8601 with the offset of the owner’s time zone). Only SMS inside the owner’s time',
          'window count (and, with `after`, only those received after it). An order or group token answers',
          'in the plain formats one line per number: `<number> <code or text>`.',
          '',
          '**No code yet**: `204 No Content` in the plain formats; `code: null` in JSON.',
          '',
          '**Long-poll**: `wait=N` (1–60 s) answers the moment an SMS arrives, else after N seconds with no',
          'code yet. **Rate limit**: per link and minute (`429` with `Retry-After`); prefer `wait` to polling.',
        ].join('\n'),
        params: ZCodeTokenParams,
        querystring: ZLinkQuery,
        produces: ['application/json', 'text/plain'],
        response: { 200: envelopeOf(ZCodeAnswer) },
        security: [],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let result: Awaited<ReturnType<CodeLinkService['answer']>>;
      try {
        result = await codeLinks.answer(request.params.token, {
          ...request.query,
          locale: request.locale,
          // Only a long-poll waits; an AbortController per plain read costs ~5 µs (a sixth of a read).
          signal: request.query.wait ? abortedWhenGone(reply.raw) : undefined,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'CODE_LINK_RATE_LIMITED') {
          reply.header('retry-after', String(error.params.seconds));
        }
        throw error;
      }
      // A long-poll woken by the shutdown: its keep-alive socket would hold the server's close up.
      if (codeLinks.closing) reply.header('connection', 'close');
      if (result.format === 'json') return ok(request, result.data);
      // The plain formats are not the envelope: typed as the route's JSON answer, sent as they are.
      const plain = reply as unknown as FastifyReply;
      if (result.body === null) return plain.status(204).send();
      return plain.type('text/plain; charset=utf-8').send(result.body);
    },
  );

  app.get(
    '/api/codes',
    {
      config: { auth: 'none', scriptsOnly: true },
      schema: {
        tags,
        summary: 'The SMS of all my rentals received after `since` (API key in the `X-API-Key` header)',
        description:
          'Oldest first, at most `limit` (default 100). `since` defaults to one hour ago; pass the answer’s `until` as the next `since`. Identify SMS by `smsId`. The key is on the profile page.',
        querystring: ZApiCodesQuery,
        headers: z.object({ 'x-api-key': z.string().max(200).optional() }),
        response: { 200: envelopeOf(ZApiCodes) },
        security: [],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return ok(request, await codeLinks.listByApiKey(request.headers['x-api-key'], request.query));
      } catch (error) {
        if (error instanceof AppError && error.code === 'CODE_LINK_RATE_LIMITED') {
          reply.header('retry-after', String(error.params.seconds));
        }
        throw error;
      }
    },
  );
}
