import { USER_TYPE } from '@jiema/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, describe, expect, test, vi } from 'vitest';
import {
  authed,
  createSession,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  expectNothingInternal,
} from '../helpers';
import { adminToken, preview, russianMobiles } from '../stock/stock-helpers';
import { type RecordedRoute, recordedRoutes } from '../support/route-recorder';

vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-recorder')).fastifyRecordingRoutes(await importOriginal()),
);

// Built while the file is collected, so every sortable list registered becomes its own test case.
const t = await createTestApp();
afterAll(() => t.close());

/** Every list whose query takes a sort field, found in the route table (nothing named by hand). */
const sortableLists = recordedRoutes().filter(
  (r) => r.method === 'GET' && r.queryFields.includes('sortField'),
);

/** Names that live on Object.prototype (or look like SQL) and so must never reach ORDER BY. */
const HOSTILE_FIELDS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'no_such_field',
  'id;drop table users',
];

const admin = await createUser(t.db, { userType: USER_TYPE.ADMIN });
const customer = await createUser(t.db, { userType: USER_TYPE.CUSTOMER });

/** A batch-add preview, whose lines are one of the sortable lists. */
const phoneImport = await preview(t, await adminToken(t), russianMobiles(3).join('\n'), {
  countryCode: 'RU',
  source: 'sort-test',
});

/** A real record for each path parameter, so the list itself is reached (an unknown id would be a 404). */
const concreteUrl = (route: RecordedRoute) =>
  route.url.replace(
    ':id',
    String(route.url.startsWith('/api/admin/phone-imports') ? phoneImport.id : customer.userId),
  );

/** CSV exports take the list's filters (the same query schema) but always write newest first. */
const isExport = (route: RecordedRoute) => route.url.endsWith('/export');

test('the route table has the sortable lists of every area', () => {
  expect(sortableLists.length).toBeGreaterThanOrEqual(30);
  expect(sortableLists.map((r) => r.url)).toEqual(
    expect.arrayContaining([
      '/api/admin/users',
      '/api/finance/records',
      '/api/orders',
      '/api/admin/audit-logs',
    ]),
  );
});

describe.each(sortableLists.filter((r) => !isExport(r)).map((r) => [r.url, r] as const))(
  'GET %s',
  (_, route) => {
    test('a sort field it does not have is a 400 in the envelope, in the caller’s language', async () => {
      const token = await createSession(t.db, admin.userId);
      for (const field of HOSTILE_FIELDS) {
        for (const language of ['zh-CN', 'en-US'] as const) {
          const url = `${concreteUrl(route)}?sortField=${encodeURIComponent(field)}&sortOrder=ascend`;
          const res = await t.app.inject({
            method: route.method as HTTPMethods,
            url,
            headers: { ...authed(token), 'accept-language': language },
          });
          const body = expectErrorEnvelope(res, 400);
          expect(body.error, `${url}: ${res.body}`).toBe('SORT_FIELD_UNKNOWN');
          expect(body.message).toContain(field);
          expect(body.message).toMatch(language === 'zh-CN' ? /不支持按/ : /cannot be sorted by/);
        }
      }
    });
  },
);

describe.each(sortableLists.filter(isExport).map((r) => [r.url, r] as const))('GET %s', (_, route) => {
  test('ignores the sort field (the file is newest first) and never fails on one', async () => {
    const token = await createSession(t.db, admin.userId);
    for (const field of HOSTILE_FIELDS) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${concreteUrl(route)}?sortField=${encodeURIComponent(field)}`,
        headers: authed(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expectNothingInternal(res.body);
    }
  });
});

test('a known sort field still sorts', async () => {
  const token = await createSession(t.db, admin.userId);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/users?sortField=userId&sortOrder=ascend',
    headers: authed(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const ids: number[] = res.json().data.list.map((u: { userId: number }) => u.userId);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
});
