import { LOCALE_HEADER } from '@jiema/shared';
import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import {
  classifyFailure,
  type FailureFacts,
  type FailureOutcome,
  isSessionInvalidBody,
} from './http-failure';
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
declare module 'axios' {
  interface AxiosRequestConfig {
    meta?: RequestMeta;
  }
}

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

export const http = axios.create({
  baseURL: '/',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
});

http.interceptors.request.use((config) => {
  const token = readToken();
  config.headers.set('Authorization', `Bearer ${token ?? ''}`);
  config.headers.set(LOCALE_HEADER, i18n.language);
  return config;
});

function fail(facts: FailureFacts, config: AxiosRequestConfig | undefined): never {
  const outcome = classifyFailure(facts, {
    isPolling: !!config?.meta?.isPolling,
    background: !!config?.meta?.background,
    t: i18n.t.bind(i18n),
  });
  // Several calls in flight when the session ends are refused together: the first says so.
  const alreadyLoggedOut = outcome.logout && !readToken();
  if (outcome.toast && !config?.meta?.silent && !alreadyLoggedOut) hooks.toast(outcome.message);
  if (outcome.logout) forceLogout();
  throw new HttpError(outcome);
}

http.interceptors.response.use(
  (response) => {
    if (isSessionInvalidBody(response.data)) fail({ kind: 'body', body: response.data }, response.config);
    return response;
  },
  (error: AxiosError) => {
    if (error.response)
      return fail({ kind: 'http', status: error.response.status, body: error.response.data }, error.config);
    if (error.code === 'ECONNABORTED') return fail({ kind: 'timeout' }, error.config);
    return fail({ kind: 'no-response' }, error.config);
  },
);

/** Calls the API and returns the envelope's `data`. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<{ code: number; message: string; data: T }>(config);
  return response.data.data;
}
