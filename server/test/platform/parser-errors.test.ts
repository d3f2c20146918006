import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestApp, expectNothingInternal } from '../helpers';

// A real listening server: Node's HTTP parser only sees bytes from a socket, which inject bypasses.
const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as AddressInfo;
afterAll(() => t.close());

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((l) => [
          l.slice(0, l.indexOf(':')).toLowerCase(),
          l.slice(l.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    // Not end(): a half-closed socket lets Node abort a request still being answered. Every request
    // here either breaks the parser (the server then closes) or says Connection: close.
    socket.write(bytes);
  });
}

const HOST = `Host: 127.0.0.1:${port}`;
const json = (body: string, extra = '') =>
  `POST /auth/login HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extra}\r\n${body}`;

/** Malformed requests, from Node's parser to Fastify's body and URL handling; none may leave the envelope. */
const MALFORMED: [string, string | Buffer, number][] = [
  ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', 400],
  ['a method with a bad character', `G@T / HTTP/1.1\r\n${HOST}\r\n\r\n`, 400],
  ['an unknown HTTP version', `GET / HTTP/9.9\r\n${HOST}\r\n\r\n`, 400],
  ['a space in the path', `GET /api/a b HTTP/1.1\r\n${HOST}\r\n\r\n`, 400],
  ['a header line without a colon', `GET /healthz HTTP/1.1\r\n${HOST}\r\nNot A Header\r\n\r\n`, 400],
  ['a header name with a bad character', `GET /healthz HTTP/1.1\r\n${HOST}\r\nBad{Name}: x\r\n\r\n`, 400],
  ['a NUL in a header value', `GET /healthz HTTP/1.1\r\n${HOST}\r\nX-Thing: a\u0000b\r\n\r\n`, 400],
  ['headers over 16 KB', `GET /healthz HTTP/1.1\r\n${HOST}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  [
    'Content-Length and Transfer-Encoding together',
    `POST /auth/login HTTP/1.1\r\n${HOST}\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    400,
  ],
  [
    'two different Content-Lengths',
    `POST /auth/login HTTP/1.1\r\n${HOST}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
    400,
  ],
  [
    'a bad chunk size',
    `POST /auth/login HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    400,
  ],
  ['malformed JSON', json('{"username": "admin", '), 400],
  ['JSON with a __proto__ key', json('{"__proto__": {"admin": true}, "username": "a"}'), 400],
  ['an empty JSON body', json(''), 400],
  [
    'a body of an unknown type',
    `POST /auth/login HTTP/1.1\r\n${HOST}\r\nContent-Type: text/x-foo\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi`,
    415,
  ],
  [
    'a body over the limit',
    `POST /auth/login HTTP/1.1\r\n${HOST}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\nConnection: close\r\n\r\n{}`,
    413,
  ],
  [
    'a malformed percent-encoding in the path',
    `GET /api/%zz HTTP/1.1\r\n${HOST}\r\nConnection: close\r\n\r\n`,
    400,
  ],
  ['an unknown API path', `GET /api/nope HTTP/1.1\r\n${HOST}\r\nConnection: close\r\n\r\n`, 404],
];

describe.each(MALFORMED)('%s', (_, bytes, status) => {
  test.each(['zh-CN', 'en-US'] as const)(`answers ${status} in the envelope, in %s`, async (locale) => {
    const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
    // The caller's language rides in a header added right after the request line.
    const withLanguage = text.replace('\r\n', `\r\nAccept-Language: ${locale}\r\n`);
    const res = await rawRequest(withLanguage);
    expect(res.status, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ code: status, data: null });
    expect(body.message).toMatch(locale === 'zh-CN' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/);
    expect(body).not.toHaveProperty('statusCode');
    expect(res.body).not.toContain('"error":"Bad Request"');
    expectNothingInternal(res.body);
  });
});

test('the server keeps serving after all of them', async () => {
  const res = await rawRequest(`GET /healthz HTTP/1.1\r\n${HOST}\r\nConnection: close\r\n\r\n`);
  expect(res.status).toBe(200);
});
