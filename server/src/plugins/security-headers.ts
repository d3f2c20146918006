import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { App } from '../app-types';

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * The content security policy of the web app: everything from our own origin, images from anywhere.
 * `upgrade-insecure-requests` (helmet's default) only over HTTPS: over plain HTTP on any address but
 * localhost it makes the browser fetch every script and style over https, and the page stays blank.
 */
const helmetOptions = (overHttps: boolean): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      upgradeInsecureRequests: overHttps ? [] : null,
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: for the previews of images picked for a ticket (object URLs) before they are sent.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, worked out once at boot by running helmet against a stand-in response.
 * They do not depend on the request (no nonces), and running helmet per request (as @fastify/helmet
 * does) re-parses the CSP directives every time: measured, it halved the requests per second of a
 * small authenticated route.
 */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * `https`: `on` when clients always come over HTTPS (TLS ended before this server by a proxy it does
 * not trust), `off` never, `auto` per request: TLS on the socket, or `X-Forwarded-Proto: https` from a
 * trusted proxy (TRUST_PROXY), which is what Fastify's `request.protocol` reports.
 */
export function registerSecurityHeaders(app: App, https: 'auto' | 'on' | 'off' = 'auto') {
  const plain = computeSecurityHeaders(helmetOptions(false));
  const secure = computeSecurityHeaders(helmetOptions(true));
  app.addHook('onRequest', (request, reply, done) => {
    // CSP, frame, opener and referrer policies protect a rendered page: on a getStatus poll, answered
    // many times a second to scripts, they are ~700 bytes and a sixth of the CPU of each answer.
    if (request.routeOptions.config?.scriptsOnly) {
      reply.header('x-content-type-options', 'nosniff');
      return done();
    }
    const overHttps = https === 'on' || (https === 'auto' && request.protocol === 'https');
    reply.headers(overHttps ? secure : plain);
    done();
  });
}
