import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { acceptAnyBody } from '../common/body-parsers';
import type { CompatCall, CompatDeps } from '../common/compat-context';
import { CompatRefusal, type RefusalWord } from '../common/compat-error';
import { type CompatParams, mergeParams } from '../common/params';
import { activationActions } from './sa-activation-actions';
import { catalogActions } from './sa-catalog-actions';
import { notOfferedActions } from './sa-not-offered-actions';
import { rentActions } from './sa-rent-actions';

type Action = (call: CompatCall<CompatParams>) => Promise<string | object>;

/** Every action, by its name in lower case (clients differ in case: `getbalance`). */
const ACTIONS = new Map<string, { run: Action; rent: boolean }>([
  ...Object.entries(activationActions).map(([n, run]) => [n.toLowerCase(), { run, rent: false }] as const),
  ...Object.entries(catalogActions).map(([n, run]) => [n.toLowerCase(), { run, rent: false }] as const),
  ...Object.entries(notOfferedActions).map(([n, run]) => [n.toLowerCase(), { run, rent: false }] as const),
  ...Object.entries(rentActions).map(([n, run]) => [n.toLowerCase(), { run, rent: true }] as const),
]);

/** A refusal as the classic actions answer it (plain text). */
function classicWord(refusal: CompatRefusal): string {
  const word: RefusalWord = refusal.word;
  switch (word) {
    case 'WRONG_MAX_PRICE':
      return `WRONG_MAX_PRICE:${Number(refusal.detail ?? '0')}`;
    case 'HAS_SMS':
    case 'NO_SMS_YET':
    case 'ENDED':
    case 'NOT_ACTIVATION':
      return 'BAD_STATUS';
    case 'NOT_RENTAL':
      return 'NO_ACTIVATION';
    case 'BAD_OPERATOR':
      return 'NO_NUMBERS';
    case 'ERROR':
      return 'ERROR_SQL';
    default:
      return word;
  }
}

/** A refusal as the rent actions answer it: `{"status":"error","message":...}`. */
function rentWord(refusal: CompatRefusal): string {
  switch (refusal.word) {
    case 'NO_ACTIVATION':
    case 'WRONG_ACTIVATION_ID':
    case 'NOT_RENTAL':
      return 'NO_ID_RENT';
    case 'ENDED':
    case 'HAS_SMS':
    case 'NO_SMS_YET':
    case 'NOT_ACTIVATION':
      return 'INCORECT_STATUS';
    case 'ERROR':
      return 'SERVER_ERROR';
    case 'WRONG_MAX_PRICE':
    case 'BAD_OPERATOR':
      return 'NO_NUMBERS';
    default:
      return refusal.word;
  }
}

function send(reply: FastifyReply, answer: string | object) {
  reply.code(200);
  if (typeof answer === 'string') return reply.type('text/plain; charset=utf-8').send(answer);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
}

/**
 * sms-activate's `handler_api.php`, byte for byte: GET or POST (query string, form, multipart or JSON
 * body; all merged), `api_key` = the user's API key, and ALWAYS HTTP 200 with the protocol's own
 * answer, errors included (axios-based clients cannot read a 4xx). An internal failure is logged
 * and answered `ERROR_SQL`, never a 500 or an HTML page.
 */
export function registerHandlerApiRoutes(app: App, deps: CompatDeps) {
  app.register(async (scope) => {
    acceptAnyBody(scope);
    scope.setErrorHandler((error, request, reply) => {
      request.log.error({ err: error }, 'sms-activate compat failure');
      return send(reply, 'ERROR_SQL');
    });

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = mergeParams(request.query, request.body);
      const user = await deps.keys.find(params.api_key);
      if (!user) return send(reply, 'BAD_KEY');
      const action = params.action === undefined ? undefined : ACTIONS.get(params.action.toLowerCase());
      if (!action) return send(reply, 'BAD_ACTION');
      if (!(await deps.limiter.allow(user.id))) {
        return send(reply, action.rent ? { status: 'error', message: 'RATE_LIMITED' } : 'RATE_LIMITED');
      }
      try {
        return send(reply, await action.run({ deps, user, params }));
      } catch (error) {
        if (!(error instanceof CompatRefusal)) throw error;
        if (error.word === 'ERROR')
          request.log.warn({ action: params.action }, 'sms-activate compat refused: ERROR');
        return send(reply, action.rent ? { status: 'error', message: rentWord(error) } : classicWord(error));
      }
    };

    scope.route({
      method: ['GET', 'POST'],
      url: '/stubs/handler_api.php',
      config: { auth: 'apiKey', scriptsOnly: true },
      schema: { hide: true },
      handler: handle,
    });
  });
}
