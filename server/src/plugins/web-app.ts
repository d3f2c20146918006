import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-types';
import { AppError } from '../lib/app-error';

/**
 * Paths owned by the API (native, auth, the sms-activate `/stubs/` and 5sim `/v1/` compatible ones,
 * health): an unknown one is a JSON 404, never the web app's page.
 */
const API_PREFIXES = ['/api', '/auth', '/stubs', '/v1', '/healthz'];

const isApiPath = (pathname: string) =>
  API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** `/assets/x.js`, `/favicon.ico`: a file that is not there is a 404, not the page (a client route has no dot). */
const isFilePath = (pathname: string) => pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname);

/**
 * Serves the built web app: hashed assets cached for a year, every other GET or HEAD outside the API
 * answered with index.html (the client-side router decides, spec §2), whatever its Accept header:
 * `curl http://host:3000/` or a load balancer's health check on `/` sees the page, not a JSON 404.
 */
export async function registerWebApp(app: App, webDist: string | undefined) {
  const indexFile = webDist && path.join(webDist, 'index.html');
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  if (indexHtml) {
    await app.register(async (scope) => {
      // The built files are public: no session is looked at for them. `staticFile`: their request
      // lines are logged at debug (plugins/request-logging.ts).
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'none', staticFile: true };
      });
      await scope.register(fastifyStatic, {
        root: webDist!,
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  } else if (webDist) {
    app.log.warn({ webDist }, 'web app not built: serving the API only');
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !isFilePath(pathname);
    if (indexHtml && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    throw new AppError('ROUTE_NOT_FOUND');
  });
}
