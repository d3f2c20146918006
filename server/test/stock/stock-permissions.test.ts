import { USER_TYPE } from '@jiema/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authed,
  createTestApp,
  expectErrorEnvelope,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';
import { multipart } from '../support/multipart';
import { adminToken, importNumbers } from './stock-helpers';

let t: TestApp;
let recordId: number;
let importId: number;
let numberId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t);
  const { result } = await importNumbers(t, admin, '+79121110001\n+79121110002', {
    countryCode: 'RU',
    source: 's',
  });
  recordId = result.addRecordId!;
  importId = result.id;
  numberId = (await t.db.query<{ id: number }>('select min(id)::int as id from phone_numbers'))[0]!.id;
});
afterAll(() => t?.close());

type Call = {
  method: HTTPMethods;
  url: () => string;
  permission: string;
  payload?: () => unknown;
  upload?: boolean;
};

/** Every stock route with a request that would succeed for an administrator. */
const CALLS: Call[] = [
  { method: 'GET', url: () => '/api/admin/phone-numbers', permission: 'admin:phone:list' },
  { method: 'GET', url: () => '/api/admin/phone-numbers/options', permission: 'admin:phone:list' },
  { method: 'GET', url: () => '/api/admin/phone-numbers/export', permission: 'admin:phone:export' },
  {
    method: 'PUT',
    url: () => `/api/admin/phone-numbers/${numberId}`,
    permission: 'admin:phone:edit',
    payload: () => ({ source: 'hijacked' }),
  },
  {
    method: 'POST',
    url: () => '/api/admin/phone-numbers/state',
    permission: 'admin:phone:edit',
    payload: () => ({ filter: {}, enabled: false }),
  },
  {
    method: 'POST',
    url: () => '/api/admin/phone-numbers/delete',
    permission: 'admin:phone:del',
    payload: () => ({ ids: [numberId] }),
  },
  {
    method: 'POST',
    url: () => '/api/admin/phone-imports?countryCode=RU&source=s',
    permission: 'admin:phone:add',
    upload: true,
  },
  { method: 'GET', url: () => '/api/admin/phone-imports/options', permission: 'admin:phone:add' },
  { method: 'GET', url: () => `/api/admin/phone-imports/${importId}`, permission: 'admin:phone:add' },
  { method: 'GET', url: () => `/api/admin/phone-imports/${importId}/items`, permission: 'admin:phone:add' },
  { method: 'POST', url: () => `/api/admin/phone-imports/${importId}/commit`, permission: 'admin:phone:add' },
  { method: 'DELETE', url: () => `/api/admin/phone-imports/${importId}`, permission: 'admin:phone:add' },
  { method: 'GET', url: () => '/api/admin/add-phone-records', permission: 'admin:add-phone-record:list' },
  {
    method: 'GET',
    url: () => '/api/admin/add-phone-records/export',
    permission: 'admin:add-phone-record:export',
  },
  {
    method: 'GET',
    url: () => `/api/admin/add-phone-records/${recordId}/file`,
    permission: 'admin:add-phone-record:list',
  },
];

function send(call: Call, token: string) {
  if (call.upload) {
    const body = multipart([{ name: 'file', filename: 'x.txt', content: '+79121110009' }]);
    return t.app.inject({
      method: call.method,
      url: call.url(),
      headers: { ...authed(token), ...body.headers },
      payload: body.payload,
    });
  }
  return t.app.inject({
    method: call.method,
    url: call.url(),
    headers: authed(token),
    ...(call.payload ? { payload: call.payload() as Record<string, unknown> } : {}),
  });
}

const snapshot = () =>
  t.db.query(
    `select (select json_agg(p order by p.id) from phone_numbers p) as numbers,
            (select json_agg(i order by i.id) from phone_imports i) as imports,
            (select count(*)::int from audit_logs) as audits`,
  );

describe.each([
  ['customer', USER_TYPE.CUSTOMER],
  ['agent', USER_TYPE.AGENT],
] as const)('a %s', (_, userType) => {
  test.each(CALLS.map((c) => [`${c.method} ${c.url().replace(/undefined/g, ':id')}`, c] as const))(
    'gets 403 from %s and changes nothing',
    async (__, call) => {
      const { token } = await loginAs(t, userType);
      const before = await snapshot();
      const body = expectErrorEnvelope(await send(call, token), 403);
      expect(body.message).toBe('没有权限访问该资源');
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('an agent granted one permission', () => {
  test('passes the routes of that permission only', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    await setUserPermission(t.db, agent.userId, 'admin:phone:list', 'grant');
    for (const call of CALLS.filter((c) => !['DELETE', 'POST', 'PUT'].includes(c.method))) {
      const res = await send(call, agent.token);
      if (call.permission === 'admin:phone:list')
        expect(res.statusCode, `${call.method} ${call.url()}`).toBe(200);
      else expectErrorEnvelope(res, 403);
    }
  });

  test('with admin:add-phone-record:export can export the add records', async () => {
    const agent = await loginAs(t, USER_TYPE.AGENT);
    await setUserPermission(t.db, agent.userId, 'admin:add-phone-record:export', 'grant');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/add-phone-records/export',
      headers: authed(agent.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')).toHaveLength(3);
  });
});
