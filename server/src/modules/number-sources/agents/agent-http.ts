import http from 'node:http';
import https from 'node:https';
import { gunzipSync, gzipSync } from 'node:zlib';
import { literalHostBlocked, safeLookup } from '../../../lib/outbound/public-address';

/** What an agent answered (its JSON, unparsed), or why it did not. */
export type AgentAnswer =
  | { ok: true; status: number; body: string; ms: number }
  | { ok: false; error: string; ms: number };

/** A GET_SERVICES answer of a large farm is a few hundred KB; more is garbage. */
const MAX_BYTES = 4 * 1024 * 1024;
export const AGENT_USER_AGENT = 'Jiema-hub/1 (SMSHub agent protocol)';

/**
 * One request of the hub to an agent as the protocol asks: POST, a JSON body in UTF-8, gzip-compressed
 * both ways, a User-Agent. Through the same guard as every outbound request to an address an
 * administrator typed (no redirect, no private address unless allowed), with a hard deadline covering
 * connect, headers and body: the protocol gives an agent 3 s to hand out a number.
 */
export function agentPost(options: {
  url: string;
  /** The JSON text (built by agent-protocol.ts so `sum` keeps its exact decimals). */
  json: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<AgentAnswer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return resolve({ ok: false, error: 'not a URL', ms: 0 });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return resolve({ ok: false, error: 'only http and https URLs are allowed', ms: 0 });
    }
    if (literalHostBlocked(url, options.allowPrivate)) {
      return resolve({ ok: false, error: 'blocked address (private or reserved network)', ms: 0 });
    }
    const body = gzipSync(Buffer.from(options.json, 'utf8'));
    let settled = false;
    const finish = (answer: AgentAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: {
        'user-agent': AGENT_USER_AGENT,
        'content-type': 'application/json; charset=utf-8',
        'content-encoding': 'gzip',
        'accept-encoding': 'gzip',
        accept: 'application/json',
        'content-length': String(body.length),
      },
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
      response.on('end', () => {
        let raw = Buffer.concat(chunks);
        // gzip when the agent says so, or when the bytes say so (some farms forget the header).
        if (response.headers['content-encoding'] === 'gzip' || (raw[0] === 0x1f && raw[1] === 0x8b)) {
          try {
            raw = gunzipSync(raw, { maxOutputLength: MAX_BYTES });
          } catch {
            finish({ ok: false, error: 'broken gzip answer', ms: ms() });
            return;
          }
        }
        finish({ ok: true, status: response.statusCode ?? 0, body: raw.toString('utf8'), ms: ms() });
      });
      response.on('error', (error) => finish({ ok: false, error: error.message.slice(0, 200), ms: ms() }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const text =
        error.code === 'EBLOCKED'
          ? 'blocked address (private or reserved network)'
          : (error.code ?? error.message);
      finish({ ok: false, error: text.slice(0, 200), ms: ms() });
    });
    request.end(body);
  });
}
