import { afterAll, expect, test, vi } from 'vitest';
import { createTestApp } from '../helpers';
import { openApiPath, recordedRoutes } from '../support/route-recorder';

vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-recorder')).fastifyRecordingRoutes(await importOriginal()),
);

const t = await createTestApp();
afterAll(() => t.close());

type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown> };
};

const fetchSpec = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<OpenApi>();
};

test('GET /api/openapi.json is public and describes the bearer scheme', async () => {
  const spec = await fetchSpec();
  expect(spec.openapi).toMatch(/^3\./);
  expect(spec.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
});

const documented = recordedRoutes().filter((r) => !r.hidden && !r.url.startsWith('/api/openapi.json'));

test.each(documented.map((r) => [`${r.method} ${r.url}`, r] as const))('lists %s', async (_, route) => {
  const spec = await fetchSpec();
  const operation = spec.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  expect(operation, `${route.method} ${route.url} missing from the OpenAPI paths`).toBeDefined();
  // Public routes say so, so the docs page does not ask for a token.
  if (route.auth === 'none') expect(operation?.security).toEqual([]);
  expect(Object.keys(operation?.responses ?? {})).toContain('200');
});

test('lists the core routes of spec §7', async () => {
  const spec = await fetchSpec();
  for (const [path, method] of [
    ['/auth/login', 'post'],
    ['/auth/info', 'get'],
    ['/auth/code', 'get'],
    ['/api/authSms/register', 'post'],
    ['/api/authSms/logout', 'post'],
    ['/api/system/user-roles/current', 'get'],
    ['/api/menus/user-menus', 'get'],
  ] as const) {
    expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  }
});

test('leaves out hidden routes', async () => {
  const spec = await fetchSpec();
  expect(spec.paths['/healthz']).toBeUndefined();
  expect(spec.paths['/api/openapi.json']).toBeUndefined();
});
