import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, authed, createTestApp, expectErrorEnvelope, login, type TestApp } from '../helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t, ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };

describe('the envelope', () => {
  test('success: HTTP 200, { code: 200, message, data }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/info', headers: authed(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
    expect(body).toMatchObject({ code: 200, message: '操作成功' });
    const english = await t.app.inject({
      method: 'GET',
      url: '/auth/info',
      headers: { ...authed(token), 'x-locale': 'en-US' },
    });
    expect(english.json().message).toBe('Success');
  });

  test('malformed JSON: 400 envelope', async () => {
    for (const payload of ['{"username":', '{username: "a"}', "{'a': 1}", '{"a":1}}', 'undefined']) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', headers: json, payload });
      expect(expectErrorEnvelope(res, 400).message).toBe('请求参数错误');
    }
  });

  test('a JSON body trying to set __proto__ or constructor.prototype: 400 envelope', async () => {
    for (const payload of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      expectErrorEnvelope(
        await t.app.inject({ method: 'POST', url: '/auth/login', headers: json, payload }),
        400,
      );
    }
  });

  test('unknown paths under the API: 404 envelope, in the caller language', async () => {
    for (const url of [
      '/api/nope',
      '/api/',
      '/auth/nope',
      '/api/user/profile/extra',
      // (/v1/… is 5sim's compatible API, with 5sim's own 404: test/compat/five-sim.test.ts)
      '/stubs/x',
    ]) {
      const body = expectErrorEnvelope(await t.app.inject({ method: 'GET', url }), 404);
      expect(body.message).toBe('请求的资源不存在');
    }
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(expectErrorEnvelope(english, 404).message).toBe('The requested resource does not exist');
  });

  test('a known path with a method it does not have: 404 envelope', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'DELETE', url: '/auth/login' }), 404);
    expectErrorEnvelope(
      await t.app.inject({ method: 'PATCH', url: '/auth/info', headers: authed(token) }),
      404,
    );
  });

  test('a page path while the web app is not built: 404 envelope, not an error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dashboard/user/profile',
      headers: { accept: 'text/html' },
    });
    expectErrorEnvelope(res, 404);
  });

  test('a body over 1 MB: 413 envelope', async () => {
    const payload = JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'x' });
    const body = expectErrorEnvelope(
      await t.app.inject({ method: 'POST', url: '/auth/login', headers: json, payload }),
      413,
    );
    expect(body.message).toBe('请求内容过大');
  });

  test('a body of a type the API does not read: 415 envelope', async () => {
    const payload = '<login><username>admin</username></login>';
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'image/png']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': type },
        payload,
      });
      expect(expectErrorEnvelope(res, 415).message).toBe('不支持的内容类型');
    }
  });

  test('a body without a content type: 415 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: Buffer.from('{"username":"admin"}'),
    });
    expectErrorEnvelope(res, 415);
  });

  test('a JSON body sent as text/plain: 400 envelope saying an object is expected', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: '{"username":"admin","password":"x"}',
    });
    expectErrorEnvelope(res, 400);
  });

  test('a malformed percent-encoding in the path: 400 envelope', async () => {
    for (const url of ['/api/%ZZ', '/api/files/%E0%A4%A', '/auth/info%']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-locale': 'en-US' } });
      expect(expectErrorEnvelope(res, 400).message).toBe('Invalid request parameters');
      expect(res.body).not.toContain('%');
    }
  });

  test('a path parameter over the router length limit: 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${'a'.repeat(200)}` });
    expectErrorEnvelope(res, 400);
    expect(res.body).not.toContain('aaaaaaaa');
  });

  test('a very long unknown path: 404 envelope', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: `/api/${'x'.repeat(50_000)}` }), 404);
  });

  test('a NUL character in any text field: 400 naming the field, never a database error', async () => {
    const cases = [
      ['POST', '/auth/login', { username: 'ad\u0000min', password: 'whatever1' }, 'username'],
      [
        'POST',
        '/auth/login',
        { username: 'admin', password: 'x', captchaKey: 'k\u0000', captchaCode: 'abcd' },
        'captchaKey',
      ],
      ['PUT', '/api/user/profile', { nickName: 'a\u0000b' }, 'nickName'],
      ['PUT', '/api/user/profile', { iconPath: '/api/files/\u0000' }, 'iconPath'],
    ] as const;
    for (const [method, url, payload, field] of cases) {
      const res = await t.app.inject({ method, url, headers: authed(token), payload });
      const body = expectErrorEnvelope(res, 400);
      expect(body.message).toBe(`请求参数错误：${field}: 不能包含空字符 (U+0000)`);
    }
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...authed(token), 'x-locale': 'en-US' },
      payload: { nickName: '\u0000' },
    });
    expect(expectErrorEnvelope(res, 400).message).toBe(
      'Invalid request: nickName: Must not contain the NUL character (U+0000)',
    );
  });

  test('an unknown locale falls back to zh-CN', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-locale': 'fr-FR', 'accept-language': 'de' },
    });
    expect(expectErrorEnvelope(res, 404).message).toBe('请求的资源不存在');
  });
});

describe('security headers (helmet)', () => {
  test.each([
    ['a success', '/healthz'],
    ['an error', '/api/nope'],
  ])('are on %s', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  // Routes that answer scripts (many times a second), never a page a browser renders.
  test.each([
    ['sms-activate', '/stubs/handler_api.php?api_key=nope&action=getBalance'],
    ['5sim', '/v1/guest/countries'],
    ['code link', '/api/code/no-such-token'],
    ['gateway webhook', '/api/inbound/999999'],
  ])('on the %s route are only nosniff', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('GET /healthz', () => {
  test('reports the database it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.db.kind });
    // The chain watcher's health is a detail (issue 10): an empty pool has nothing to watch.
    expect(res.json().tron).toMatchObject({ state: 'idle', addressesWatched: 0 });
  });
});
