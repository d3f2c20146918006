/**
 * Spec §8, the error catalogue, as a pure decision: what a failed call shows and whether it logs out.
 * The client in http.ts only gathers the facts and carries the decision out.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export type FailureFacts =
  | { kind: 'body'; body: unknown }
  | { kind: 'http'; status: number; body: unknown }
  | { kind: 'timeout' }
  // No answer at all (a cut network, a refused connection). The browser's own text for it
  // ("Failed to fetch", "Network Error") is an English developer message, so the spec's default is shown.
  | { kind: 'no-response' };

export type FailureOutcome = {
  message: string;
  /** Shown as a toast (never for polling requests). */
  toast: boolean;
  /** Forced logout: clear user, permissions and token, go to /login. */
  logout: boolean;
  status?: number;
  /** The server's error code (e.g. USERNAME_TAKEN), for forms that react to a specific failure. */
  errorCode?: string;
};

type Body = { code?: unknown; message?: unknown; error?: unknown };

const asBody = (body: unknown): Body => (body && typeof body === 'object' ? (body as Body) : {});
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** A message mentioning token or 登录 together with 失效, 过期 or 无效 means the session is gone. */
export function mentionsInvalidLogin(message: unknown): boolean {
  const m = text(message);
  return !!m && /token|登录/i.test(m) && /失效|过期|无效/.test(m);
}

/** Body signals of spec §8, looked for even on HTTP success. */
export function isSessionInvalidBody(body: unknown): boolean {
  const { code, message } = asBody(body);
  return (
    code === 401 || code === 'TOKEN_INVALID' || code === 'TOKEN_EXPIRED' || mentionsInvalidLogin(message)
  );
}

export function classifyFailure(
  facts: FailureFacts,
  options: { isPolling: boolean; background?: boolean; t: Translate },
): FailureOutcome {
  const { isPolling, t } = options;
  const expired = t('http.sessionExpired');
  // A background poll keeps its ordinary failures to itself, but a session the server refused ends
  // here as it does for any other call (spec §4): message, logout, login page. Only the user-info
  // poll (isPolling) is exempt from both.
  const show = !isPolling && !options.background;
  const sessionEnded = (base: { status?: number; errorCode?: string }, message: string): FailureOutcome => ({
    ...base,
    message,
    toast: !isPolling,
    logout: !isPolling,
  });

  if (facts.kind === 'timeout') return { message: t('http.timeout'), toast: show, logout: false };
  if (facts.kind === 'no-response') {
    return { message: t('http.noResponse'), toast: show, logout: false };
  }

  const body = asBody(facts.body);
  const serverMessage = text(body.message);
  const errorCode = text(body.error) ?? (typeof body.code === 'string' ? body.code : undefined);

  if (facts.kind === 'body') return sessionEnded({ errorCode }, serverMessage ?? expired);

  const { status } = facts;
  const base = { status, errorCode, toast: show };
  switch (status) {
    case 401:
      return sessionEnded(base, expired);
    case 403:
      return { ...base, message: t('http.forbidden'), logout: false };
    case 404:
      return { ...base, message: t('http.notFound'), logout: false };
    case 500:
      if (mentionsInvalidLogin(serverMessage) || isSessionInvalidBody(facts.body)) {
        return sessionEnded(base, expired);
      }
      return { ...base, message: serverMessage ?? text(body.error) ?? t('http.serverError'), logout: false };
    case 400:
      return { ...base, message: serverMessage ?? text(body.error) ?? t('http.badRequest'), logout: false };
    default:
      return { ...base, message: serverMessage ?? t('http.failedWithStatus', { status }), logout: false };
  }
}
