import { USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authed,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  setUserPermission,
  type TestApp,
} from '../helpers';

let t: TestApp;
let customer: string;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = (await loginAs(t, USER_TYPE.CUSTOMER)).token;
  agent = (await loginAs(t, USER_TYPE.AGENT)).token;
});
afterAll(() => t?.close());

/** Every admin catalog route, with a body that would pass validation. */
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/countries'],
  ['GET', '/api/admin/countries/export'],
  ['POST', '/api/admin/countries', { code: 'ZZ', dialCode: '+999', nameZh: '测试', nameEn: 'Test' }],
  ['PUT', '/api/admin/countries/US', { nameZh: '美利坚' }],
  ['POST', '/api/admin/countries/batch-status', { codes: ['US'], enabled: false }],
  ['DELETE', '/api/admin/countries/US'],
  ['GET', '/api/admin/operators'],
  ['GET', '/api/admin/operators/export'],
  ['POST', '/api/admin/operators', { countryCode: 'US', code: 'x', name: 'X' }],
  ['PUT', '/api/admin/operators/1', { name: 'X' }],
  ['DELETE', '/api/admin/operators/1'],
  ['GET', '/api/admin/applications'],
  ['GET', '/api/admin/applications/export'],
  ['POST', '/api/admin/applications', { code: 'zz', nameZh: 'x', nameEn: 'x' }],
  ['POST', '/api/admin/applications/test-patterns', { text: 'x' }],
  ['PUT', '/api/admin/applications/1', { nameZh: 'x' }],
  ['POST', '/api/admin/applications/1/icon'],
  ['DELETE', '/api/admin/applications/1'],
  ['GET', '/api/admin/catalog-options'],
  ['GET', '/api/admin/validity-options'],
  ['POST', '/api/admin/validity-options', { kind: 'activation', minutes: 5, nameZh: 'x', nameEn: 'x' }],
  ['PUT', '/api/admin/validity-options/1', { enabled: false }],
  ['DELETE', '/api/admin/validity-options/1'],
  ['GET', '/api/admin/price-rules'],
  ['GET', '/api/admin/price-rules/export'],
  ['GET', '/api/admin/price-rules/resolve?applicationId=1&countryCode=US&cardType=new&validityOptionId=1'],
  ['POST', '/api/admin/price-rules', { cardType: 'new', validityOptionId: 1, price: '0' }],
  ['POST', '/api/admin/price-rules/bulk-edit', { filter: {}, mode: 'set', value: '0' }],
  ['PUT', '/api/admin/price-rules/1', { price: '0' }],
  ['DELETE', '/api/admin/price-rules/1'],
];

const fingerprint = () =>
  t.db.query(`select (select count(*) from countries where enabled) as c, (select count(*) from operators) as o,
    (select count(*) from applications) as a, (select count(*) from validity_options where enabled) as v,
    (select sum(price)::text from price_rules) as p, (select count(*) from audit_logs) as l`);

describe('catalog permissions', () => {
  test.each(ADMIN_ROUTES)(
    '%s %s: 401 without a session, 403 for a customer and an agent, nothing changed',
    async (method, url, payload) => {
      const before = await fingerprint();
      const inject = (headers: Record<string, string>) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(payload ? { payload: payload as object } : {}),
        });
      expectErrorEnvelope(await inject({}), 401);
      const forbidden = expectErrorEnvelope(await inject(authed(customer)), 403);
      expect(forbidden.message).toBe('没有权限访问该资源');
      expectErrorEnvelope(await inject(authed(agent)), 403);
      expect(await fingerprint()).toEqual(before);
    },
  );

  test('a user granted one permission may do exactly that', async () => {
    const user = await createUser(t.db, { userType: USER_TYPE.AGENT });
    await setUserPermission(t.db, user.userId, 'admin:country:list', 'grant');
    const token = await login(t, user.username, user.password);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/countries', headers: authed(token) })).statusCode,
    ).toBe(200);
    expectErrorEnvelope(
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/countries/US',
        headers: authed(token),
        payload: { nameZh: 'x' },
      }),
      403,
    );
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/api/admin/countries/export', headers: authed(token) }),
      403,
    );
  });
});

describe('the store view (api:store)', () => {
  test('a customer sees enabled countries, operators, applications and validity options only', async () => {
    await t.db.query(`update countries set enabled = false where code = 'FR'`);
    await t.db.query(`update applications set enabled = false where code = 'vi'`);
    await t.db.query(`update operators set enabled = false where country_code = 'RU' and code = 'tele2'`);
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: authed(customer) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const countries: { code: string; flag: string }[] = await get('/api/catalog/countries');
    expect(countries[0]).toEqual({
      code: 'US',
      dialCode: '+1',
      nameZh: '美国',
      nameEn: 'United States',
      flag: '🇺🇸',
    });
    expect(countries.some((c) => c.code === 'FR')).toBe(false);
    expect(countries.some((c) => c.code === 'AQ')).toBe(false);
    const ru: { code: string }[] = await get('/api/catalog/countries/ru/operators');
    expect(ru[0]?.code).toBe('any');
    expect(ru.map((o) => o.code)).not.toContain('tele2');
    expect(await get('/api/catalog/countries/FR/operators')).toEqual([]);
    const apps: { code: string }[] = await get('/api/catalog/applications');
    expect(apps.length).toBeGreaterThanOrEqual(99);
    expect(apps.map((a) => a.code)).not.toContain('vi');
    expect(Object.keys(apps[0]!).sort()).toEqual(['code', 'iconPath', 'id', 'nameEn', 'nameZh']);
    const options: { kind: string }[] = await get('/api/catalog/validity-options');
    expect(options.map((o) => o.kind)).toEqual(['activation', 'rental', 'rental', 'rental']);
  });

  test('an agent (no default permissions) and a visitor are refused', async () => {
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/api/catalog/countries', headers: authed(agent) }),
      403,
    );
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/api/catalog/applications' }), 401);
  });
});
