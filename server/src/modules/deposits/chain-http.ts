import { z } from 'zod';

/**
 * The HTTP side of every chain API call (TronGrid's v1 lists and a node's `/walletsolidity/...`): the
 * API key header, the watcher's request budget before each request, a timeout, and failures sorted by
 * how the watcher reacts to them. Shapes are checked by the callers.
 */

/** Why a request failed, as the watcher reacts to it. */
export type ChainErrorKind = 'unreachable' | 'rate_limited' | 'server' | 'bad_answer';

export class ChainApiError extends Error {
  constructor(
    readonly kind: ChainErrorKind,
    message: string,
    /** What the API asked for (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

/** A v1 list page: `data`, and `meta.fingerprint` while more pages follow. */
export const ZListPage = z.object({
  data: z.array(z.unknown()),
  success: z.boolean().optional(),
  meta: z
    .object({
      fingerprint: z.string().optional(),
      links: z.object({ next: z.string().optional() }).optional(),
    })
    .optional(),
});
export type ListPage = z.infer<typeof ZListPage>;

export type ChainHttpOptions = {
  baseUrl: string;
  apiKey?: string;
  /** Waits for the request budget before each request (the watcher's limiter). */
  beforeRequest?: () => Promise<void>;
  fetchImpl?: typeof fetch;
  /** Aborts requests in flight when the server stops. */
  signal?: AbortSignal;
};

export function createChainHttp(options: ChainHttpOptions) {
  const doFetch = options.fetchImpl ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['TRON-PRO-API-KEY'] = options.apiKey;

  /** GET (or POST with a JSON body) → the parsed JSON answer, or a ChainApiError. */
  async function call(path: string, body?: object): Promise<unknown> {
    await options.beforeRequest?.();
    const send = () =>
      doFetch(`${options.baseUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body ? JSON.stringify(body) : undefined,
        signal: options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(TIMEOUT_MS)])
          : AbortSignal.timeout(TIMEOUT_MS),
      });
    let response: Response;
    try {
      response = await send().catch((error) => {
        // A kept-alive connection the API closed while we were busy (settling a long page) is reset on
        // reuse: every call here is a read, so it is sent once more on a fresh connection.
        if (!isStaleConnection(error)) throw error;
        return send();
      });
    } catch (error) {
      throw new ChainApiError('unreachable', describeNetworkError(error));
    }
    if (response.status === 429 || response.status === 403) {
      await response.body?.cancel();
      throw new ChainApiError('rate_limited', `HTTP ${response.status}`, retryAfterMs(response));
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ChainApiError('server', `HTTP ${response.status}`, retryAfterMs(response));
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ChainApiError('bad_answer', `HTTP ${response.status}`);
    }
    const answer = await response.json().catch(() => undefined);
    if (answer === undefined) throw new ChainApiError('bad_answer', 'not JSON');
    return answer;
  }

  return {
    baseUrl: options.baseUrl,
    call,
    async listPage(path: string): Promise<ListPage> {
      const parsed = ZListPage.safeParse(await call(path));
      if (!parsed.success || parsed.data.success === false)
        throw new ChainApiError('bad_answer', 'unexpected answer');
      return parsed.data;
    },
  };
}

export type ChainHttp = ReturnType<typeof createChainHttp>;

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1000 : undefined;
}

function isStaleConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

/** "getaddrinfo ENOTFOUND api.trongrid.io" rather than "fetch failed". */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return 'timed out';
  return cause?.message ?? cause?.code ?? (error as Error).message ?? 'network error';
}
