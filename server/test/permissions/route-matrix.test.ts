import { DEFAULT_PERMISSIONS, USER_TYPE, type UserType } from '@jiema/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { sha256 } from '../../src/lib/secrets';
import {
  authed,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  setUserPermission,
} from '../helpers';
import { type RecordedRoute, recordedRoutes, sampleUrl } from '../support/route-recorder';

vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-recorder')).fastifyRecordingRoutes(await importOriginal()),
);

// Built while the file is collected, so every registered route becomes its own test case.
const t = await createTestApp();
afterAll(() => t.close());

const routes = recordedRoutes();
const privateRoutes = routes.filter((r) => r.auth === 'required');
const guardedRoutes = routes.filter((r) => r.auth !== 'none' && r.permission);

const users = {
  [USER_TYPE.ADMIN]: await createUser(t.db, { userType: USER_TYPE.ADMIN }),
  [USER_TYPE.CUSTOMER]: await createUser(t.db, { userType: USER_TYPE.CUSTOMER }),
  [USER_TYPE.AGENT]: await createUser(t.db, { userType: USER_TYPE.AGENT }),
};

/** A fresh session per request: a route such as logout must not end the session another case uses. */
const tokenOf = (userType: UserType) => createSession(t.db, users[userType].userId);

const call = (route: RecordedRoute, headers: Record<string, string> = {}) =>
  t.app.inject({ method: route.method as HTTPMethods, url: sampleUrl(route.url), headers });

const label = (r: RecordedRoute) => `${r.method} ${r.url}${r.permission ? ` [${r.permission}]` : ''}`;

test('the recorder sees the routes of the app', () => {
  const seen = routes.map((r) => `${r.method} ${r.url}`);
  expect(seen).toEqual(
    expect.arrayContaining([
      'POST /auth/login',
      'GET /auth/info',
      'PUT /api/user/profile',
      'POST /api/user/api-key',
    ]),
  );
  expect(guardedRoutes.length).toBeGreaterThanOrEqual(4);
});

describe.each(privateRoutes.map((r) => [label(r), r] as const))('%s', (_, route) => {
  test('without a token: 401, code 401', async () => {
    expectErrorEnvelope(await call(route), 401);
  });

  test('with a revoked token: 401, code TOKEN_INVALID', async () => {
    const token = await tokenOf(USER_TYPE.ADMIN);
    await t.db.query('update sessions set revoked_at = now() where token_hash = $1', [sha256(token)]);
    expectErrorEnvelope(await call(route, authed(token)), 401, 'TOKEN_INVALID');
  });
});

describe.each(routes.filter((r) => r.auth === 'none').map((r) => [label(r), r] as const))(
  'public %s',
  (_, route) => {
    test('answers without a token, and ignores a bad one', async () => {
      for (const headers of [{}, authed('not-a-real-token')]) {
        const res = await call(route, headers);
        expect(res.statusCode, res.body).not.toBe(401);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
    });
  },
);

const USER_TYPES = [USER_TYPE.ADMIN, USER_TYPE.CUSTOMER, USER_TYPE.AGENT] as const;
const holds = (userType: UserType, permission: string | undefined) =>
  !permission || userType === USER_TYPE.ADMIN || DEFAULT_PERMISSIONS[userType].includes(permission);

// Routes that check the user's API key themselves (the compat APIs) refuse a session token in their
// own protocol's words: test/compat/.
describe.each(
  routes.filter((r) => r.auth !== 'none' && r.auth !== 'apiKey').map((r) => [label(r), r] as const),
)('%s', (_, route) => {
  test.each(USER_TYPES.map((type) => [type, holds(type, route.permission)] as const))(
    'user type %i: allowed = %s',
    async (userType, allowed) => {
      const res = await call(route, authed(await tokenOf(userType)));
      if (allowed) {
        expect([401, 403], res.body).not.toContain(res.statusCode);
        expect(res.statusCode, res.body).toBeLessThan(500);
      } else {
        const body = expectErrorEnvelope(res, 403);
        expect(body.message).toBe('没有权限访问该资源');
      }
    },
  );
});

describe.each(guardedRoutes.map((r) => [label(r), r] as const))('%s', (_, route) => {
  test('an agent granted exactly this permission passes', async () => {
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    await setUserPermission(t.db, agent.userId, route.permission!, 'grant');
    const res = await call(route, authed(await createSession(t.db, agent.userId)));
    expect([401, 403], res.body).not.toContain(res.statusCode);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

const customerRoutes = guardedRoutes.filter((r) =>
  DEFAULT_PERMISSIONS[USER_TYPE.CUSTOMER].includes(r.permission!),
);

describe.each(customerRoutes.map((r) => [label(r), r] as const))('%s', (_, route) => {
  test('a customer whose default permission is revoked gets 403', async () => {
    const customer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });
    await setUserPermission(t.db, customer.userId, route.permission!, 'revoke');
    expectErrorEnvelope(await call(route, authed(await createSession(t.db, customer.userId))), 403);
  });
});
