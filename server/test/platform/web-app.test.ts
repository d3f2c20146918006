import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import { administratorBanner } from '../../src/lib/admin-banner';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';

/** A built web app in miniature: the page and one hashed asset. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jiema-web-'));
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b.js"></script></body></html>';
fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');

const apps: TestApp[] = [];
const appWith = async (env: Record<string, string> = {}) => {
  const t = await createTestApp({ WEB_DIST: webDist, ...env });
  apps.push(t);
  return t;
};
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  fs.rmSync(webDist, { recursive: true, force: true });
});

const t = await appWith();

describe('the web app at / and at every client route (item 15)', () => {
  const ACCEPTS: [string, Record<string, string>][] = [
    ['no Accept header (curl, a load balancer)', {}],
    ['Accept: */*', { accept: '*/*' }],
    ['Accept: application/json', { accept: 'application/json' }],
    ['a browser', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
  ];
  test.each(ACCEPTS)('GET / with %s: the page', async (_, headers) => {
    for (const url of [
      '/',
      '/login',
      '/dashboard/user/profile',
      '/admin/logs/sms-records?page=2',
      '/code/abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
    }
  });

  test('HEAD / answers 200 too (health checks)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  test('the assets are served as files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  test.each([
    '/api',
    '/api/nope',
    '/api/admin/nothing-here',
    '/auth',
    '/auth/nope',
    // /stubs and /v1 speak sms-activate's and 5sim's own protocols (their 404s: test/compat).
    '/healthz/x',
    '/assets/missing-0000.js',
    '/favicon.ico',
  ])('GET %s with any Accept: a JSON 404 in the envelope, never the page', async (url) => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'text/html' }]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-language': 'en-US' },
      });
      expect(expectErrorEnvelope(res, 404).message).toBe('The requested resource does not exist');
    }
  });

  test('a POST to a page path is a JSON 404', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'POST', url: '/', payload: {} }), 404);
  });
});

describe('Content-Security-Policy upgrade-insecure-requests only behind TLS (item 13)', () => {
  const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

  test('plain HTTP (the default HTTPS=auto): no upgrade, so the page loads on a LAN address', async () => {
    for (const url of ['/', '/healthz', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: '192.168.1.20:3000' } });
      expect(csp(res)).toContain("default-src 'self'");
      expect(csp(res)).not.toContain('upgrade-insecure-requests');
    }
  });

  test('img-src allows blob: (previews of picked ticket images) and nothing is loosened for scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(csp(res)).toMatch(/img-src [^;]*blob:/);
    expect(csp(res)).toContain("script-src 'self';");
  });

  test('X-Forwarded-Proto: https from an untrusted client changes nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(csp(res)).not.toContain('upgrade-insecure-requests');
  });

  test('behind a trusted proxy that says https: the upgrade is on; over its plain HTTP it is off', async () => {
    const proxied = await appWith({ TRUST_PROXY: 'on' });
    const secure = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(csp(secure)).toContain('upgrade-insecure-requests');
    const plain = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(csp(plain)).not.toContain('upgrade-insecure-requests');
  }, 120_000);

  test('HTTPS=on always sends it; HTTPS=off never', async () => {
    const on = await appWith({ HTTPS: 'on' });
    expect(csp(await on.app.inject({ method: 'GET', url: '/' }))).toContain('upgrade-insecure-requests');
    const off = await appWith({ HTTPS: 'off', TRUST_PROXY: 'on' });
    const res = await off.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(csp(res)).not.toContain('upgrade-insecure-requests');
  }, 120_000);
});

describe('the log at info level', () => {
  test('keeps to API calls and pages: the static assets a page loads are logged at debug only', async () => {
    const lines: { msg?: string; req?: { url?: string }; reqId?: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const logged = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      db: t.db,
      logger: { stream },
    });
    try {
      await logged.ready();
      expect((await logged.inject({ url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
      expect((await logged.inject({ url: '/healthz' })).statusCode).toBe(200);
      const urls = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
      expect(urls).toContain('/healthz');
      expect(urls).not.toContain('/assets/app-1a2b.js');
    } finally {
      await logged.close();
    }
  });
});

describe("the first start's administrator banner", () => {
  test('a block of its own lines with the generated password, not a JSON log field', () => {
    const banner = administratorBanner('admin', 'Xq7-secret-Pw');
    const lines = banner.split('\n');
    expect(lines).toContain('Administrator created: username "admin", password Xq7-secret-Pw');
    expect(lines.some((l) => /^=+$/.test(l))).toBe(true);
    expect(banner.startsWith('\n')).toBe(true);
    expect(() => JSON.parse(banner)).toThrow();
  });

  test('a password the operator set is not printed', () => {
    expect(administratorBanner('root', undefined)).toContain(
      'Administrator created: username "root", password (the ADMIN_PASSWORD you set)',
    );
  });
});
