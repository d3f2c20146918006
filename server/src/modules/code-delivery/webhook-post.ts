import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { literalHostBlocked, safeLookup } from './webhook-address';

export type PostOutcome = { ok: boolean; status: number | null; error: string | null; aborted?: boolean };

/** `X-Jiema-Signature`: `sha256=` + lowercase hex HMAC-SHA256(secret, `<timestamp>.<raw body>`). */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * One POST of a webhook body: answered 2xx in time = delivered. Never follows redirects, never reads
 * more than a little of the answer, gives up after `timeoutMs`, and refuses blocked addresses.
 */
export function postWebhook(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  signal: AbortSignal;
}): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return resolve({ ok: false, status: null, error: 'invalid URL' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return resolve({ ok: false, status: null, error: 'only http and https URLs are allowed' });
    }
    if (literalHostBlocked(url, options.allowPrivate)) {
      return resolve({ ok: false, status: null, error: 'blocked address (private or reserved network)' });
    }
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body).toString() },
      lookup: safeLookup(options.allowPrivate) as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, status: null, error: `no answer within ${options.timeoutMs / 1000} s` });
    }, options.timeoutMs);
    const onAbort = () => {
      request.destroy();
      finish({ ok: false, status: null, error: 'interrupted by shutdown', aborted: true });
    };
    options.signal.addEventListener('abort', onAbort);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > 64 * 1024) response.destroy();
      });
      const done = () =>
        finish(
          status >= 200 && status < 300
            ? { ok: true, status, error: null }
            : { ok: false, status, error: `HTTP ${status}` },
        );
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const error_ =
        error.code === 'EBLOCKED'
          ? 'blocked address (private or reserved network)'
          : (error.code ?? error.message);
      finish({ ok: false, status: null, error: error_.slice(0, 200) });
    });
    request.end(options.body);
  });
}
