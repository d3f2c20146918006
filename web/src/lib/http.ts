import { LOCALE_HEADER } from '@jiema/shared';
import {
  classifyFailure,
  type FailureFacts,
  type FailureOutcome,
  isSessionInvalidBody,
} from './http-failure';
import { requestUrl } from './http-params';
import { type Answer, send, TransportFailure } from './http-send';
import { i18n } from './i18n';
import { sessionStore } from './session-store';
import { readToken } from './storage';

/** Spec §7: same origin, base path /, 100000 ms, JSON, Bearer token on every request. */
export const REQUEST_TIMEOUT_MS = 100_000;

/**
 * Request metadata: `isPolling` is the user-info poll of spec §4, which never toasts and never logs
 * out; `background` is any other request a page makes by itself on a timer (lists refreshing, live
 * SMS): its ordinary failures are not toasted, but a refused session logs out with the message like
 * any call, so a page whose session ended elsewhere does not go on looking live; `silent` ones do
 * not toast (a caller with its own fallback, such as the permission sources of spec §6).
 */
export type RequestMeta = { isPolling?: boolean; background?: boolean; silent?: boolean };

export type RequestConfig = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The query: see http-params.ts for how values are written. */
  params?: object;
  /** JSON, or a FormData (the browser then sets the multipart type with its boundary). */
  data?: unknown;
  headers?: Record<string, string>;
  meta?: RequestMeta;
  /** Aborting ends the call without a message (the caller no longer wants it). */
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  /** Following it sends the call by XMLHttpRequest, the one way to see an upload's progress. */
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
};

export class HttpError extends Error {
  constructor(readonly outcome: FailureOutcome) {
    super(outcome.message);
  }
  get status() {
    return this.outcome.status;
  }
  get errorCode() {
    return this.outcome.errorCode;
  }
}

type Hooks = { toast: (message: string) => void; toLogin: () => void };
let hooks: Hooks = {
  toast: () => undefined,
  toLogin: () => {
    if (window.location.pathname !== '/login') window.location.assign('/login');
  },
};
/** The app installs the toast (antd message) and router navigation once it is mounted. */
export function installHttpHooks(next: Partial<Hooks>) {
  hooks = { ...hooks, ...next };
}

/** Forced logout (spec §4): stored user cleared, permission store reset, off to /login unless already there. */
export function forceLogout() {
  sessionStore.clear();
  if (window.location.pathname !== '/login') hooks.toLogin();
}

function fail(facts: FailureFacts, meta: RequestMeta | undefined): never {
  const outcome = classifyFailure(facts, {
    isPolling: !!meta?.isPolling,
    background: !!meta?.background,
    t: i18n.t.bind(i18n),
  });
  // Several calls in flight when the session ends are refused together: the first says so.
  const alreadyLoggedOut = outcome.logout && !readToken();
  if (outcome.toast && !meta?.silent && !alreadyLoggedOut) hooks.toast(outcome.message);
  if (outcome.logout) forceLogout();
  throw new HttpError(outcome);
}

/**
 * The headers of every call (spec §7): the token (empty when signed out), the language, and JSON as
 * the type of a body that is JSON. A call without a body says no type (the server refuses an empty
 * JSON body), and a FormData's type carries its boundary, which only the browser knows.
 */
function headersFor(config: RequestConfig): Record<string, string> {
  const jsonBody = config.data !== undefined && !(config.data instanceof FormData);
  const headers: Record<string, string> = { ...config.headers };
  delete headers['Content-Type'];
  if (jsonBody) headers['Content-Type'] = 'application/json';
  headers.Authorization = `Bearer ${readToken() ?? ''}`;
  headers[LOCALE_HEADER] = i18n.language;
  return headers;
}

const bodyOf = (data: unknown): BodyInit | undefined =>
  data === undefined ? undefined : data instanceof FormData ? data : JSON.stringify(data);

/**
 * One call with spec §8's handling: a failure (an error status, a refused session in a 200 body,
 * a timeout, no answer) shows its message in the user's language and, for a refused session, logs
 * out; it rejects with an `HttpError`. Resolves to the whole answer (status, body, headers): the
 * body as it is, for a file (`responseType: 'blob'`) or a document without the envelope.
 */
export async function call(config: RequestConfig): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await send({
      method: config.method ?? 'GET',
      url: requestUrl(config.url, config.params),
      headers: headersFor(config),
      body: bodyOf(config.data),
      timeoutMs: REQUEST_TIMEOUT_MS,
      signal: config.signal,
      responseType: config.responseType,
      onUploadProgress: config.onUploadProgress,
    });
  } catch (error) {
    if (error instanceof TransportFailure && error.kind === 'aborted') throw error;
    const kind = error instanceof TransportFailure && error.kind === 'timeout' ? 'timeout' : 'no-response';
    return fail({ kind }, config.meta);
  }
  if (answer.status < 200 || answer.status >= 300) {
    return fail({ kind: 'http', status: answer.status, body: answer.body }, config.meta);
  }
  if (isSessionInvalidBody(answer.body)) return fail({ kind: 'body', body: answer.body }, config.meta);
  return answer;
}

/** Lets a browser test find this client among the loaded modules (e2e/support/app-client.ts). */
Object.defineProperty(call, Symbol.for('jiema.appHttpClient'), { value: true });

/** Calls the API and returns the envelope's `data`. */
export async function request<T>(config: RequestConfig): Promise<T> {
  const answer = await call(config);
  // An answer without a body (204) has no envelope: no data, as before.
  return (answer.body as { data?: T } | undefined)?.data as T;
}
