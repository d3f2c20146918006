import http from 'node:http';
import https from 'node:https';
import { literalHostBlocked, safeLookup } from '../../../lib/outbound/public-address';

/** What a provider answered, or why it did not: the caller turns it into the protocol's meaning. */
export type HttpAnswer =
  | { ok: true; status: number; body: string; contentType: string; ms: number }
  | { ok: false; error: string; ms: number };

/** Upstream answers are small (a price list of a few hundred services); more is garbage. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * One GET to a provider through the same guard as the customers' code webhooks: http(s) only, no
 * redirect followed, names resolving to private or reserved addresses refused unless
 * `allowPrivate` (UPSTREAM_ALLOW_PRIVATE: tests, and upstreams on the operator's own network), a
 * hard deadline covering connect, headers and body, and a bounded body.
 */
export function upstreamGet(options: {
  url: URL;
  headers?: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<HttpAnswer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const { url } = options;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return resolve({ ok: false, error: 'only http and https URLs are allowed', ms: 0 });
    }
    if (literalHostBlocked(url, options.allowPrivate)) {
      return resolve({ ok: false, error: 'blocked address (private or reserved network)', ms: 0 });
    }
    let settled = false;
    const finish = (answer: HttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      headers: { 'user-agent': 'Jiema-upstream/1', accept: '*/*', ...options.headers },
      lookup: safeLookup(options.allowPrivate) as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, error: `timeout after ${options.timeoutMs} ms`, ms: ms() });
    }, options.timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_BYTES) {
          response.destroy();
          finish({ ok: false, error: 'answer too large', ms: ms() });
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        finish({
          ok: true,
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          contentType: String(response.headers['content-type'] ?? ''),
          ms: ms(),
        }),
      );
      response.on('error', (error) => finish({ ok: false, error: error.message.slice(0, 200), ms: ms() }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const text =
        error.code === 'EBLOCKED'
          ? 'blocked address (private or reserved network)'
          : (error.code ?? error.message);
      finish({ ok: false, error: text.slice(0, 200), ms: ms() });
    });
    request.end();
  });
}
