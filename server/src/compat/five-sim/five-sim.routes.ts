import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import type { KeyUser } from '../common/api-key-users';
import { acceptAnyBody } from '../common/body-parsers';
import type { CompatDeps } from '../common/compat-context';
import { CompatRefusal } from '../common/compat-error';
import { mergeParams } from '../common/params';
import { FiveSimError, fiveSimError, fromRefusal, sendError } from './fs-errors';
import { guest } from './fs-guest';
import { user } from './fs-user';

type Params = Record<string, string>;

/** `Authorization: Bearer <the user's API key>` (5sim's JWT becomes our API key). */
function bearer(request: FastifyRequest) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * `Content-Type: application/json` exactly, as 5sim sends it: a published client compares the header
 * as a whole and reports `application/json; charset=utf-8` as a failure, a paid purchase included.
 * The body is UTF-8 all the same (JSON's own encoding).
 */
function sendJson(reply: FastifyReply, body: unknown) {
  reply.code(200).type('application/json');
  // As bytes: Fastify appends `; charset=utf-8` to a JSON type set for a string payload.
  return reply.send(Buffer.from(body === null ? '' : JSON.stringify(body), 'utf8'));
}

/**
 * 5sim's `/v1` REST API: guest catalogue and the user's orders, with 5sim's JSON and its plain-text
 * errors and HTTP statuses. An internal failure is logged and answered 503 `server offline`, never
 * a 500 or an HTML page; a path 5sim does not have is 404 `not found`.
 */
export function registerFiveSimRoutes(app: App, deps: CompatDeps) {
  app.register(
    async (scope) => {
      acceptAnyBody(scope);
      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof FiveSimError) return sendError(reply, error);
        if (error instanceof CompatRefusal) {
          if (error.word === 'ERROR') request.log.warn('5sim compat refused: ERROR');
          return sendError(reply, fromRefusal(error));
        }
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status < 500) return sendError(reply, fiveSimError(400, 'bad request'));
        request.log.error({ err: error }, '5sim compat failure');
        return sendError(reply, fiveSimError(503, 'server offline'));
      });
      scope.setNotFoundHandler((_request, reply) => sendError(reply, fiveSimError(404, 'not found')));

      const publicRoute = { config: { auth: 'none' as const, scriptsOnly: true }, schema: { hide: true } };
      const keyRoute = { config: { auth: 'apiKey' as const, scriptsOnly: true }, schema: { hide: true } };

      scope.get('/guest/countries', publicRoute, async (_req, reply) =>
        sendJson(reply, await guest.countries(deps)),
      );
      scope.get('/guest/products/:country/:operator', publicRoute, async (req, reply) => {
        const p = req.params as Params;
        return sendJson(reply, await guest.products(deps, p.country!, p.operator!));
      });
      scope.get('/guest/prices', publicRoute, async (req, reply) =>
        sendJson(reply, await guest.prices(deps, mergeParams(req.query, {}))),
      );

      /** The caller by API key, then the per-key limit: 401 with an empty body, 429 `rate limit exceeded`. */
      const authed = async (request: FastifyRequest): Promise<KeyUser> => {
        const found = await deps.keys.find(bearer(request));
        if (!found) throw fiveSimError(401, '');
        if (!(await deps.limiter.allow(found.id))) throw fiveSimError(429, 'rate limit exceeded');
        return found;
      };
      const userGet = (url: string, fn: (u: KeyUser, p: Params, q: Params) => Promise<unknown>) =>
        scope.get(url, keyRoute, async (req, reply) => {
          const u = await authed(req);
          return sendJson(reply, await fn(u, req.params as Params, mergeParams(req.query, {})));
        });

      userGet('/user/profile', (u) => user.profile(deps, u));
      userGet('/user/buy/activation/:country/:operator/:product', (u, p, q) =>
        user.buyActivation(deps, u, { country: p.country!, operator: p.operator!, product: p.product! }, q),
      );
      userGet('/user/buy/hosting/:country/:operator/:product', (u, p) =>
        user.buyHosting(deps, u, { country: p.country!, operator: p.operator!, product: p.product! }),
      );
      userGet('/user/reuse/:product/:number', (u, p) => user.reuse(deps, u, p.product!, p.number!));
      userGet('/user/check/:id', (u, p) => user.check(deps, u, p.id!));
      userGet('/user/finish/:id', (u, p) => user.finish(deps, u, p.id!));
      userGet('/user/cancel/:id', (u, p) => user.cancel(deps, u, p.id!));
      userGet('/user/ban/:id', (u, p) => user.ban(deps, u, p.id!));
      userGet('/user/sms/inbox/:id', (u, p) => user.inbox(deps, u, p.id!));
      userGet('/user/orders', (u, _p, q) => user.orders(deps, u, q));
      userGet('/user/payments', (u, _p, q) => user.payments(deps, u, q));
      userGet('/user/max-prices', (u) => user.maxPrices(deps, u));
      const bodyOf = (req: FastifyRequest) => mergeParams(req.query, req.body) as Record<string, unknown>;
      scope.post('/user/max-prices', keyRoute, async (req, reply) =>
        sendJson(reply, await user.setMaxPrice(deps, await authed(req), bodyOf(req))),
      );
      scope.delete('/user/max-prices', keyRoute, async (req, reply) =>
        sendJson(reply, await user.deleteMaxPrice(deps, await authed(req), bodyOf(req))),
      );
    },
    { prefix: '/v1' },
  );
}
