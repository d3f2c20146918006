import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryString, requestUrl } from '../src/lib/http-params';
import { send, TransportFailure } from '../src/lib/http-send';

/** A real HTTP server answering by path: what the client sends back as JSON, or a slow/broken answer. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 2000);
      if (req.url === '/cut') return void req.socket.destroy();
      if (req.url === '/text') return void res.end('plain words');
      if (req.url === '/refused') {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ code: 400, message: '参数错误', data: null }));
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-seen': 'yes' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = (path: string, extra: Partial<Parameters<typeof send>[0]> = {}) => ({
  method: 'GET',
  url: `${base}${path}`,
  headers: {},
  timeoutMs: 1000,
  ...extra,
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => (error instanceof TransportFailure ? error.kind : String(error)),
  );

describe('queryString', () => {
  it('writes the query as the app always sent it', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(
      queryString({ page: 1, keyword: 'a b&c', none: undefined, empty: null, on: true, ids: [1, 2], at }),
    ).toBe('?page=1&keyword=a+b%26c&on=true&ids%5B%5D=1&ids%5B%5D=2&at=2026-01-02T03%3A04%3A05.000Z');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });

  it('puts a path under the base path / and joins a query already there', () => {
    expect(requestUrl('api/x', { a: 1 })).toBe('/api/x?a=1');
    expect(requestUrl('/api/x?b=2', { a: 1 })).toBe('/api/x?b=2&a=1');
    expect(requestUrl('/api/x', undefined)).toBe('/api/x');
  });
});

describe('send (fetch)', () => {
  it('sends method, headers and body and answers the status, parsed body and headers', async () => {
    const answer = await send(
      options('/echo?x=1', { method: 'POST', headers: { Authorization: 'Bearer t' }, body: '{"a":1}' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-seen')).toBe('yes');
    expect(answer.body).toEqual({
      method: 'POST',
      url: '/echo?x=1',
      authorization: 'Bearer t',
      body: '{"a":1}',
    });
  });

  it('answers an error status with its envelope, and text that is not JSON as text', async () => {
    expect(await send(options('/refused'))).toMatchObject({ status: 400, body: { message: '参数错误' } });
    expect((await send(options('/text'))).body).toBe('plain words');
  });

  it('gives a file as a Blob when one is asked for', async () => {
    const answer = await send(options('/echo', { responseType: 'blob' }));
    expect(answer.body).toBeInstanceOf(Blob);
    expect(JSON.parse(await (answer.body as Blob).text())).toMatchObject({ method: 'GET' });
  });

  it('tells a timeout, a cut connection, a refused connection and an abort apart', async () => {
    expect(await failureOf(send(options('/slow', { timeoutMs: 200 })))).toBe('timeout');
    expect(await failureOf(send(options('/cut')))).toBe('no-response');
    expect(await failureOf(send({ ...options('/'), url: 'http://127.0.0.1:1/' }))).toBe('no-response');
    const controller = new AbortController();
    const aborted = failureOf(send(options('/slow', { signal: controller.signal })));
    controller.abort();
    expect(await aborted).toBe('aborted');
  });
});
