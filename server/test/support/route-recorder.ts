import type { RouteOptions } from 'fastify';
import type { AuthMode } from '../../src/fastify-types';

export type RecordedRoute = {
  method: string;
  url: string;
  auth: AuthMode;
  permission: string | undefined;
  /** Left out of the OpenAPI description. */
  hidden: boolean;
  /** Field names of the body and query schemas, when they are objects. */
  bodyFields: string[];
  queryFields: string[];
};

const registered: RouteOptions[] = [];

/**
 * A `vi.mock('fastify', …)` factory: the real Fastify, whose instances report every route they
 * register, so tests can cover routes added later without being told about them.
 */
export function fastifyRecordingRoutes(original: typeof import('fastify')) {
  const recording = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: recording, fastify: recording };
}

/** The keys of a zod object schema (refined objects included); none for anything else. */
const fieldsOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
};

/**
 * The routes registered so far, one per method, with the auth mode and permission the authentication
 * hook enforces. Read after the app is built: later onRoute hooks (of plugin scopes) may still change
 * a route's config. HEAD routes are Fastify's copies of GET routes and are left out.
 */
export function recordedRoutes(): RecordedRoute[] {
  return registered.flatMap((route) => {
    const config = (route.config ?? {}) as { auth?: AuthMode; permission?: string };
    const schema = (route.schema ?? {}) as { hide?: boolean; body?: unknown; querystring?: unknown };
    return [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        url: route.url,
        auth: config.auth ?? 'required',
        permission: config.permission,
        hidden: schema.hide === true,
        bodyFields: fieldsOf(schema.body),
        queryFields: fieldsOf(schema.querystring),
      }));
  });
}

/** A concrete URL for a route: each path parameter becomes `value` (by default an id no record has). */
export const sampleUrl = (url: string, value = '999999') =>
  url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, 'x');

/** `GET /api/things/:id` → `/api/things/{id}`, as OpenAPI writes paths. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
