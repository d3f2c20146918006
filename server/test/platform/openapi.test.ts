import { LOCALES, type Locale } from '@jiema/shared';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { OPERATIONS_ZH_CN } from '../../src/plugins/openapi/operations-zh-cn';
import { createTestApp, expectErrorEnvelope } from '../helpers';
import { openApiPath, recordedRoutes } from '../support/route-recorder';

vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-recorder')).fastifyRecordingRoutes(await importOriginal()),
);

const t = await createTestApp();
afterAll(() => t.close());

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
};
type OpenApi = {
  openapi: string;
  info: { description: string };
  tags: Array<{ name: string; 'x-displayName': string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

const fetchSpec = async (query = '', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/openapi.json${query}`, headers });
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

const CJK = /\p{Script=Han}/u;
/** Wording of the team's own documents that means nothing to an integrator. */
const INTERNAL_WORDING = /spec\s*§|§\s*\d|every field|\bTODO\b|inbound path|route schema/i;

/** Every string anywhere in the document, with where it is. */
function* stringsOf(value: unknown, where = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [where, value];
  else if (Array.isArray(value))
    for (const [i, item] of value.entries()) yield* stringsOf(item, `${where}[${i}]`);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, `${where}.${key}`);
  }
}

const operationsOf = (spec: OpenApi) =>
  Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe.each(LOCALES)('the document in %s', (locale: Locale) => {
  const zh = locale === 'zh-CN';

  test('gives every operation a summary in the language, and tags a name in it', async () => {
    const spec = await fetchSpec(`?lang=${locale}`);
    const operations = operationsOf(spec);
    expect(operations.length).toBe(documented.length);
    for (const { key, op } of operations) {
      expect(op.summary?.trim(), `${key} has no summary`).toBeTruthy();
      if (zh) expect(op.summary, `${key}: no Chinese summary`).toMatch(CJK);
      else expect(op.summary, `${key}: the English summary has Chinese in it`).not.toMatch(CJK);
      if (op.description && !zh) expect(op.description, key).not.toMatch(CJK);
    }
    const used = new Set(operations.flatMap(({ op }) => op.tags ?? []));
    expect(spec.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of spec.tags) {
      expect(tag['x-displayName'], `tag ${tag.name} has no name`).not.toBe(tag.name);
      if (zh) expect(tag['x-displayName'], tag.name).toMatch(CJK);
    }
    expect(spec.info.description).toMatch(zh ? CJK : /Authorization: Bearer/);
  });

  test('says who may call each operation', async () => {
    const spec = await fetchSpec(`?lang=${locale}`);
    for (const route of documented) {
      const op = spec.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (route.permission)
        expect(op?.description, `${route.method} ${route.url}`).toContain(`\`${route.permission}\``);
      if (route.auth === 'required') expect(op?.description, `${route.method} ${route.url}`).toContain('401');
    }
  });

  test('has no internal wording anywhere', async () => {
    const spec = await fetchSpec(`?lang=${locale}`);
    for (const [where, text] of stringsOf(spec)) expect(text, where).not.toMatch(INTERNAL_WORDING);
  });
});

test('the Chinese catalogue names only operations the server has', () => {
  const operations = new Set(documented.map((r) => `${r.method} ${openApiPath(r.url)}`));
  expect(Object.keys(OPERATIONS_ZH_CN).filter((key) => !operations.has(key))).toEqual([]);
});

test('without ?lang the document follows X-Locale, then Accept-Language, else stays English', async () => {
  const login = (spec: OpenApi) => spec.paths['/auth/login']?.post?.summary;
  const english = login(await fetchSpec('?lang=en-US'));
  const chinese = login(await fetchSpec('?lang=zh-CN'));
  expect(english).not.toBe(chinese);
  expect(login(await fetchSpec())).toBe(english);
  expect(login(await fetchSpec('', { 'accept-language': 'zh-CN,zh;q=0.9' }))).toBe(chinese);
  expect(login(await fetchSpec('', { 'x-locale': 'en-US', 'accept-language': 'zh-CN' }))).toBe(english);
  expect(login(await fetchSpec('?lang=zh-CN', { 'x-locale': 'en-US' }))).toBe(chinese);
});

test("an unknown ?lang is refused in the caller's language", async () => {
  const zh = await t.app.inject({ method: 'GET', url: '/api/openapi.json?lang=fr' });
  expect(expectErrorEnvelope(zh, 400).message).toMatch(CJK);
  const en = await t.app.inject({
    method: 'GET',
    url: '/api/openapi.json?lang=fr',
    headers: { 'x-locale': 'en-US' },
  });
  expect(expectErrorEnvelope(en, 400).message).toMatch(/lang/);
});
