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
 * Connections to providers are kept open between requests: a new one per request cost a connect and
 * an accept on every purchase and status read. The address guard still holds: a socket is only ever
 * opened through the guarded lookup, and reused for the same host and port under the same guard (one
 * pool per setting of `allowPrivate`). Node closes an idle socket before the provider's own keep-alive
 * timeout when the provider states one.
 */
const pools = new Map<string, http.Agent>();
function poolFor(protocol: 'http:' | 'https:', allowPrivate: boolean) {
  const key = `${protocol}${allowPrivate}`;
  let agent = pools.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 32, maxFreeSockets: 8, timeout: 30_000 };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    pools.set(key, agent);
  }
  return agent;
}

/**
 * One GET to a provider through the same guard as the customers' code webhooks: http(s) only, no
 * redirect followed, names resolving to private or reserved addresses refused unless
 * `allowPrivate` (UPSTREAM_ALLOW_PRIVATE: tests, and upstreams on the operator's own network), a
 * hard deadline covering connect, headers and body, and a bounded body.
 */
export async function upstreamGet(options: {
  url: URL;
  headers?: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  /**
   * A read (balance, prices, status): sent once more on a new connection when the kept-open one was
   * reset as it went out (the provider closing an idle connection). Never a purchase or a status
   * change: a reset may also be a provider that acted and then failed, and the same purchase sent
   * twice would buy two numbers; that one fails as any fault does, and routing moves on.
   */
  read?: boolean;
}): Promise<HttpAnswer> {
  const answer = await getOnce(options);
  if (options.read && !answer.ok && answer.reusedSocket && answer.error === 'ECONNRESET')
    return getOnce(options);
  return answer;
}

function getOnce(
  options: Parameters<typeof upstreamGet>[0],
): Promise<HttpAnswer & { reusedSocket?: boolean }> {
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
    const finish = (answer: HttpAnswer & { reusedSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      headers: { 'user-agent': 'Jiema-upstream/1', accept: '*/*', ...options.headers },
      lookup: safeLookup(options.allowPrivate) as never,
      agent: poolFor(url.protocol as 'http:' | 'https:', options.allowPrivate),
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
      finish({ ok: false, error: text.slice(0, 200), ms: ms(), reusedSocket: request.reusedSocket });
    });
    request.end();
  });
}
