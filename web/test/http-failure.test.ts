import { describe, expect, it } from 'vitest';
import {
  classifyFailure,
  type FailureFacts,
  isSessionInvalidBody,
  mentionsInvalidLogin,
} from '../src/lib/http-failure';
import { translateFor } from './locale-translate';

const t = translateFor('zh-CN');
const SESSION_EXPIRED = '登录状态已过期，请重新登录';

const classify = (facts: FailureFacts, isPolling = false) => classifyFailure(facts, { isPolling, t });
const http = (status: number, body: unknown = {}): FailureFacts => ({ kind: 'http', status, body });

describe('mentionsInvalidLogin', () => {
  it.each([
    'token 已失效',
    'Token过期',
    'TOKEN 无效',
    '登录已失效',
    '登录状态已过期，请重新登录',
    '登录无效',
  ])('recognises %s', (message) => {
    expect(mentionsInvalidLogin(message)).toBe(true);
  });

  it.each(['token missing', '已过期', '登录成功', '用户名或密码错误', '', '   '])(
    'does not recognise %j',
    (message) => {
      expect(mentionsInvalidLogin(message)).toBe(false);
    },
  );

  it.each([undefined, null, 401, { message: 'token 失效' }])('ignores the non-string %j', (message) => {
    expect(mentionsInvalidLogin(message)).toBe(false);
  });
});

describe('isSessionInvalidBody: the body signals of spec §8', () => {
  it.each([
    { code: 401 },
    { code: 'TOKEN_INVALID' },
    { code: 'TOKEN_EXPIRED' },
    { code: 200, message: 'token 已过期' },
    { code: 0, message: '登录无效，请重新登录' },
  ])('%j signals an invalid session', (body) => {
    expect(isSessionInvalidBody(body)).toBe(true);
  });

  it.each([
    { code: 200, message: '操作成功', data: {} },
    { code: 400, message: '请求参数错误' },
    null,
    undefined,
    'token 失效',
    [],
  ])('%j does not', (body) => {
    expect(isSessionInvalidBody(body)).toBe(false);
  });
});

describe('classifyFailure: body signals on HTTP success', () => {
  it('logs out with the server message when there is one', () => {
    expect(
      classify({ kind: 'body', body: { code: 'TOKEN_INVALID', message: '登录状态已失效，请重新登录' } }),
    ).toEqual({
      message: '登录状态已失效，请重新登录',
      toast: true,
      logout: true,
      errorCode: 'TOKEN_INVALID',
    });
  });

  it.each([{ code: 401 }, { code: 'TOKEN_EXPIRED', message: '' }, { code: 401, message: 42 }])(
    'falls back to the session-expired text for %j',
    (body) => {
      const outcome = classify({ kind: 'body', body });
      expect(outcome.message).toBe(SESSION_EXPIRED);
      expect(outcome.logout).toBe(true);
      expect(outcome.toast).toBe(true);
    },
  );

  it('keeps a message that itself names the invalid login', () => {
    const outcome = classify({ kind: 'body', body: { code: 200, message: 'token 已过期' } });
    expect(outcome).toMatchObject({ message: 'token 已过期', logout: true, toast: true });
  });
});

describe('classifyFailure: HTTP statuses', () => {
  it('401 shows the session-expired text and logs out, whatever the server said', () => {
    const outcome = classify(
      http(401, { code: 'TOKEN_INVALID', message: '登录状态已失效', error: 'TOKEN_INVALID' }),
    );
    expect(outcome).toEqual({
      message: SESSION_EXPIRED,
      toast: true,
      logout: true,
      status: 401,
      errorCode: 'TOKEN_INVALID',
    });
  });

  it('403 shows 没有权限访问该资源 and stays signed in', () => {
    const outcome = classify(http(403, { code: 403, message: 'forbidden by rule', error: 'FORBIDDEN' }));
    expect(outcome).toEqual({
      message: '没有权限访问该资源',
      toast: true,
      logout: false,
      status: 403,
      errorCode: 'FORBIDDEN',
    });
  });

  it('404 shows 请求的资源不存在', () => {
    expect(classify(http(404, { message: 'no route' }))).toMatchObject({
      message: '请求的资源不存在',
      toast: true,
      logout: false,
      status: 404,
    });
  });

  describe('500', () => {
    it('with an invalid-login message is an expired session: same text, logout', () => {
      expect(classify(http(500, { code: 500, message: 'Token 已失效' }))).toMatchObject({
        message: SESSION_EXPIRED,
        toast: true,
        logout: true,
        status: 500,
      });
    });

    it('with a token error code in the body is an expired session too', () => {
      expect(classify(http(500, { code: 'TOKEN_EXPIRED' }))).toMatchObject({
        message: SESSION_EXPIRED,
        logout: true,
      });
    });

    it('otherwise shows the server message', () => {
      expect(classify(http(500, { message: '数据库连接失败', error: 'INTERNAL' }))).toEqual({
        message: '数据库连接失败',
        toast: true,
        logout: false,
        status: 500,
        errorCode: 'INTERNAL',
      });
    });

    it('else the error field', () => {
      expect(classify(http(500, { error: 'Internal Server Error' }))).toMatchObject({
        message: 'Internal Server Error',
        logout: false,
      });
    });

    it.each([{}, null, '<html>Bad gateway</html>', { message: '  ' }])(
      'else 服务器内部错误 (body %j)',
      (body) => {
        expect(classify(http(500, body))).toMatchObject({
          message: '服务器内部错误',
          toast: true,
          logout: false,
        });
      },
    );
  });

  describe('400', () => {
    it('shows the server message', () => {
      expect(classify(http(400, { message: '用户名或密码错误', error: 'INVALID_CREDENTIALS' }))).toEqual({
        message: '用户名或密码错误',
        toast: true,
        logout: false,
        status: 400,
        errorCode: 'INVALID_CREDENTIALS',
      });
    });

    it('else the error field', () => {
      expect(classify(http(400, { error: 'Bad Request' })).message).toBe('Bad Request');
    });

    it('else 请求参数错误', () => {
      expect(classify(http(400, undefined))).toMatchObject({ message: '请求参数错误', logout: false });
    });

    it('never logs out, even when the message speaks of a login', () => {
      expect(classify(http(400, { message: 'token 无效' })).logout).toBe(false);
    });
  });

  it.each([409, 413, 429, 502, 503])('status %i shows the server message', (status) => {
    expect(classify(http(status, { message: '服务器说明' }))).toMatchObject({
      message: '服务器说明',
      toast: true,
      logout: false,
      status,
    });
  });

  it.each([409, 429, 502])('status %i without a message shows 请求失败 (status)', (status) => {
    expect(classify(http(status, null)).message).toBe(`请求失败 (${status})`);
  });

  it('the error field is not used for other statuses', () => {
    expect(classify(http(502, { error: 'Bad Gateway' })).message).toBe('请求失败 (502)');
  });
});

describe('classifyFailure: no answer', () => {
  it('timeout shows 请求超时，请检查网络连接', () => {
    expect(classify({ kind: 'timeout' })).toEqual({
      message: '请求超时，请检查网络连接',
      toast: true,
      logout: false,
    });
  });

  it('no response (a cut network) shows 接口请求失败, never the library\'s English "Network Error"', () => {
    expect(classify({ kind: 'no-response' })).toEqual({
      message: '接口请求失败',
      toast: true,
      logout: false,
    });
  });
});

describe('classifyFailure: polling requests never toast nor log out (spec §4)', () => {
  const cases: Array<[string, FailureFacts]> = [
    ['body code 401', { kind: 'body', body: { code: 401 } }],
    ['body TOKEN_INVALID', { kind: 'body', body: { code: 'TOKEN_INVALID' } }],
    ['body TOKEN_EXPIRED', { kind: 'body', body: { code: 'TOKEN_EXPIRED' } }],
    ['body invalid-login message', { kind: 'body', body: { message: '登录已过期' } }],
    ['401', http(401)],
    ['403', http(403)],
    ['404', http(404)],
    ['500 with an invalid-login message', http(500, { message: 'token 失效' })],
    ['500', http(500)],
    ['400', http(400)],
    ['418', http(418)],
    ['timeout', { kind: 'timeout' }],
    ['no response', { kind: 'no-response' }],
  ];

  it.each(cases)('%s', (_name, facts) => {
    const outcome = classify(facts, true);
    expect(outcome.toast).toBe(false);
    expect(outcome.logout).toBe(false);
    expect(outcome.message).not.toBe('');
  });

  it('still carries the message a caller may show', () => {
    expect(classify(http(401), true).message).toBe(SESSION_EXPIRED);
  });
});

describe('classifyFailure: background polls end a refused session like any call (spec §4)', () => {
  const background = (facts: FailureFacts) =>
    classifyFailure(facts, { isPolling: false, background: true, t });

  it.each<[string, FailureFacts]>([
    ['body code 401', { kind: 'body', body: { code: 401 } }],
    ['body TOKEN_INVALID', { kind: 'body', body: { code: 'TOKEN_INVALID' } }],
    ['401', http(401)],
    ['500 with an invalid-login message', http(500, { message: 'token 失效' })],
  ])('%s: the session-expired message and a logout', (_name, facts) => {
    const outcome = background(facts);
    expect(outcome.toast).toBe(true);
    expect(outcome.logout).toBe(true);
  });

  it('401 says 登录状态已过期，请重新登录', () => {
    expect(background(http(401)).message).toBe(SESSION_EXPIRED);
  });

  it.each<[string, FailureFacts]>([
    ['403', http(403)],
    ['404', http(404)],
    ['500', http(500)],
    ['400', http(400)],
    ['timeout', { kind: 'timeout' }],
    ['no response', { kind: 'no-response' }],
  ])('%s stays quiet and signed in', (_name, facts) => {
    const outcome = background(facts);
    expect(outcome.toast).toBe(false);
    expect(outcome.logout).toBe(false);
  });
});

describe('classifyFailure in English', () => {
  const en = (facts: FailureFacts) => classifyFailure(facts, { isPolling: false, t: translateFor('en-US') });

  it.each<[FailureFacts, string]>([
    [http(401), 'Your session has expired, please log in again'],
    [http(403), 'You do not have permission to access this resource'],
    [http(404), 'The requested resource does not exist'],
    [http(500), 'Internal server error'],
    [http(400), 'Invalid request parameters'],
    [http(418), 'Request failed (418)'],
    [{ kind: 'timeout' }, 'The request timed out, please check your network connection'],
    [{ kind: 'no-response' }, 'The request failed'],
  ])('%j shows %s', (facts, message) => {
    expect(en(facts).message).toBe(message);
  });
});
