import http from 'node:http';
import https from 'node:https';
import { literalHostBlocked, safeLookup } from './public-address';

/**
 * What a guarded POST came to. `error` is what a user may be shown: `refused` (the address is not
 * allowed) or `failed` (anything else: no answer, a closed port, a reset, a non-2xx answer), so an
 * error message never tells an open port from a closed one. `detail` is for the server's log only.
 */
export type GuardedOutcome = {
  ok: boolean;
  status: number | null;
  error: 'refused' | 'failed' | null;
  detail: string | null;
  /** The answer's first `readBodyBytes` bytes as text, when asked for. */
  body: string;
  aborted?: boolean;
};

const MAX_READ = 64 * 1024;

/**
 * The one way the server POSTs to an address a user chose (code and compat webhooks, mass-SMS HTTP
 * connectors). http(s) only; a literal address is checked before connecting and a name is resolved
 * once by `safeLookup`, the connection going to the address just checked; redirects are never
 * followed (a 3xx is `failed`); at most 64 KB of the answer is read; gives up after `timeoutMs`.
 * `allowPrivate` lifts the address check (closed installations, an administrator's LAN gateway).
 */
export function guardedPost(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
  readBodyBytes?: number;
}): Promise<GuardedOutcome> {
  const outcome = (fields: Partial<GuardedOutcome> & Pick<GuardedOutcome, 'ok'>): GuardedOutcome => ({
    status: null,
    error: fields.ok ? null : 'failed',
    detail: null,
    body: '',
    ...fields,
  });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return resolve(outcome({ ok: false, error: 'refused', detail: 'invalid URL' }));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return resolve(outcome({ ok: false, error: 'refused', detail: `protocol ${url.protocol}` }));
    }
    if (literalHostBlocked(url, options.allowPrivate)) {
      return resolve(outcome({ ok: false, error: 'refused', detail: 'blocked address' }));
    }
    let settled = false;
    const finish = (result: GuardedOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body).toString() },
      lookup: safeLookup(options.allowPrivate) as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish(outcome({ ok: false, detail: `no answer within ${options.timeoutMs / 1000} s` }));
    }, options.timeoutMs);
    const onAbort = () => {
      request.destroy();
      finish(outcome({ ok: false, detail: 'interrupted by shutdown', aborted: true }));
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const keep = Math.min(options.readBodyBytes ?? 0, MAX_READ);
      const chunks: Buffer[] = [];
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        if (read < keep) chunks.push(chunk.subarray(0, keep - read));
        read += chunk.length;
        if (read > MAX_READ) response.destroy();
      });
      const done = () => {
        const ok = status >= 200 && status < 300;
        const body = Buffer.concat(chunks).toString('utf8');
        finish(outcome({ ok, status, body, detail: ok ? null : `HTTP ${status}` }));
      };
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'EBLOCKED';
      finish(
        outcome({
          ok: false,
          error: refused ? 'refused' : 'failed',
          detail: (refused ? 'blocked address' : (error.code ?? error.message)).slice(0, 200),
        }),
      );
    });
    request.end(options.body);
  });
}
