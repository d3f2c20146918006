import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestApp, createUser, postLogin, type TestApp } from '../helpers';

/**
 * Issue 7 item 5: X-Forwarded-For is believed only from the proxies named by TRUST_PROXY (a list of
 * addresses/CIDRs) or for the given number of hops; `on` means one hop, never "everyone".
 */
describe('TRUST_PROXY values', () => {
  test.each([
    [undefined, false],
    ['off', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['on', 1],
    ['true', 1],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1,::1 ,fd00::/8', ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']],
  ])('%s → %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test.each(['everyone', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,,nope', '-1'])(
    'refuses %s at start, naming the variable and the accepted values',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: off, a hop count .* addresses\/CIDRs/,
      );
    },
  );
});

type Record = { ip: string; reason: string };
const lastRecordOf = async (t: TestApp, account: string) =>
  (
    await t.db.query<Record>(
      'select ip, reason from login_records where lower(account) = lower($1) order by id desc limit 1',
      [account],
    )
  )[0];

describe('behind a proxy named by address (TRUST_PROXY=10.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1', LOGIN_LIMIT_PER_IP: '3' });
  });
  afterAll(() => t?.close());

  const loginVia = (peer: string, forwardedFor: string, account: string, password = 'wrong-pass') =>
    postLogin(t, account, password, {
      request: { remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor } },
    });

  test('a client talking directly cannot choose its address: the peer is recorded, also as last login IP', async () => {
    const user = await createUser(t.db);
    expect((await loginVia('198.51.100.9', '1.2.3.4', user.username, user.password)).statusCode).toBe(200);
    expect(await lastRecordOf(t, user.username)).toEqual({ ip: '198.51.100.9', reason: 'success' });
    const [row] = await t.db.query<{ last_login_ip: string }>(
      'select last_login_ip from users where id = $1',
      [user.userId],
    );
    expect(row?.last_login_ip).toBe('198.51.100.9');
  });

  test('through the proxy, the address it saw is used, not what the client wrote before it', async () => {
    const user = await createUser(t.db);
    await loginVia('10.0.0.1', '6.6.6.6, 203.0.113.77', user.username);
    expect(await lastRecordOf(t, user.username)).toEqual({ ip: '203.0.113.77', reason: 'bad_password' });
  });

  test('a new spoofed X-Forwarded-For on every request does not escape the per-IP limit', async () => {
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push((await loginVia('198.51.100.10', `7.7.7.${i}`, `nobody${i}`)).statusCode);
    expect(results).toEqual([400, 400, 400, 429, 429]);
  });
});

describe.each(['1', 'on'])('one hop (TRUST_PROXY=%s)', (value) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: value });
  });
  afterAll(() => t?.close());

  test('the address the proxy appended is used; the ones a client wrote before it are not', async () => {
    const user = await createUser(t.db);
    await postLogin(t, user.username, 'wrong-pass', {
      request: { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.8' } },
    });
    expect(await lastRecordOf(t, user.username)).toEqual({ ip: '203.0.113.8', reason: 'bad_password' });
  });
});

describe('what a trusted proxy passes on that is not an address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => t?.close());

  const loginVia = (peer: string, forwardedFor: string, account: string, password: string) =>
    postLogin(t, account, password, {
      request: { remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor } },
    });

  test.each([
    '<script>alert(1)</script>',
    '203.0.113.5:8080',
    'unknown',
    '1.2.3.4.5',
    "'; drop table users; --",
  ])(
    'the proxy passes on %j: only an address is stored (the proxy’s), in login records and as last login IP',
    async (forwarded) => {
      const user = await createUser(t.db);
      expect((await loginVia('10.0.0.1', forwarded, user.username, user.password)).statusCode).toBe(200);
      expect(await lastRecordOf(t, user.username)).toEqual({ ip: '10.0.0.1', reason: 'success' });
      const [row] = await t.db.query<{ last_login_ip: string }>(
        'select last_login_ip from users where id = $1',
        [user.userId],
      );
      expect(row?.last_login_ip).toBe('10.0.0.1');
      const [session] = await t.db.query<{ ip: string }>(
        'select ip from sessions where user_id = $1 order by id desc limit 1',
        [user.userId],
      );
      expect(session?.ip).toBe('10.0.0.1');
    },
  );
});
