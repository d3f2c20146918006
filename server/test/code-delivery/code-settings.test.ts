import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, expectErrorEnvelope, type TestApp } from '../helpers';
import { buyer, dataOf, type StoreWorld, storeWorld } from '../store/store-helpers';

let t: TestApp;
let world: StoreWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await storeWorld(t.db);
}, 30_000);
afterAll(() => t?.close());

type Settings = {
  answerFormat: string;
  windowMinutes: number;
  timeZone: string;
  webhookUrl: string | null;
  webhookSecret: string | null;
  patterns: { applicationId: number; pattern: string; applicationCode: string }[];
};
const valid = { answerFormat: 'code', windowMinutes: 30, timeZone: 'Europe/Moscow', webhookUrl: null };

describe('code retrieval settings', () => {
  test('defaults, then saved; the first webhook URL brings a secret, which can be regenerated', async () => {
    const b = await buyer(t, '0');
    const initial = dataOf<Settings>(await b.call({ method: 'GET', url: '/api/code-settings' }));
    expect(initial).toEqual({
      answerFormat: 'json',
      windowMinutes: 20,
      timeZone: 'Asia/Shanghai',
      webhookUrl: null,
      webhookSecret: null,
      patterns: [],
    });
    const saved = dataOf<Settings>(
      await b.call({
        method: 'PUT',
        url: '/api/code-settings',
        payload: { ...valid, webhookUrl: '  https://hooks.example.com/jiema?x=1  ' },
      }),
    );
    expect(saved).toMatchObject({ answerFormat: 'code', windowMinutes: 30, timeZone: 'Europe/Moscow' });
    expect(saved.webhookUrl).toBe('https://hooks.example.com/jiema?x=1');
    expect(saved.webhookSecret).toMatch(/^whsec_[\w-]{32}$/);
    const again = dataOf<Settings>(
      await b.call({
        method: 'PUT',
        url: '/api/code-settings',
        payload: { ...valid, webhookUrl: 'https://a.example.org/h' },
      }),
    );
    expect(again.webhookSecret).toBe(saved.webhookSecret);
    const fresh = dataOf<{ webhookSecret: string }>(
      await b.call({ method: 'POST', url: '/api/code-settings/webhook-secret' }),
    );
    expect(fresh.webhookSecret).not.toBe(saved.webhookSecret);
    expect(dataOf<Settings>(await b.call({ method: 'GET', url: '/api/code-settings' })).webhookSecret).toBe(
      fresh.webhookSecret,
    );
  }, 30_000);

  test('bad values are refused in the caller’s language and change nothing', async () => {
    const b = await buyer(t, '0');
    const put = (payload: object, locale: 'zh-CN' | 'en-US' = 'en-US') =>
      b.call({ method: 'PUT', url: '/api/code-settings', payload, locale });
    expect(expectErrorEnvelope(await put({ ...valid, answerFormat: 'xml' }), 400).message).toContain(
      'code only, full text or JSON',
    );
    expect(expectErrorEnvelope(await put({ ...valid, windowMinutes: 0 }), 400).message).toContain(
      '1 to 10080',
    );
    expect(expectErrorEnvelope(await put({ ...valid, timeZone: 'Mars/Base' }), 400).message).toContain(
      'time zone',
    );
    expect(
      expectErrorEnvelope(await put({ ...valid, webhookUrl: 'ftp://example.com/x' }), 400).message,
    ).toContain('http:// or https://');
    expect(
      expectErrorEnvelope(await put({ ...valid, webhookUrl: 'ftp://example.com/x' }, 'zh-CN'), 400).message,
    ).toContain('回调地址须以 http:// 或 https:// 开头');
    // This server does not allow private addresses (CODE_WEBHOOK_ALLOW_PRIVATE off).
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://169.254.169.254/latest',
      'http://[::1]/',
    ]) {
      expect(expectErrorEnvelope(await put({ ...valid, webhookUrl: url }), 400).message, url).toContain(
        'private network',
      );
    }
    expect(dataOf<Settings>(await b.call({ method: 'GET', url: '/api/code-settings' })).answerFormat).toBe(
      'json',
    );
  }, 30_000);

  test('patterns per application: RE2 checked, errors in both languages, a test box, removal', async () => {
    const b = await buyer(t, '0');
    const url = `/api/code-settings/patterns/${world.appId}`;
    const zh = await b.call({ method: 'PUT', url, payload: { pattern: '(\\d{6}' } });
    expect(expectErrorEnvelope(zh, 400).message).toBe('正则表达式无效：缺少右括号 )：(\\d{6}');
    const en = await b.call({ method: 'PUT', url, payload: { pattern: '(a+)\\1' }, locale: 'en-US' });
    expect(expectErrorEnvelope(en, 400).message).toBe(
      'Invalid regular expression: invalid escape sequence: \\1',
    );
    const lookahead = await b.call({
      method: 'PUT',
      url,
      payload: { pattern: 'code(?=\\d)' },
      locale: 'en-US',
    });
    expect(expectErrorEnvelope(lookahead, 400).message).toContain('invalid or unsupported Perl syntax');
    const empty = await b.call({ method: 'PUT', url, payload: { pattern: '\\d*' }, locale: 'en-US' });
    expect(expectErrorEnvelope(empty, 400).message).toContain('matches an empty text');
    expectErrorEnvelope(await b.call({ method: 'PUT', url, payload: { pattern: '' } }), 400);
    expectErrorEnvelope(
      await b.call({
        method: 'PUT',
        url: '/api/code-settings/patterns/999999',
        payload: { pattern: '\\d{5}' },
      }),
      404,
    );

    const saved = dataOf<Settings>(
      await b.call({ method: 'PUT', url, payload: { pattern: 'code[:\\s]+(\\d{4,6})' } }),
    );
    expect(saved.patterns).toEqual([
      expect.objectContaining({
        applicationId: world.appId,
        applicationCode: world.appCode,
        pattern: 'code[:\\s]+(\\d{4,6})',
      }),
    ]);
    const test1 = dataOf<{ matched: boolean; code: string | null }>(
      await b.call({
        method: 'POST',
        url: '/api/code-settings/pattern-test',
        payload: { pattern: 'CODE[:\\s]+(\\d{4,6})', text: 'Your code: 4821, valid 10 min' },
      }),
    );
    expect(test1).toEqual({ matched: true, code: '4821' });
    const test2 = dataOf<{ matched: boolean }>(
      await b.call({
        method: 'POST',
        url: '/api/code-settings/pattern-test',
        payload: { pattern: 'G-(\\d+)', text: 'nothing' },
      }),
    );
    expect(test2.matched).toBe(false);
    // A pattern that would take exponential time in a backtracking engine runs in linear time here.
    const started = Date.now();
    dataOf(
      await b.call({
        method: 'POST',
        url: '/api/code-settings/pattern-test',
        payload: { pattern: '(a|aa)+b', text: 'a'.repeat(1999) },
      }),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(dataOf<Settings>(await b.call({ method: 'DELETE', url })).patterns).toEqual([]);
  }, 30_000);

  test('settings belong to their user only', async () => {
    const a = await buyer(t, '0');
    const other = await buyer(t, '0');
    await a.call({ method: 'PUT', url: '/api/code-settings', payload: valid });
    expect(
      dataOf<Settings>(await other.call({ method: 'GET', url: '/api/code-settings' })).answerFormat,
    ).toBe('json');
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/api/code-settings' }), 401);
  }, 30_000);
});
