import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The client runs in a browser: the language it saves goes to local storage and the page's element.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});
vi.stubGlobal('document', { documentElement: {} });
const { request } = await import('../src/lib/http');

/** A real HTTP server: an envelope with data, and an answer without a body (204). */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/empty') {
      res.writeHead(204);
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 200, message: 'ok', data: { seen: req.method } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("request: the envelope's data", () => {
  it('resolves to the data of an envelope', async () => {
    expect(await request({ url: `${base}/data`, method: 'POST', data: {} })).toEqual({ seen: 'POST' });
  });

  it('resolves to no data for an answer without a body (204), instead of throwing', async () => {
    await expect(request({ url: `${base}/empty`, method: 'DELETE' })).resolves.toBeUndefined();
  });
});
