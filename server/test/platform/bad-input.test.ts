import type { HTTPMethods } from 'fastify';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { ADMIN, authed, createSession, createTestApp, expectNothingInternal } from '../helpers';
import { type RecordedRoute, recordedRoutes, sampleUrl } from '../support/route-recorder';

vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-recorder')).fastifyRecordingRoutes(await importOriginal()),
);

// Built while the file is collected, so every registered route becomes its own test case.
const t = await createTestApp();
afterAll(() => t.close());

const [admin] = await t.db.query<{ id: number }>('select id from users where username = $1', [
  ADMIN.username,
]);

/** A fresh administrator session per route (logout ends one); the administrator passes every check. */
const adminToken = () => createSession(t.db, admin!.id);

/** Values of every wrong kind, and strings that break careless code: what a field gets in turn. */
const HOSTILE_VALUES: readonly unknown[] = [
  -1,
  1.5,
  1e308,
  true,
  null,
  [1, 'two'],
  { $gt: '' },
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  '\ud800',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '💥'.repeat(500),
  '2024-13-45',
];

/** What a query string can carry (a lone surrogate cannot be percent-encoded, so no client sends one). */
const HOSTILE_QUERY_VALUES: readonly string[] = [
  '',
  '-1',
  '1.5',
  '1e308',
  '99999999999999999999',
  'NaN',
  '%00',
  "' or 1=1 --",
  'x'.repeat(2000),
  '💥',
  '2024-13-45',
];

/** Whole bodies that are not what any route expects. */
const HOSTILE_BODIES: readonly string[] = [
  '[]',
  '[{}]',
  '"text"',
  '42',
  'true',
  'null',
  '{}',
  '{"a":{"b":{"c":[]}}}',
];

const PARAM_VALUES = ['0', '-1', '1.5', 'abc', '99999999999999999999', "'", '%00', '%20', 'null', '..%2F..'];

/** The sms-activate and 5sim APIs and the agents' PUSH_SMS answer in their protocols' own words, not the envelope. */
const speaksItsOwnProtocol = (url: string) =>
  url.startsWith('/v1/') || url.startsWith('/stubs/') || url === '/api/agents/sms';

function expectHandled(res: { statusCode: number; body: string }, what: string, url = '') {
  expect(res.statusCode, `${what} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expectNothingInternal(res.body);
  if (res.statusCode >= 400 && !speaksItsOwnProtocol(url)) {
    const body = JSON.parse(res.body);
    expect(body, what).toMatchObject({ code: expect.anything(), message: expect.any(String), data: null });
  }
}

const routes = recordedRoutes();
const label = (r: RecordedRoute) => `${r.method} ${r.url}`;
const withBody = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));

describe.each(withBody.map((r) => [label(r), r] as const))(
  '%s never answers 500 to a bad body',
  (_, route) => {
    test('whole bodies of the wrong shape', async () => {
      const headers = { ...authed(await adminToken()), 'content-type': 'application/json' };
      for (const payload of HOSTILE_BODIES) {
        const res = await t.app.inject({
          method: route.method as HTTPMethods,
          url: sampleUrl(route.url),
          headers,
          payload,
        });
        expectHandled(res, `body ${payload}`, route.url);
      }
    });
  },
);

const withFields = withBody.filter((r) => r.bodyFields.length > 0);

describe.each(withFields.map((r) => [label(r), r] as const))(
  '%s never answers 500 to a bad field',
  (_, route) => {
    test('every field set to each hostile value', async () => {
      const headers = authed(await adminToken());
      for (const value of HOSTILE_VALUES) {
        const payload = Object.fromEntries(route.bodyFields.map((field) => [field, value]));
        const res = await t.app.inject({
          method: route.method as HTTPMethods,
          url: sampleUrl(route.url),
          headers,
          payload,
        });
        expectHandled(res, `all fields = ${JSON.stringify(value)?.slice(0, 40)}`, route.url);
      }
    });
  },
);

const withQuery = routes.filter((r) => r.queryFields.length > 0);

describe.each(withQuery.map((r) => [label(r), r] as const))(
  '%s never answers 500 to a bad query',
  (_, route) => {
    test('every query field set to each hostile value, once and as a repeated or bracketed key', async () => {
      const headers = authed(await adminToken());
      for (const value of HOSTILE_QUERY_VALUES) {
        const text = value === '%00' ? value : encodeURIComponent(value);
        for (const query of [
          route.queryFields.map((f) => `${f}=${text}`).join('&'),
          route.queryFields.map((f) => `${f}=${text}&${f}=${text}&${f}[]=${text}&${f}[x]=1`).join('&'),
        ]) {
          const res = await t.app.inject({
            method: route.method as HTTPMethods,
            url: `${sampleUrl(route.url)}?${query}`,
            headers,
          });
          expectHandled(res, `?${query.slice(0, 80)}`, route.url);
        }
      }
    });
  },
);

const withParams = routes.filter((r) => r.url.includes('/:'));

describe.each(withParams.map((r) => [label(r), r] as const))(
  '%s never answers 500 to a bad path parameter',
  (_, route) => {
    test('each hostile value in every parameter', async () => {
      const headers = { ...authed(await adminToken()), 'content-type': 'application/json' };
      for (const value of PARAM_VALUES) {
        const res = await t.app.inject({
          method: route.method as HTTPMethods,
          url: sampleUrl(route.url, value),
          headers,
          ...(route.method === 'GET' ? {} : { payload: '{}' }),
        });
        expectHandled(res, `param ${value}`, route.url);
      }
    });
  },
);

test('the fuzzing above reached the routes of the app', () => {
  expect(withFields.map(label)).toEqual(
    expect.arrayContaining(['POST /auth/login', 'PUT /api/user/profile']),
  );
  expect(withQuery.map(label)).toContain('GET /api/menus/user-menus');
});
